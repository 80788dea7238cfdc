/**
 * Logging in to a remote server (`tick mcp login NAME`, `/mcp login NAME`): the SDK's
 * authorization-code flow with PKCE and dynamic client registration, the browser sent to
 * a loopback listener, the tokens kept (0600) for later connections, which refresh them.
 */
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RemoteServerConfig } from './config-types';
import { CallbackListener, openBrowser } from './oauth-callback';
import { McpOAuthProvider } from './oauth-provider';
import { AuthStore } from './oauth-store';
import { createTransport, type TransportContext } from './transports';
import { faultText } from './faults';
import { VERSION } from '../version';

export interface LoginIo {
  /** Shows the link; `opened` says whether a browser was started on it. */
  show(url: string, opened: boolean): void;
  /** Opens the link (default: the system browser, where there is one). */
  open?: (url: string) => boolean | Promise<boolean>;
}

/** How long the browser may take to come back. */
export const LOGIN_TIMEOUT_MS = 5 * 60_000;

async function listenerFor(
  config: RemoteServerConfig,
  store: AuthStore,
): Promise<CallbackListener> {
  const fixed = config.oauth?.callbackPort;
  if (fixed) return CallbackListener.open(fixed);
  const registered = store.read().redirectUri;
  const port = registered ? Number(new URL(registered).port) : 0;
  try {
    return await CallbackListener.open(port);
  } catch {
    // The port the client was registered with is taken: register anew on another one.
    return CallbackListener.open(0);
  }
}

/**
 * Runs the whole login; resolves once tokens are saved (or the server turned out to need
 * none). Rejects with one line saying what failed.
 */
export async function loginToServer(
  config: RemoteServerConfig,
  context: TransportContext,
  io: LoginIo,
  options: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<'logged-in' | 'not-needed'> {
  const store = new AuthStore(context.home, config.name, config.url);
  const listener = await listenerFor(config, store);
  const stored = store.read();
  // A fresh login: old tokens go; a registration for another redirect port goes too.
  store.update(({ tokens: _tokens, ...rest }) =>
    stored.redirectUri && stored.redirectUri !== listener.redirectUri && !config.oauth?.clientId
      ? { serverUrl: rest.serverUrl, ...(rest.discovery ? { discovery: rest.discovery } : {}) }
      : rest,
  );
  const provider = new McpOAuthProvider(config.name, store, config.oauth, {
    redirectUri: listener.redirectUri,
    authorize: async (url) => {
      const opened = await (io.open ?? openBrowser)(url.href);
      io.show(url.href, opened);
    },
  });
  listener.expect(provider.state());
  let transport = await createTransport(config, context, { auth: provider });
  // Some servers let anyone initialize and ask for credentials only then: listing the
  // tools is the first request that needs them.
  const connect = async () => {
    const client = new Client({ name: 'tick', version: VERSION }, { capabilities: {} });
    await client.connect(transport);
    if (client.getServerCapabilities()?.tools) await client.listTools();
  };
  try {
    try {
      await connect();
      return 'not-needed';
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
    }
    const code = await listener.waitForCode(options.timeoutMs ?? LOGIN_TIMEOUT_MS, options.signal);
    const finish = (transport as { finishAuth?: (code: string) => Promise<void> }).finishAuth;
    if (!finish) throw new Error('this transport cannot finish a login');
    await finish.call(transport, code);
    await transport.close();
    // The tokens work: connect once with them, as the next session will.
    transport = await createTransport(config, context, { auth: provider });
    await connect();
    return 'logged-in';
  } catch (error) {
    throw new Error(`login to ${config.name} failed: ${faultText(error)}`, { cause: error });
  } finally {
    listener.close();
    await transport.close().catch(() => undefined);
  }
}
