import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  loadSettings,
  loadSettingsFile,
  SettingsError,
  settingsPaths,
} from '../../src/config/settings';
import { removeLocalRule, saveLocalRule } from '../../src/config/local-rules';

function tempDir(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'tick-settings-')));
}

/** A workspace and a TICK_HOME, with helpers to write each settings file. */
function setup() {
  const cwd = tempDir();
  const home = tempDir();
  const paths = settingsPaths(cwd, home);
  const write = (path: string, content: unknown) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  };
  return { cwd, home, paths, write };
}

async function errorOf(fn: () => unknown): Promise<SettingsError> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('expected a SettingsError');
}

async function fileError(content: string): Promise<string> {
  const { paths, write } = setup();
  write(paths.project, content);
  return (await errorOf(() => loadSettingsFile(paths.project))).message.replace(
    paths.project,
    'FILE',
  );
}

describe('settings files', () => {
  it('finds the three files where the docs say', async () => {
    expect(settingsPaths('/w', '/h')).toEqual({
      user: '/h/settings.json',
      project: '/w/.tick/settings.json',
      local: '/w/.tick/settings.local.json',
    });
  });

  it('reads every documented key', async () => {
    const { paths, write } = setup();
    write(paths.project, {
      model: 'qwen3',
      baseURL: 'http://127.0.0.1:11434/v1',
      idleTimeoutMs: 5000,
      maxRetries: 0,
      maxTurns: 7,
      reminder: { rounds: 0 },
      contextWindow: 32768,
      compact: { threshold: 0.7 },
      permissions: {
        defaultMode: 'acceptEdits',
        allow: ['bash(npm run test:*)'],
        ask: ['Bash(git push)'],
        deny: ['read_file(~/.ssh/**)'],
        additionalDirectories: ['../lib'],
      },
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true', timeout: 5 }] }] },
      sandbox: 'always',
    });
    expect(await loadSettingsFile(paths.project)).toEqual({
      path: paths.project,
      warnings: [],
      settings: {
        model: 'qwen3',
        baseURL: 'http://127.0.0.1:11434/v1',
        idleTimeoutMs: 5000,
        maxRetries: 0,
        maxTurns: 7,
        reminderRounds: 0,
        contextWindow: 32768,
        compactThreshold: 0.7,
        permissionMode: 'acceptEdits',
        permissions: {
          allow: ['bash(npm run test:*)'],
          ask: ['Bash(git push)'],
          deny: ['read_file(~/.ssh/**)'],
        },
        additionalDirectories: ['../lib'],
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'true', timeout: 5 }] }] },
        sandbox: 'always',
        enabledMcpjsonServers: [],
        disabledMcpjsonServers: [],
      },
    });
  });

  it('accepts the model object form, which wins over top-level keys of the same file', async () => {
    const { paths, write } = setup();
    write(paths.user, {
      idleTimeoutMs: 1,
      model: {
        name: 'llama3',
        baseURL: 'http://127.0.0.1:1234/v1',
        idleTimeoutMs: 1000,
        maxRetries: 2,
      },
    });
    const { settings } = (await loadSettingsFile(paths.user))!;
    expect(settings).toMatchObject({
      model: 'llama3',
      baseURL: 'http://127.0.0.1:1234/v1',
      idleTimeoutMs: 1000,
      maxRetries: 2,
    });
  });

  it('returns undefined for a missing file and empty settings for an empty one', async () => {
    const { paths, write } = setup();
    expect(await loadSettingsFile(paths.project)).toBeUndefined();
    write(paths.project, '  \n');
    expect((await loadSettingsFile(paths.project))?.settings.permissions).toEqual({
      allow: [],
      ask: [],
      deny: [],
    });
  });

  it('merges user < project < local, concatenating rule lists and hooks', async () => {
    const { cwd, home, paths, write } = setup();
    const hook = (command: string) => [{ matcher: 'bash', hooks: [{ type: 'command', command }] }];
    write(paths.user, {
      model: 'user-model',
      maxTurns: 10,
      sandbox: true,
      permissions: { allow: ['bash(ls)'], deny: ['bash(rm:*)'] },
      hooks: { PreToolUse: hook('user.sh') },
    });
    write(paths.project, {
      model: 'project-model',
      permissions: { allow: ['bash(git status)'] },
      hooks: { PreToolUse: hook('project.sh') },
    });
    write(paths.local, { model: 'local-model', permissions: { ask: ['bash(git push)'] } });
    const { merged, layers } = await loadSettings(cwd, home);
    expect(layers.map((layer) => layer.path)).toEqual([paths.user, paths.project, paths.local]);
    expect(merged.model).toBe('local-model');
    expect(merged.maxTurns).toBe(10);
    // The older boolean: true is every command in the sandbox.
    expect(merged.sandbox).toBe('always');
    expect(merged.permissions).toEqual({
      allow: ['bash(ls)', 'bash(git status)'],
      ask: ['bash(git push)'],
      deny: ['bash(rm:*)'],
    });
    expect(merged.hooks.PreToolUse?.map((group) => group.hooks[0].command)).toEqual([
      'user.sh',
      'project.sh',
    ]);
  });

  it('loads a file only once when the workspace .tick folder is TICK_HOME', async () => {
    const { cwd, write } = setup();
    const home = join(cwd, '.tick');
    write(join(home, 'settings.json'), {
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'once.sh' }] }] },
    });
    const { layers, merged } = await loadSettings(cwd, home);
    expect(layers).toHaveLength(1);
    expect(merged.hooks.Stop).toHaveLength(1);
  });

  it('ignores unknown keys with a warning naming file and key', async () => {
    const { paths, write } = setup();
    write(paths.project, {
      modle: 'typo',
      maxTurns: 5,
      permissions: { allow: ['bash(ls)'], alow: [] },
      hooks: {
        SessionStart: [],
        Stop: [{ hooks: [{ type: 'command', command: 'x', statusMessage: 'hi' }] }],
      },
    });
    const loaded = (await loadSettingsFile(paths.project))!;
    expect(loaded.settings.maxTurns).toBe(5);
    expect(loaded.settings.permissions.allow).toEqual(['bash(ls)']);
    expect(loaded.settings.hooks).toEqual({
      SessionStart: [],
      Stop: [{ hooks: [{ type: 'command', command: 'x' }] }],
    });
    expect(loaded.warnings).toEqual([
      `${paths.project}: unknown keys (ignored): permissions.alow, hooks.Stop[0].hooks[0].statusMessage, modle`,
    ]);
  });

  it('names a hook event tick does not fire', async () => {
    const { paths, write } = setup();
    write(paths.project, { $schema: 'x', hooks: { PermissionRequest: [], Stop: [] } });
    expect((await loadSettingsFile(paths.project))!.warnings).toEqual([
      `${paths.project}: hooks.PermissionRequest: tick does not fire PermissionRequest hooks (ignored)`,
    ]);
  });
});

