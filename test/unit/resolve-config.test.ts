import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig, type CliFlags } from '../../src/config/resolve';
import { ConfigError, SettingsError } from '../../src/config/errors';
import { splitRuleList } from '../../src/config/rule-list';

function tempDir(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'tick-resolve-')));
}

function setup() {
  const cwd = tempDir();
  const home = tempDir();
  const env: NodeJS.ProcessEnv = { TICK_HOME: home, HOME: tempDir() };
  const write = (path: string, content: unknown) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, JSON.stringify(content));
  };
  return {
    cwd,
    home,
    env,
    user: (content: unknown) => write(join(home, 'settings.json'), content),
    project: (content: unknown) => write(join(cwd, '.tick', 'settings.json'), content),
    local: (content: unknown) => write(join(cwd, '.tick', 'settings.local.json'), content),
  };
}

async function errorOf(fn: () => unknown): Promise<Error> {
  try {
    await fn();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected an error');
}

describe('resolveConfig defaults', () => {
  it('with nothing configured runs the demo with the documented defaults', async () => {
    const { cwd, home, env } = setup();
    expect(await resolveConfig({}, env, cwd)).toEqual({
      cwd,
      addDirs: [],
      home,
      model: 'demo',
      demo: true,
      idleTimeoutMs: 120000,
      maxRetries: 4,
      reminderRounds: 3,
      recoverToolCalls: true,
      compactThreshold: 0.8,
      permissionMode: 'default',
      permissions: { allow: [], ask: [], deny: [] },
      ruleSources: [],
      hooks: {},
      sandbox: 'auto',
      agents: { maxTurns: 50, maxParallel: 4 },
      notifications: { bell: true, desktop: true },
      checkpoints: {
        enabled: true,
        maxFileBytes: 10 * 1024 * 1024,
        maxFiles: 100_000,
        watch: true,
      },
      warnings: [],
    });
  });

  it('notifications.* from settings: the bell, the desktop notification and the idle time', async () => {
    const { cwd, env, project } = setup();
    project({ notifications: { bell: false, idleMs: 30000 } });
    expect((await resolveConfig({}, env, cwd)).notifications).toEqual({
      bell: false,
      desktop: true,
      idleMs: 30000,
    });
    project({ notifications: { bell: 'no' } });
    await expect(resolveConfig({}, env, cwd)).rejects.toThrow(
      /notifications\.bell must be true or false/,
    );
  });

  it('checkpoints.* from settings, and TICK_CHECKPOINTS over them', async () => {
    const { cwd, env } = setup();
    mkdirSync(join(cwd, '.tick'), { recursive: true });
    writeFileSync(
      join(cwd, '.tick', 'settings.json'),
      JSON.stringify({ checkpoints: { maxFileBytes: 1000, maxFiles: 50, watch: false } }),
    );
    expect((await resolveConfig({}, env, cwd)).checkpoints).toEqual({
      enabled: true,
      maxFileBytes: 1000,
      maxFiles: 50,
      watch: false,
    });
    const off = await resolveConfig({}, { ...env, TICK_CHECKPOINTS: '0' }, cwd);
    expect(off.checkpoints?.enabled).toBe(false);
    writeFileSync(
      join(cwd, '.tick', 'settings.json'),
      JSON.stringify({ checkpoints: { maxFileBytes: 0 } }),
    );
    await expect(resolveConfig({}, env, cwd)).rejects.toThrow(/checkpoints\.maxFileBytes/);
  });

  it('recovery of tool calls written as text: on by default, off by setting or env', async () => {
    const { cwd, env } = setup();
    mkdirSync(join(cwd, '.tick'), { recursive: true });
    writeFileSync(
      join(cwd, '.tick', 'settings.json'),
      JSON.stringify({ model: { name: 'qwen3', recoverToolCalls: false } }),
    );
    expect((await resolveConfig({}, env, cwd)).recoverToolCalls).toBe(false);
    const on = await resolveConfig({}, { ...env, TICK_RECOVER_TOOL_CALLS: '1' }, cwd);
    expect(on.recoverToolCalls).toBe(true);
    await expect(
      resolveConfig({}, { ...env, TICK_RECOVER_TOOL_CALLS: 'maybe' }, cwd),
    ).rejects.toThrow("TICK_RECOVER_TOOL_CALLS must be 1 or 0, got 'maybe'");
  });

  it('agents.* from settings: the cap, the parallel count and the model of subagents', async () => {
    const { cwd, env } = setup();
    mkdirSync(join(cwd, '.tick'), { recursive: true });
    writeFileSync(
      join(cwd, '.tick', 'settings.json'),
      JSON.stringify({ agents: { maxTurns: 7, maxParallel: 2, model: 'small-model' } }),
    );
    expect((await resolveConfig({}, env, cwd)).agents).toEqual({
      maxTurns: 7,
      maxParallel: 2,
      model: 'small-model',
    });
    writeFileSync(
      join(cwd, '.tick', 'settings.json'),
      JSON.stringify({ agents: { maxParallel: 0 } }),
    );
    await expect(resolveConfig({}, env, cwd)).rejects.toThrow(
      /agents\.maxParallel must be a positive integer \(subagents at once\)/,
    );
  });

  it('the context window: settings, then TICK_CONTEXT_WINDOW; the compaction threshold from settings', async () => {
    const { cwd, env } = setup();
    expect((await resolveConfig({}, env, cwd)).contextWindow).toBeUndefined();
    mkdirSync(join(cwd, '.tick'), { recursive: true });
    writeFileSync(
      join(cwd, '.tick', 'settings.json'),
      JSON.stringify({ model: { contextWindow: 32768 }, compact: { threshold: 0.6 } }),
    );
    expect(await resolveConfig({}, env, cwd)).toMatchObject({
      contextWindow: 32768,
      compactThreshold: 0.6,
    });
    const withEnv = { ...env, TICK_CONTEXT_WINDOW: '16000' };
    expect((await resolveConfig({}, withEnv, cwd)).contextWindow).toBe(16000);
  });

  it("the demo's pace: TICK_DEMO_PACE_MS, only when the demo runs", async () => {
    const { cwd, env } = setup();
    expect((await resolveConfig({}, env, cwd)).demoPaceMs).toBeUndefined();
    const paced = { ...env, TICK_DEMO_PACE_MS: '0' };
    expect(await resolveConfig({}, paced, cwd)).toMatchObject({ demo: true, demoPaceMs: 0 });
    const real = { ...paced, OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' };
    expect((await resolveConfig({}, real, cwd)).demoPaceMs).toBeUndefined();
  });

  it('keeps where each permission rule lives: user, project, local settings, flags', async () => {
    const { cwd, env, user, project, local } = setup();
    user({ permissions: { allow: ['read_file(~/notes/**)'] } });
    project({ permissions: { deny: ['bash(git push:*)'] } });
    local({ permissions: { allow: ['bash(rm -rf build)'] } });
    const config = await resolveConfig({ allowedTools: ['bash(make:*)'] }, env, cwd);
    const listed = (config.ruleSources ?? []).flatMap(({ source, rules }) =>
      (['allow', 'ask', 'deny'] as const).flatMap((list) =>
        (rules[list] ?? []).map((rule) => `${source} ${list} ${rule}`),
      ),
    );
    expect(listed).toEqual([
      'user allow read_file(~/notes/**)',
      'project deny bash(git push:*)',
      'local allow bash(rm -rf build)',
      'flag allow bash(make:*)',
    ]);
    // The same rules as the merged lists that decide.
    expect(config.permissions).toEqual({
      allow: ['read_file(~/notes/**)', 'bash(rm -rf build)', 'bash(make:*)'],
      ask: [],
      deny: ['bash(git push:*)'],
    });
  });

  it('TICK_HOME defaults to ~/.tick', async () => {
    const { cwd, env } = setup();
    delete env.TICK_HOME;
    expect((await resolveConfig({}, env, cwd)).home).toBe(join(env.HOME!, '.tick'));
    expect((await resolveConfig({}, { ...env, TICK_HOME: '~/th' }, cwd)).home).toBe(
      join(env.HOME!, 'th'),
    );
    expect((await resolveConfig({}, { ...env, TICK_HOME: 'rel' }, cwd)).home).toBe(
      join(cwd, 'rel'),
    );
  });

  it.each([
    [{ OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' }, {}],
    [{ OPENAI_API_KEY: 'sk-x' }, {}],
    [{}, { baseURL: 'http://127.0.0.1:11434/v1' }],
  ])(
    'an endpoint (env %j, settings %j) turns the demo off; the model defaults to gpt-4o-mini',
    async (extraEnv, settings) => {
      const { cwd, env, project } = setup();
      project(settings);
      const config = await resolveConfig({}, { ...env, ...extraEnv }, cwd);
      expect(config.demo).toBe(false);
      expect(config.model).toBe('gpt-4o-mini');
    },
  );

  it('treats empty env values as unset', async () => {
    const { cwd, env } = setup();
    const config = await resolveConfig(
      {},
      {
        ...env,
        OPENAI_BASE_URL: '',
        OPENAI_API_KEY: ' ',
        TICK_MODEL: '',
        TICK_IDLE_TIMEOUT_MS: '',
      },
      cwd,
    );
    expect(config).toMatchObject({ demo: true, model: 'demo', idleTimeoutMs: 120000 });
    expect(config.baseURL).toBeUndefined();
    expect(config.apiKey).toBeUndefined();
  });
});

describe('resolveConfig precedence', () => {
  it('defaults < user < project < local < env < flags', async () => {
    const { cwd, env, user, project, local } = setup();
    user({
      model: 'u',
      idleTimeoutMs: 1,
      maxRetries: 1,
      maxTurns: 1,
      reminder: { rounds: 1 },
      sandbox: true,
    });
    let config = await resolveConfig({}, env, cwd);
    expect(config).toMatchObject({
      model: 'u',
      idleTimeoutMs: 1,
      maxRetries: 1,
      maxTurns: 1,
      reminderRounds: 1,
      sandbox: 'always',
    });

    project({ model: 'p', idleTimeoutMs: 2, maxTurns: 2, permissions: { defaultMode: 'plan' } });
    config = await resolveConfig({}, env, cwd);
    expect(config).toMatchObject({
      model: 'p',
      idleTimeoutMs: 2,
      maxRetries: 1,
      maxTurns: 2,
      permissionMode: 'plan',
    });

    local({ model: { name: 'l', idleTimeoutMs: 3 }, sandbox: 'off' });
    config = await resolveConfig({}, env, cwd);
    expect(config).toMatchObject({ model: 'l', idleTimeoutMs: 3, maxTurns: 2, sandbox: 'off' });

    const withEnv = { ...env, TICK_MODEL: 'e', TICK_IDLE_TIMEOUT_MS: '4', TICK_MAX_RETRIES: '0' };
    config = await resolveConfig({}, withEnv, cwd);
    expect(config).toMatchObject({ model: 'e', idleTimeoutMs: 4, maxRetries: 0 });

    const flags: CliFlags = {
      model: 'f',
      maxTurns: 5,
      permissionMode: 'bypassPermissions',
      sandbox: 'always',
    };
    config = await resolveConfig(flags, withEnv, cwd);
    expect(config).toMatchObject({
      model: 'f',
      idleTimeoutMs: 4,
      maxTurns: 5,
      permissionMode: 'bypassPermissions',
      sandbox: 'always',
    });
  });

  it('OPENAI_BASE_URL wins over the settings base URL; the key comes from env', async () => {
    const { cwd, env, project } = setup();
    project({ baseURL: 'http://127.0.0.1:1/v1' });
    expect((await resolveConfig({}, env, cwd)).baseURL).toBe('http://127.0.0.1:1/v1');
    const config = await resolveConfig(
      {},
      { ...env, OPENAI_BASE_URL: 'http://127.0.0.1:2/v1', OPENAI_API_KEY: 'k' },
      cwd,
    );
    expect(config).toMatchObject({ baseURL: 'http://127.0.0.1:2/v1', apiKey: 'k', demo: false });
  });

  it('adds --allowedTools to allow and --disallowedTools to deny, after the settings rules', async () => {
    const { cwd, env, user, local } = setup();
    user({ permissions: { allow: ['read_file'], deny: ['bash(sudo:*)'] } });
    local({ permissions: { ask: ['bash(git push:*)'] } });
    const config = await resolveConfig(
      {
        allowedTools: [
          'bash(git status) edit_file',
          'bash(npm run test:*),Bash(git log --oneline, -n 5)',
        ],
        disallowedTools: ['write_file'],
      },
      env,
      cwd,
    );
    expect(config.permissions).toEqual({
      allow: [
        'read_file',
        'bash(git status)',
        'edit_file',
        'bash(npm run test:*)',
        'Bash(git log --oneline, -n 5)',
      ],
      ask: ['bash(git push:*)'],
      deny: ['bash(sudo:*)', 'write_file'],
    });
  });

  it('merges command hooks of all files and passes on warnings', async () => {
    const { cwd, env, user, project } = setup();
    user({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'a' }] }] } });
    project({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'b' }] }] }, colour: 'blue' });
    const config = await resolveConfig({}, env, cwd);
    expect(config.hooks.Stop?.map((group) => group.hooks[0].command)).toEqual(['a', 'b']);
    expect(config.warnings).toEqual([
      `${join(cwd, '.tick', 'settings.json')}: unknown key colour (ignored)`,
    ]);
  });
});

