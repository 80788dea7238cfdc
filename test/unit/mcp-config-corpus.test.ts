import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMcpConfig } from '../../src/mcp/config-sources';
import { MCP_DEFAULTS } from '../../src/mcp/config-types';
import { corpus } from '../support/corpora';

/*
 * Every real configuration file of ../shared/corpora/mcp-configs (Claude Code's .mcp.json,
 * Cursor's, VS Code's, Gemini CLI's settings, Codex's config.toml, and broken ones), given to
 * tick as `--mcp-config FILE`: each loads, or fails with one line naming the file (and the
 * entry, for an entry). Nothing is set in the environment, so `${VAR}` without a default fails.
 */

const dir = corpus('mcp-configs');
const files = readdirSync(dir).filter((name) => name !== 'INDEX.md');

async function load(file: string) {
  return loadMcpConfig({
    workspace: '/work/project',
    env: {},
    settingsServers: [],
    choices: { enabled: [], disabled: [] },
    flagConfigs: [join(dir, file)],
    strict: true,
    settings: MCP_DEFAULTS,
  });
}

/** What each file of the corpus gives: servers that load, and those that fail (with why). */
const EXPECTED: Record<
  string,
  { ok: string[]; failed?: Record<string, RegExp>; file?: RegExp; note?: RegExp }
> = {
  'getsentry__sentry.mcp.json': { ok: ['playwright-extension', 'sentry'] },
  'nrwl__nx.mcp.json': {
    ok: [],
    file: /invalid JSON at line 10 column 1: unexpected '}' after the end/,
  },
  'microsoft__vscode.vscode-mcp.json': {
    ok: ['vscode-playwright-mcp'],
    note: /servers is VS Code's key/,
  },
  'supabase__supabase.mcp.json': { ok: ['supabase'] },
  'cloudflare__workers-sdk.mcp.json': { ok: ['rules', 'context7', 'playwright'] },
  'langfuse__langfuse.mcp.json': { ok: ['datadog', 'langfuse-docs', 'linear', 'playwright'] },
  'twentyhq__twenty.mcp.json': {
    ok: ['playwright', 'context7'],
    failed: {
      postgres: /args\[2\] needs the environment variable PG_DATABASE_URL, which is not set/,
    },
  },
  'tldraw__tldraw.mcp.json': { ok: ['notion', 'linear'] },
  'payloadcms__payload.mcp.json': { ok: ['playwright', 'payload'] },
  '1natsu172__dotfiles.gemini-settings.json': { ok: ['expo'] },
  '1764712542__dotfiles.codex-config.toml': { ok: ['context7', 'filesystem'] },
  '1natsu172__dotfiles.mcp.json': {
    ok: [
      'github-pull-requests',
      'github-issues-readonly',
      'github-repos-readonly',
      'github-discussions-readonly',
      'github-actions-readonly',
      'context7',
      'sentry',
      'socket-mcp',
      'playwright',
      'chrome-devtools',
    ],
  },
  'langfuse__langfuse.agents-config.json': { ok: ['playwright', 'langfuse-docs', 'linear'] },
  '0xJacky__nginx-ui.cursor-mcp.json': { ok: ['eslint', 'context7'] },
  '0xProject__matcha-mobile-regret-calculator.cursor-mcp.json': {
    ok: ['chrome-devtools'],
    failed: { figma: /transport is an object; write "type": "http" and "url"/ },
  },
  '12Knocksinna__Office365itpros.vscode-mcp.json': {
    ok: ['m365agentstoolkit'],
    note: /servers is VS Code's key/,
  },
  '0GiS0__home-assistant-mcp.vscode-mcp.json': { ok: [], file: /invalid JSON at line 7 column 9/ },
  '1jehuang__jcode.cursor-mcp.json': {
    ok: [
      'carpai-github',
      'carpai-postgres',
      'carpai-docker',
      'carpai-kubernetes',
      'carpai-redis',
      'carpai-sentry',
      'carpai-aws',
      'carpai-datadog',
    ],
    note: /servers is VS Code's key/,
  },
  '2017Yasu__net-ledger.gemini-settings.json': {
    ok: ['serena', 'context7'],
    note: /ignored trust/,
  },
  '0xkohe__freee-hr-mcp.vscode-mcp.json': {
    ok: [],
    file: /invalid JSON at line 12 column 2: trailing comma before '}'/,
  },
  '0xobelisk__dubhe.cursor-mcp.json': {
    ok: [],
    file: /no "mcpServers" object: not an MCP server configuration \(its keys: tools\)/,
  },
  '0xc1x__fudi.codex-config.toml': {
    ok: ['github', 'supabase-db', 'openaiDeveloperDocs'],
    note: /ignored env_vars \(tick passes its whole environment/,
  },
  '0K-cool__athena.mcp.json': {
    ok: ['athena-knowledge-base', 'velociraptor', 'kali_external', 'kali_internal', 'playwright'],
    note: /ignored description/,
  },
  '0swell__skills-and-mcp.mcp.json': {
    ok: ['github'],
    failed: { supabase: /needs a command \(a local server\) or a url \(a remote one\)/ },
    note: /ignored link/,
  },
  '0dai-dev__docs.mcp.json': {
    ok: ['0dai', 'filesystem'],
    failed: { github: /env.GITHUB_TOKEN needs the environment variable GITHUB_TOKEN/ },
  },
};

describe('MCP configuration files written by others', () => {
  it('has an expectation for every file of the corpus', () => {
    expect(files.filter((file) => !(file in EXPECTED))).toEqual([]);
  });

  it.each(files)('%s loads or fails with one line naming the file and the entry', async (file) => {
    const path = join(dir, file);
    const config = await load(file);
    const expected = EXPECTED[file];
    const ok = config.servers
      .filter((entry) => entry.ok)
      .map((entry) => entry.ok && entry.config.name);
    expect(ok).toEqual(expected.ok);
    const failed = config.servers.flatMap((entry) => (entry.ok ? [] : [entry]));
    expect(failed.map((entry) => entry.name)).toEqual(Object.keys(expected.failed ?? {}));
    for (const entry of failed) {
      // One line, naming the file and the entry.
      expect(entry.error).not.toContain('\n');
      expect(entry.error.startsWith(`${path}: `)).toBe(true);
      expect(entry.error).toMatch(new RegExp(`(mcpServers|servers|mcp_servers)\\.${entry.name}: `));
      expect(entry.error).toMatch(expected.failed![entry.name]);
    }
    for (const line of config.warnings) {
      expect(line).not.toContain('\n');
      expect(line.startsWith(`${path}: `)).toBe(true);
    }
    if (expected.file) expect(config.warnings.join('\n')).toMatch(expected.file);
    if (expected.note) expect(config.warnings.join('\n')).toMatch(expected.note);
    // Never nothing at all: servers, or a line saying why there are none.
    expect(config.servers.length > 0 || config.warnings.length > 0).toBe(true);
  });
});