describe('what tick cannot use is a warning, as in Claude Code', () => {
  async function loaded(content: unknown) {
    const { paths, write } = setup();
    write(paths.project, content);
    const file = (await loadSettingsFile(paths.project))!;
    return { ...file, warnings: file.warnings.map((w) => w.replace(paths.project, 'FILE')) };
  }

  it('skips malformed rules with an error line, and loads the rest', async () => {
    const file = await loaded({
      permissions: { allow: ['bash(ls)', 'bash(git status', '(ls)'], deny: ['bash(git status))'] },
    });
    expect(file.settings.permissions.allow).toEqual(['bash(ls)', 'bash(git status', '(ls)']);
    expect(file.warnings).toEqual([
      `FILE: error in permissions.deny[0] "bash(git status))": unbalanced parentheses: a ')' without its '('; the rule is ignored`,
      `FILE: error in permissions.allow[1] "bash(git status": unbalanced parentheses: missing ')'; the rule is ignored`,
      `FILE: error in permissions.allow[2] "(ls)": it does not start with a tool name (found ''); the rule is ignored`,
    ]);
  });

  it('says a deny rule for a tool tick lacks cannot apply; allow rules in one line (MCP rules apply)', async () => {
    const file = await loaded({
      permissions: {
        deny: ['WebFetch', 'Foo(bar)', 'mcp__github__*'],
        allow: ['Grep', 'mcp__sentry__find_teams', 'WebSearch', 'Skill(x)', 'Task', 'Bash(ls:*)'],
      },
    });
    expect(file.warnings).toEqual([
      'FILE: warning in permissions.deny[0] "WebFetch": tick has no WebFetch tool, so this deny rule cannot apply (it blocks nothing)',
      'FILE: warning in permissions.deny[1] "Foo(bar)": tick has no Foo tool, so this deny rule cannot apply (it blocks nothing)',
      'FILE: warning in permissions.allow: 3 rules name tools tick does not have, ignored: "Grep", "WebSearch", "Skill(x)"',
    ]);
  });

  it("takes Claude Code's other modes, handler kinds and sandbox object without refusing the file", async () => {
    const file = await loaded({
      permissions: { defaultMode: 'dontAsk', disableBypassPermissionsMode: 'disable' },
      sandbox: { enabled: true, network: { allowedDomains: [] } },
      hooks: {
        Stop: [
          {
            hooks: [
              { type: 'prompt', prompt: 'Is the task done?' },
              { type: 'command', command: 'x' },
            ],
          },
        ],
        PostToolUse: [{ matcher: 'Edit|(', hooks: [{ type: 'command', command: 'y' }] }],
      },
    });
    expect(file.settings).toMatchObject({
      sandbox: 'always',
      disableBypassPermissionsMode: true,
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x' }] }], PostToolUse: [] },
    });
    expect(file.settings.permissionMode).toBeUndefined();
    expect(file.warnings).toEqual([
      'FILE: permissions.defaultMode "dontAsk" is not a tick mode (default, acceptEdits, plan, bypassPermissions); the default applies',
      'FILE: hooks.PostToolUse[0].matcher is not a valid pattern (Invalid regular expression: /Edit|(/: Unterminated group); its hooks never run',
      'FILE: hooks.Stop[0].hooks[0] is a "prompt" hook; tick runs only "command" hooks (ignored)',
    ]);
  });

  it('says where a hook `if` rule cannot match', async () => {
    const file = await loaded({
      hooks: {
        PreToolUse: [
          { hooks: [{ type: 'command', command: 'x', if: 'WebFetch(domain:x.com)' }] },
          { hooks: [{ type: 'command', command: 'y', if: 'Bash(git *)' }] },
        ],
      },
    });
    expect(file.warnings).toEqual([
      'FILE: hooks.PreToolUse[0].hooks[0].if "WebFetch(domain:x.com)": tick has no WebFetch tool, so the rule cannot apply; the hook never runs',
    ]);
  });
});

