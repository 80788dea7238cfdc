/**
 * The two ends of an OAuth login that are not HTTP requests tick makes: the loopback
 * listener the browser is sent back to (`http://localhost:PORT/callback?code=...`), and
 * opening the browser at all. The link is always printed too, for a terminal with no
 * browser (an SSH session): open it anywhere that can reach this machine's port.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:sans-serif"><h1>${title}</h1><p>${text}</p>`;

/** Waits for the authorization server to send the browser back with a code. */
export class CallbackListener {
  private servers: Server[] = [];
  /** The login under way: the state it expects back, and its answer once it came. */
  private login:
    | { state: string; answer: Promise<string>; settle: (result: string | Error) => void }
    | undefined;

  private constructor(readonly port: number) {}

  /** Listens on localhost (IPv4, and IPv6 where there is one); `port` 0 picks a free one. */
  static async open(port = 0): Promise<CallbackListener> {
    const first = await listen('127.0.0.1', port);
    const chosen = (first.address() as AddressInfo).port;
    const listener = new CallbackListener(chosen);
    listener.servers.push(first);
    try {
      listener.servers.push(await listen('::1', chosen));
    } catch {
      // No IPv6 loopback: a browser resolving localhost to ::1 would be rare here.
    }
    for (const server of listener.servers)
      server.on('request', (req, res) => listener.handle(req.url ?? '/', res));
    return listener;
  }

  get redirectUri(): string {
    return `http://localhost:${this.port}/callback`;
  }

  /**
   * Starts expecting the browser back with `state`, before the link is shown: a fast
   * browser (or the conformance suite's redirect) may come back before anyone waits.
   */
  expect(state: string): void {
    let settle!: (result: string | Error) => void;
    const answer = new Promise<string>((resolve, reject) => {
      settle = (result) => (result instanceof Error ? reject(result) : resolve(result));
    });
    // Nobody may wait (the login failed before the link): the rejection is not unhandled.
    answer.catch(() => undefined);
    this.login = { state, answer, settle };
  }

  /** The code the browser brings back; rejects on a refusal, a timeout or an abort. */
  waitForCode(timeoutMs: number, signal?: AbortSignal): Promise<string> {
    const login = this.login;
    if (!login) return Promise.reject(new Error('no login was started'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no answer from the browser within ${Math.round(timeoutMs / 1000)} s`)),
        timeoutMs,
      );
      const aborted = () => reject(new Error('the login was cancelled'));
      signal?.addEventListener('abort', aborted, { once: true });
      login.answer.then(resolve, reject).finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
      });
    });
  }

  close(): void {
    for (const server of this.servers) server.close();
    this.servers = [];
  }

  private handle(path: string, res: import('node:http').ServerResponse): void {
    const url = new URL(path, 'http://localhost');
    const send = (status: number, title: string, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE(title, text));
    };
    const login = this.login;
    if (url.pathname !== '/callback' || !login)
      return send(404, 'Not found', 'tick is not waiting for a login here.');
    const { searchParams } = url;
    if (searchParams.get('state') !== login.state)
      return send(
        400,
        'Login refused',
        'The answer does not belong to the login tick started (state mismatch).',
      );
    const error = searchParams.get('error');
    if (error) {
      const why = searchParams.get('error_description') ?? error;
      login.settle(new Error(`the authorization server refused: ${why}`));
      return send(400, 'Login refused', `The authorization server said: ${why}`);
    }
    const code = searchParams.get('code');
    if (!code) return send(400, 'Login failed', 'The answer carries no code.');
    login.settle(code);
    send(200, 'Logged in', 'tick has the authorization. You can close this tab.');
  }
}

function listen(host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Opens `url` in a browser when there is one to open: `TICK_BROWSER` (a command given the
 * URL), else `open` on macOS, else `xdg-open` under a graphical session. False when none.
 */
export function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const configured = env.TICK_BROWSER?.trim();
  const command = configured
    ? configured
    : process.platform === 'darwin'
      ? 'open'
      : env.DISPLAY || env.WAYLAND_DISPLAY
        ? 'xdg-open'
        : undefined;
  if (!command) return false;
  try {
    // A configured command may carry its own words (`firefox --new-tab`): the shell splits them.
    const [file, args] = configured
      ? ['/bin/sh', ['-c', `${configured} "$1"`, 'tick-browser', url]]
      : [command, [url]];
    const child = spawn(file, args, { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
