/**
 * The SDK's OAuth client flow for one remote server (authorization code with PKCE, dynamic
 * client registration, refresh), with what it keeps in an AuthStore. Two modes: a
 * background connection uses and refreshes stored tokens but never starts a login (it
 * fails with NeedsLoginError, and `/mcp` says to log in); a login (`tick mcp login NAME`,
 * `/mcp login NAME`) has a loopback redirect and shows the authorization link.
 */
import { randomBytes } from 'node:crypto';
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { McpOAuthSettings } from './config-types';
import type { AuthStore } from './oauth-store';
import { VERSION } from '../version';

/** The server wants a login that only the user can give. */
export class NeedsLoginError extends Error {
  constructor(server: string) {
    super(`needs you to log in: /mcp login ${server} (or tick mcp login ${server})`);
  }
}

export interface LoginHandle {
  /** The loopback redirect the browser comes back to. */
  redirectUri: string;
  /** Show the link (and open the browser where there is one). */
  authorize: (url: URL) => void | Promise<void>;
}

export class McpOAuthProvider implements OAuthClientProvider {
  private verifier: string | undefined;
  private readonly stateValue = randomBytes(16).toString('hex');

  constructor(
    private readonly server: string,
    private readonly store: AuthStore,
    private readonly settings: McpOAuthSettings | undefined,
    /** Present for a login; absent for a background connection. */
    private readonly login?: LoginHandle,
  ) {}

  /** The state the redirect must carry back. */
  state(): string {
    return this.stateValue;
  }

  get redirectUrl(): string {
    // A background connection names the registered redirect, so refreshing and
    // re-registration behave as in the login that made them; it never redirects anyone.
    return this.login?.redirectUri ?? this.store.read().redirectUri ?? 'http://localhost/callback';
  }

  get clientMetadata(): OAuthClientMetadata {
    // Registering a client is the first step of a login: a background connection stops here.
    if (!this.login && !this.settings?.clientId) throw new NeedsLoginError(this.server);
    return {
      client_name: `tick (${this.server})`,
      software_id: 'tick',
      software_version: VERSION,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: this.settings?.clientSecret ? 'client_secret_post' : 'none',
      ...(this.settings?.scope ? { scope: this.settings.scope } : {}),
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    if (this.settings?.clientId) {
      return {
        client_id: this.settings.clientId,
        ...(this.settings.clientSecret ? { client_secret: this.settings.clientSecret } : {}),
      };
    }
    return this.store.read().client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    if (this.settings?.clientId) return;
    this.store.update((stored) => ({ ...stored, client, redirectUri: this.redirectUrl }));
  }

  tokens(): OAuthTokens | undefined {
    return this.store.read().tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.store.update((stored) => ({ ...stored, tokens, savedAt: Date.now() }));
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    if (!this.login) throw new NeedsLoginError(this.server);
    await this.login.authorize(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no PKCE code verifier: the login was not started here');
    return this.verifier;
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    this.store.update((stored) => ({ ...stored, discovery }));
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.store.read().discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'verifier') {
      this.verifier = undefined;
      return;
    }
    this.store.update((stored) => {
      const next = { ...stored };
      if (scope === 'all' || scope === 'tokens') delete next.tokens;
      if (scope === 'all' || scope === 'client') {
        delete next.client;
        delete next.redirectUri;
      }
      if (scope === 'all' || scope === 'discovery') delete next.discovery;
      return next;
    });
  }
}