describe('malformed settings', () => {
  it.each([
    ['{\n  "model": "x",\n  "maxTurns": ,\n}', "line 3 column 15: expected a value, found ','"],
    ['{\n  "model": "x",\n}', "line 3 column 1: trailing comma before '}'"],
    ['{ "model": "x" ', "line 1 column 16: expected ',' or '}', found end of file"],
    ["{ 'model': 'x' }", "line 1 column 3: expected a property name in double quotes, found '''"],
    ['{ "a": 1 } x', "line 1 column 12: unexpected 'x' after the end"],
    ['{ "a": "b\nc" }', 'line 1 column 10: control character in a string (a line break)'],
  ])('invalid JSON %j names the line and column', async (content, where) => {
    expect(await fileError(content)).toBe(`Error in FILE: invalid JSON at ${where}`);
  });

  it.each([
    [{ permissions: { allow: 'bash(ls)' } }, 'permissions.allow must be an array of strings'],
    [{ permissions: { deny: ['ok', 3] } }, 'permissions.deny must be an array of strings'],
    [
      { permissions: { defaultMode: 7 } },
      'permissions.defaultMode must be one of default, acceptEdits, plan, bypassPermissions',
    ],
    [
      { permissions: [] },
      'permissions must be an object {"allow", "ask", "deny", "defaultMode", "additionalDirectories"}',
    ],
    [{ maxTurns: 0 }, 'maxTurns must be a positive integer'],
    [{ maxTurns: '5' }, 'maxTurns must be a positive integer'],
    [{ idleTimeoutMs: 1.5 }, 'idleTimeoutMs must be a positive integer (milliseconds)'],
    [
      { model: { idleTimeoutMs: -1 } },
      'model.idleTimeoutMs must be a positive integer (milliseconds)',
    ],
    [
      { model: 42 },
      'model must be a model name or an object {"name", "baseURL", "idleTimeoutMs", "maxRetries", "contextWindow", "recoverToolCalls"}',
    ],
    [{ model: { contextWindow: 0 } }, 'model.contextWindow must be a positive integer (tokens)'],
    [{ contextWindow: '16k' }, 'contextWindow must be a positive integer (tokens)'],
    [
      { compact: { threshold: 80 } },
      'compact.threshold must be a number above 0 and at most 1 (a share of the context window)',
    ],
    [
      { compact: { threshold: 0 } },
      'compact.threshold must be a number above 0 and at most 1 (a share of the context window)',
    ],
    [{ compact: 0.8 }, 'compact must be an object {"threshold": 0.8}'],
    [{ model: '' }, 'model must be a model name or an object'],
    [{ model: { name: ' ' } }, 'model.name must not be empty'],
    [
      { reminder: { rounds: -1 } },
      'reminder.rounds must be a non-negative integer (0 turns the reminder off)',
    ],
    [
      { sandbox: 'yes' },
      'sandbox must be "auto", "always" or "off" (or true/false, or an object {"enabled": true})',
    ],
    [{ hooks: [] }, 'hooks must be an object keyed by hook event'],
    [{ hooks: { PreToolUse: {} } }, 'hooks.PreToolUse must be an array of matcher groups'],
    [
      { hooks: { PreToolUse: [{ matcher: 'bash' }] } },
      'hooks.PreToolUse[0].hooks must be an array of hook commands',
    ],
    [
      { hooks: { PreToolUse: [{ matcher: 'bash', hooks: [{ type: 'command', command: 7 }] }] } },
      'hooks.PreToolUse[0].hooks[0].command must be a string',
    ],
    [
      { hooks: { Stop: [{ hooks: [{ type: 'script', command: 'x' }] }] } },
      'hooks.Stop[0].hooks[0].type must be "command" (or one of Claude Code\'s "prompt", "agent", "http")',
    ],
    [
      { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'x', timeout: 0 }] }] } },
      'hooks.Stop[0].hooks[0].timeout must be a positive number of seconds',
    ],
  ])('%j is an error naming the key', async (content, message) => {
    expect(await fileError(JSON.stringify(content))).toContain(`Error in FILE: ${message}`);
  });

  it('reports a non-object file', async () => {
    expect(await fileError('[1, 2]')).toBe('Error in FILE: the file must be a JSON object');
  });

  it('reports a settings path that is a directory', async () => {
    const { paths } = setup();
    mkdirSync(paths.project, { recursive: true });
    expect((await errorOf(() => loadSettingsFile(paths.project))).message).toBe(
      `Error in ${paths.project}: cannot read the file: it is a directory`,
    );
  });

  it('stops loading at the first bad file, naming it', async () => {
    const { cwd, home, paths, write } = setup();
    write(paths.user, { model: 'fine' });
    write(paths.local, '{ nope');
    const error = await errorOf(() => loadSettings(cwd, home));
    expect(error.file).toBe(paths.local);
    expect(error.message).toMatch(new RegExp(`^Error in ${paths.local}: invalid JSON at line 1`));
  });
});

