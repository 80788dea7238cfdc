/**
 * What OAuth leaves behind for one remote server: its client registration and its tokens,
 * in `$TICK_HOME/mcp-auth/<server>-<hash of the url>.json`, readable by the user only
 * (folder 0700, file 0600), replaced atomically. A file that cannot be read is as good as
 * none (the user logs in again); it is never a reason to stop.
 */
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type {
  OAuthClientInformationMixed,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { authDir, fileSafe } from './paths';

export interface StoredAuth {
  serverUrl: string;
  client?: OAuthClientInformationMixed;
  /** The redirect URI the client was registered with (a new port means a new registration). */
  redirectUri?: string;
  tokens?: OAuthTokens;
  /** When the tokens were saved (ms), to tell when they expire. */
  savedAt?: number;
  discovery?: OAuthDiscoveryState;
}

export class AuthStore {
  readonly file: string;

  constructor(
    home: string,
    serverName: string,
    readonly serverUrl: string,
  ) {
    const hash = createHash('sha256').update(serverUrl).digest('hex').slice(0, 8);
    this.file = join(authDir(home), `${fileSafe(serverName)}-${hash}.json`);
  }

  read(): StoredAuth {
    try {
      const value = JSON.parse(readFileSync(this.file, 'utf8')) as StoredAuth;
      if (value && typeof value === 'object' && value.serverUrl === this.serverUrl) return value;
    } catch {
      // Missing or unreadable: nothing stored.
    }
    return { serverUrl: this.serverUrl };
  }

  update(change: (stored: StoredAuth) => StoredAuth): void {
    const next = change(this.read());
    const folder = dirname(this.file);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    chmodSync(folder, 0o700);
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, this.file);
  }

  /** Forgets everything (`tick mcp logout`, or a registration the server no longer knows). */
  clear(): void {
    rmSync(this.file, { force: true });
  }

  hasTokens(): boolean {
    return this.read().tokens !== undefined;
  }
}