describe('resolveConfig paths', () => {
  it('makes --cwd and --add-dir real paths, relative to the start directory', async () => {
    const { cwd, env } = setup();
    const real = join(cwd, 'real');
    const extra = join(cwd, 'extra');
    mkdirSync(real);
    mkdirSync(extra);
    symlinkSync(real, join(cwd, 'link'));
    const config = await resolveConfig({ cwd: 'link', addDir: ['extra', extra, 'link'] }, env, cwd);
    expect(config.cwd).toBe(real);
    // Duplicates and the workspace itself are dropped.
    expect(config.addDirs).toEqual([extra]);
  });

  it('reads project settings from the --cwd workspace', async () => {
    const { cwd, env } = setup();
    mkdirSync(join(cwd, 'ws', '.tick'), { recursive: true });
    writeFileSync(join(cwd, 'ws', '.tick', 'settings.json'), '{"maxTurns": 9}');
    expect((await resolveConfig({ cwd: 'ws' }, env, cwd)).maxTurns).toBe(9);
  });

  it('resolves permissions.additionalDirectories against the workspace', async () => {
    const { cwd, env, project } = setup();
    mkdirSync(join(cwd, 'lib'));
    project({ permissions: { additionalDirectories: ['lib', '~'] } });
    expect((await resolveConfig({}, env, cwd)).addDirs).toEqual([join(cwd, 'lib'), env.HOME]);
  });

  it('a missing directory is a clear error', async () => {
    const { cwd, env } = setup();
    writeFileSync(join(cwd, 'file'), '');
    expect((await errorOf(() => resolveConfig({ cwd: 'nope' }, env, cwd))).message).toBe(
      `--cwd: no such directory: ${join(cwd, 'nope')}`,
    );
    expect((await errorOf(() => resolveConfig({ cwd: 'file' }, env, cwd))).message).toBe(
      `--cwd: not a directory: ${join(cwd, 'file')}`,
    );
    expect((await errorOf(() => resolveConfig({ addDir: ['gone'] }, env, cwd))).message).toBe(
      `--add-dir: no such directory: ${join(cwd, 'gone')}`,
    );
  });

  it('a missing additionalDirectories folder is a warning naming the file and entry, as in Claude Code', async () => {
    const { cwd, env, project } = setup();
    mkdirSync(join(cwd, 'lib'));
    project({ permissions: { additionalDirectories: ['missing', 'lib', '../seer'] } });
    const config = await resolveConfig({}, env, cwd);
    expect(config.addDirs).toEqual([join(cwd, 'lib')]);
    const file = join(cwd, '.tick', 'settings.json');
    expect(config.warnings).toEqual([
      `${file}: warning in permissions.additionalDirectories[0] "missing": no such directory: ${join(cwd, 'missing')} (ignored)`,
      `${file}: warning in permissions.additionalDirectories[2] "../seer": no such directory: ${join(cwd, '..', 'seer')} (ignored)`,
    ]);
  });
});

