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
  private waiter:
    { state: string; resolve: (code: string) => void; reject: (e: Error) => void } | undefined;

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

  /** The code the browser brings back for `state`; rejects on a refusal, a timeout or an abort. */
  waitForCode(state: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no answer from the browser within ${Math.round(timeoutMs / 1000)} s`)),
        timeoutMs,
      );
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        this.waiter = undefined;
      };
      const aborted = () => {
        done();
        reject(new Error('the login was cancelled'));
      };
      signal?.addEventListener('abort', aborted, { once: true });
      this.waiter = {
        state,
        resolve: (code) => {
          done();
          resolve(code);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      };
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
    if (url.pathname !== '/callback' || !this.waiter)
      return send(404, 'Not found', 'tick is not waiting for a login here.');
    const { searchParams } = url;
    if (searchParams.get('state') !== this.waiter.state)
      return send(
        400,
        'Login refused',
        'The answer does not belong to the login tick started (state mismatch).',
      );
    const error = searchParams.get('error');
    if (error) {
      const why = searchParams.get('error_description') ?? error;
      this.waiter.reject(new Error(`the authorization server refused: ${why}`));
      return send(400, 'Login refused', `The authorization server said: ${why}`);
    }
    const code = searchParams.get('code');
    if (!code) return send(400, 'Login failed', 'The answer carries no code.');
    this.waiter.resolve(code);
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