describe('saveLocalRule / removeLocalRule', () => {
  it('creates .tick/settings.local.json with the rule', async () => {
    const { cwd, paths } = setup();
    expect(await saveLocalRule(cwd, 'allow', 'bash(npm run test:*)')).toEqual({
      added: true,
      path: paths.local,
    });
    expect(JSON.parse(readFileSync(paths.local, 'utf8'))).toEqual({
      permissions: { allow: ['bash(npm run test:*)'] },
    });
  });

  it('keeps every other key, adds no duplicate and leaves no temp file', async () => {
    const { cwd, paths, write } = setup();
    write(paths.local, {
      model: 'm',
      futureKey: { nested: [1, 2] },
      permissions: { allow: ['bash(ls)'], deny: ['bash(rm:*)'], defaultMode: 'plan' },
    });
    await saveLocalRule(cwd, 'allow', 'bash(git status)');
    expect((await saveLocalRule(cwd, 'allow', 'bash(git status)')).added).toBe(false);
    await saveLocalRule(cwd, 'ask', 'bash(git push)');
    expect(JSON.parse(readFileSync(paths.local, 'utf8'))).toEqual({
      model: 'm',
      futureKey: { nested: [1, 2] },
      permissions: {
        allow: ['bash(ls)', 'bash(git status)'],
        deny: ['bash(rm:*)'],
        ask: ['bash(git push)'],
        defaultMode: 'plan',
      },
    });
    expect(readdirSync(join(cwd, '.tick'))).toEqual(['settings.local.json']);
    expect((await loadSettingsFile(paths.local))?.settings.permissions.allow).toEqual([
      'bash(ls)',
      'bash(git status)',
    ]);
  });

  it('removes a rule and reports a rule it does not have', async () => {
    const { cwd, paths, write } = setup();
    write(paths.local, { permissions: { allow: ['bash(ls)', 'bash(pwd)'] }, sandbox: true });
    expect((await removeLocalRule(cwd, 'allow', 'bash(ls)')).removed).toBe(true);
    expect((await removeLocalRule(cwd, 'allow', 'bash(ls)')).removed).toBe(false);
    expect((await removeLocalRule(cwd, 'deny', 'bash(pwd)')).removed).toBe(false);
    expect(JSON.parse(readFileSync(paths.local, 'utf8'))).toEqual({
      permissions: { allow: ['bash(pwd)'] },
      sandbox: true,
    });
  });

  it.each([
    ['{ "permissions": { "allow": [ } }', 'invalid JSON at line 1'],
    ['{ "permissions": { "allow": "bash(ls)" } }', 'permissions.allow must be an array of strings'],
  ])('refuses to touch a malformed file %j', async (content, problem) => {
    const { cwd, paths, write } = setup();
    write(paths.local, content);
    const save = await errorOf(() => saveLocalRule(cwd, 'allow', 'bash(git status)'));
    expect(save.message).toContain(`Error in ${paths.local}: ${problem}`);
    expect(save.message).toContain(
      'the rule bash(git status) was not saved; the file was not changed',
    );
    expect((await errorOf(() => removeLocalRule(cwd, 'allow', 'bash(ls)'))).message).toContain(
      'was not removed; the file was not changed',
    );
    expect(readFileSync(paths.local, 'utf8')).toBe(content);
    expect(readdirSync(join(cwd, '.tick'))).toEqual(['settings.local.json']);
  });

  it('refuses a malformed rule', async () => {
    const { cwd, paths } = setup();
    expect((await errorOf(() => saveLocalRule(cwd, 'deny', 'bash(rm'))).message).toBe(
      "Cannot save the rule: invalid rule 'bash(rm': unbalanced parentheses: missing ')'",
    );
    expect(() => readFileSync(paths.local)).toThrow();
  });
});
