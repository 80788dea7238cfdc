/** Servers as lines of text: `tick mcp list`, `tick mcp get` and `/mcp` say them the same way. */
import { SCOPE_NAMES } from './config-types';
import type { ServerView } from './hub';

export function tokensText(tokens: number): string {
  return tokens >= 1000 ? `~${(tokens / 1000).toFixed(1)}k tokens` : `~${tokens} tokens`;
}

/** The state in words, with what to do about it. */
export function stateText(view: ServerView): string {
  switch (view.state) {
    case 'ready':
      return `ready: ${view.tools} ${view.tools === 1 ? 'tool' : 'tools'}, ${tokensText(view.tokens)} per request`;
    case 'starting':
      return 'starting';
    case 'stopped':
      return 'not started';
    case 'failed':
      return `failed: ${view.reason ?? 'unknown error'} (/mcp reconnect ${view.name} tries again)`;
    case 'needs-login':
      return `needs login: /mcp login ${view.name} (or tick mcp login ${view.name})`;
    case 'needs-approval':
      return `needs your approval (a project server in .mcp.json): /mcp approve ${view.name}`;
    case 'rejected':
      return `not used: ${view.reason ?? 'not approved'}; /mcp approve ${view.name} to use it`;
    case 'disabled':
      return `off: ${view.reason ?? 'disabled'}`;
    case 'invalid':
      return `cannot start: ${view.reason ?? 'its entry is invalid'}`;
  }
}

/** `github: https://api.example/mcp (http, project .mcp.json) - ready: 3 tools, ~1.2k tokens per request` */
export function serverLine(view: ServerView): string {
  const where = [view.transport, SCOPE_NAMES[view.scope]].filter(Boolean).join(', ');
  const target = view.target ? `${view.target} ` : '';
  return `${view.name}: ${target}(${where}) - ${stateText(view)}`;
}

/** The total cost of what the ready servers offer, for `/mcp`'s last line. */
export function totalLine(views: readonly ServerView[]): string {
  const ready = views.filter((view) => view.state === 'ready');
  const tools = ready.reduce((sum, view) => sum + view.tools, 0);
  const tokens = ready.reduce((sum, view) => sum + view.tokens, 0);
  return `${ready.length} of ${views.length} ${views.length === 1 ? 'server' : 'servers'} ready, ${tools} tools, ${tokensText(tokens)} of tool definitions per request`;
}