describe('resolveConfig errors', () => {
  it.each([
    [{ TICK_IDLE_TIMEOUT_MS: 'abc' }, "TICK_IDLE_TIMEOUT_MS must be a positive integer, got 'abc'"],
    [{ TICK_IDLE_TIMEOUT_MS: '0' }, "TICK_IDLE_TIMEOUT_MS must be a positive integer, got '0'"],
    [{ TICK_IDLE_TIMEOUT_MS: '1.5' }, "TICK_IDLE_TIMEOUT_MS must be a positive integer, got '1.5'"],
    [{ TICK_MAX_RETRIES: '-1' }, "TICK_MAX_RETRIES must be a non-negative integer, got '-1'"],
    [{ TICK_CONTEXT_WINDOW: '16k' }, "TICK_CONTEXT_WINDOW must be a positive integer, got '16k'"],
    [{ TICK_CONTEXT_WINDOW: '0' }, "TICK_CONTEXT_WINDOW must be a positive integer, got '0'"],
    [{ TICK_DEMO_PACE_MS: 'fast' }, "TICK_DEMO_PACE_MS must be a non-negative integer, got 'fast'"],
  ])('env %j', async (extraEnv, message) => {
    const { cwd, env } = setup();
    const error = await errorOf(() => resolveConfig({}, { ...env, ...extraEnv }, cwd));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toBe(message);
  });

  it.each([
    [
      { permissionMode: 'yolo' },
      "--permission-mode must be one of default, acceptEdits, plan, bypassPermissions, got 'yolo'",
    ],
    [{ maxTurns: 0 }, "--max-turns must be a positive integer, got '0'"],
    [{ maxTurns: 2.5 }, "--max-turns must be a positive integer, got '2.5'"],
    [{ model: ' ' }, '--model must not be empty'],
    [
      { allowedTools: ['bash(git status'] },
      "--allowedTools: invalid rule 'bash(git status': unbalanced parentheses: missing ')'",
    ],
    [
      { disallowedTools: ['bash()'] },
      "--disallowedTools: invalid rule 'bash()': empty parentheses (write 'bash' for the whole tool)",
    ],
  ])('flags %j', async (flags, message) => {
    const { cwd, env } = setup();
    expect((await errorOf(() => resolveConfig(flags as CliFlags, env, cwd))).message).toBe(message);
  });

  it('a malformed settings file is a SettingsError naming it', async () => {
    const { cwd, env, project } = setup();
    project({ permissions: { allow: 'bash' } });
    const error = await errorOf(() => resolveConfig({}, env, cwd));
    expect(error).toBeInstanceOf(SettingsError);
    expect(error.message).toBe(
      `Error in ${join(cwd, '.tick', 'settings.json')}: permissions.allow must be an array of strings`,
    );
  });
});

describe('splitRuleList', () => {
  it.each([
    ['bash(git status) edit_file', ['bash(git status)', 'edit_file']],
    ['bash(npm run test:*),read_file', ['bash(npm run test:*)', 'read_file']],
    ['  Bash(a, b) ,, Edit(src/**)  ', ['Bash(a, b)', 'Edit(src/**)']],
    ['bash(echo (x)) glob', ['bash(echo (x))', 'glob']],
    ['', []],
  ])('%j', async (value, rules) => {
    expect(splitRuleList(value)).toEqual(rules);
  });
});
