import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { alwaysRuleForPart, bashAlwaysRule } from '../../src/permissions/always-rule';
import { classifyCommand } from '../../src/permissions/classify-command';
import { resolveRealPath } from '../../src/permissions/paths';
import { PermissionPolicy, type PolicyOptions } from '../../src/permissions/policy';
import type { PermissionMode, ToolAccess } from '../../src/permissions/types';
import { realPathOf } from '../../src/tools/paths';

const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'tick-policy-')));
const ws = path.join(root, 'ws');
const extra = path.join(root, 'extra');
const outside = path.join(root, 'outside');
const home = path.join(root, 'home');
for (const dir of [path.join(ws, 'src'), extra, outside, path.join(home, '.ssh')])
  mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

function policy(mode: PermissionMode, more: Partial<PolicyOptions> = {}): PermissionPolicy {
  return new PermissionPolicy({ mode, roots: [ws], cwd: ws, home, interactive: true, ...more });
}

const bash = (p: PermissionPolicy, command: string) =>
  p.decide({ toolName: 'bash', input: { command }, access: { kind: 'exec', command } });
const read = (p: PermissionPolicy, file: string, toolName = 'read_file') =>
  p.decide({ toolName, input: { path: file }, access: { kind: 'read', paths: [file] } });
const write = (p: PermissionPolicy, file: string, toolName = 'write_file') =>
  p.decide({ toolName, input: { path: file }, access: { kind: 'write', paths: [file] } });

describe('default mode', () => {
  const p = policy('default');

  it('runs reads, read-only and workspace bash without asking', () => {
    expect(read(p, path.join(ws, 'src/a.ts'))).toMatchObject({
      action: 'allow',
      by: 'mode default',
    });
    expect(bash(p, 'git status')).toMatchObject({ action: 'allow' });
    expect(bash(p, 'npm test && npm run build')).toMatchObject({ action: 'allow' });
  });

  it('asks for file writes, naming the file, with an exact always-rule', () => {
    expect(write(p, path.join(ws, 'src/a.ts'))).toEqual({
      action: 'ask',
      reason: 'writes src/a.ts',
      by: 'mode default',
      subject: path.join(ws, 'src/a.ts'),
      alwaysRule: 'edit_file(./src/a.ts)',
    });
    expect(write(p, path.join(ws, 'src/a.ts'), 'edit_file').reason).toBe('edits src/a.ts');
  });

  it('asks for risky bash and says which part and why', () => {
    expect(bash(p, 'rm -rf build')).toEqual({
      action: 'ask',
      reason: 'deletes files',
      by: 'mode default',
      subject: 'rm -rf build',
      alwaysRule: 'bash(rm -rf build)',
      confined: false,
    });
    expect(bash(p, 'npm test && git push origin main')).toMatchObject({
      action: 'ask',
      reason: '`git push origin main` publishes commits to a remote (git push)',
      alwaysRule: 'bash(git push origin main)',
    });
  });

  it('denies forbidden commands outright, whatever the rules say', () => {
    const lenient = policy('default', {
      rules: { allow: ['bash', 'bash(rm:*)'], ask: [], deny: [] },
    });
    expect(bash(lenient, 'rm -rf ~')).toMatchObject({
      action: 'deny',
      by: 'forbidden',
      message:
        'Error: Permission denied: rm -rf ~ is forbidden (deletes the home directory). tick never runs it, in any mode. ' +
        'Do not retry this command; ask the user or choose another approach.',
    });
  });

  it('never asks for todo_write, though a deny rule naming it applies', () => {
    const todo = (p: PermissionPolicy) =>
      p.decide({ toolName: 'todo_write', input: { todos: [] }, access: { kind: 'none' } }).action;
    for (const mode of ['default', 'plan'] as const) {
      expect(todo(policy(mode))).toBe('allow');
      expect(todo(policy(mode, { rules: { allow: [], ask: [], deny: ['TodoWrite'] } }))).toBe(
        'deny',
      );
    }
  });
});

describe('acceptEdits mode', () => {
  const p = policy('acceptEdits', { roots: [ws, extra] });

  it('runs file edits inside any root', () => {
    expect(write(p, path.join(ws, 'src/a.ts'))).toMatchObject({ action: 'allow' });
    expect(write(p, path.join(extra, 'notes.md'), 'edit_file')).toMatchObject({ action: 'allow' });
  });

  it('still asks for writes outside the roots and for tick or git settings', () => {
    expect(write(p, '/etc/hosts')).toMatchObject({
      action: 'ask',
      reason: 'outside workspace: /etc/hosts',
    });
    expect(write(p, path.join(ws, '.tick/settings.local.json')).reason).toBe(
      "changes tick's own settings",
    );
    expect(write(p, path.join(ws, '.git/hooks/pre-commit')).action).toBe('ask');
  });

  it('still asks for risky bash', () => {
    expect(bash(p, 'git reset --hard').action).toBe('ask');
  });
});

describe('plan mode', () => {
  const p = policy('plan', { rules: { allow: ['bash(npm test:*)', 'Edit'], ask: [], deny: [] } });

  it('allows reads and read-only commands', () => {
    expect(read(p, path.join(ws, 'src/a.ts')).action).toBe('allow');
    expect(bash(p, 'git log --oneline | head').action).toBe('allow');
  });

  it('denies writes and other commands, even allowed ones, telling the model it is planning', () => {
    const edit = write(p, path.join(ws, 'src/a.ts'), 'edit_file');
    expect(edit).toMatchObject({ action: 'deny', by: 'mode plan' });
    expect(edit.message).toContain('Permission denied in plan mode (read-only)');
    expect(edit.message).toContain('tick is in plan mode');
    const test = bash(p, 'npm test');
    expect(test).toMatchObject({ action: 'deny', by: 'mode plan' });
    expect(test.message).toContain('npm test (not read-only: `npm test` runs npm test)');
  });
});

describe('bypassPermissions mode', () => {
  const p = policy('bypassPermissions', {
    rules: { allow: [], ask: ['bash(git push:*)'], deny: ['read_file(~/.ssh/**)'] },
  });

  it('asks nothing else: risky bash, outside paths and secrets run', () => {
    expect(bash(p, 'rm -rf build').action).toBe('allow');
    expect(write(p, '/etc/hosts').action).toBe('allow');
    expect(read(p, path.join(ws, '.env')).action).toBe('allow');
  });

  it('still denies forbidden commands and honours deny and ask rules', () => {
    expect(bash(p, 'rm -rf /').action).toBe('deny');
    expect(read(p, path.join(home, '.ssh/id_rsa'))).toMatchObject({
      action: 'deny',
      by: 'rule deny read_file(~/.ssh/**)',
    });
    expect(bash(p, 'git push origin main')).toMatchObject({
      action: 'ask',
      by: 'rule ask bash(git push:*)',
    });
  });
});

describe('print mode (not interactive)', () => {
  it('denies what would be asked, naming the flags that would allow it', () => {
    const p = policy('default', { interactive: false });
    const d = bash(p, 'rm -rf build');
    expect(d).toMatchObject({ action: 'deny', by: 'print mode' });
    expect(d.message).toBe(
      'Error: Permission denied in print mode: this call needs approval (deletes files): rm -rf build. ' +
        'Re-run with --permission-mode bypassPermissions, or --allowedTools "bash(rm -rf build)". ' +
        'Do not retry this command; ask the user or choose another approach.',
    );
    expect(write(p, path.join(ws, 'a.txt')).message).toContain(
      '--permission-mode acceptEdits or bypassPermissions, or --allowedTools "edit_file(./a.txt)"',
    );
    expect(read(p, '/etc/hosts').message).toContain('(outside workspace: /etc/hosts)');
  });

  it('allows what a mode or an --allowedTools rule allows', () => {
    expect(
      write(policy('acceptEdits', { interactive: false }), path.join(ws, 'a.txt')).action,
    ).toBe('allow');
    const flagged = policy('default', {
      interactive: false,
      sources: [{ source: 'flag', rules: { allow: ['bash(rm -rf build)', 'Read(//etc/hosts)'] } }],
    });
    expect(bash(flagged, 'rm -rf build')).toMatchObject({
      action: 'allow',
      by: 'rule allow bash(rm -rf build)',
    });
    expect(read(flagged, '/etc/hosts').action).toBe('allow');
  });

  it('explains that an ask rule cannot be satisfied without a person', () => {
    const p = policy('bypassPermissions', {
      interactive: false,
      rules: { allow: [], ask: ['Bash'], deny: [] },
    });
    expect(bash(p, 'ls').message).toContain('An ask rule requires a person to approve it.');
  });
});

describe('the allow-always scope', () => {
  it('grants the exact risky command, not its verb', () => {
    const p = policy('default');
    const first = bash(p, 'rm -rf build');
    expect(p.grantAlways(first.alwaysRule!)).toEqual({});
    expect(bash(p, 'rm -rf build')).toMatchObject({
      action: 'allow',
      by: 'rule allow bash(rm -rf build)',
    });
    expect(bash(p, 'rm -rf src').action).toBe('ask');
    expect(bash(p, 'rm -rf build && rm -rf src').action).toBe('ask');
    expect(p.sessionRules).toEqual(['bash(rm -rf build)']);
  });

  it('grants the exact file, not its folder', () => {
    const p = policy('default');
    p.grantAlways(write(p, path.join(ws, 'src/a.ts')).alwaysRule!);
    expect(write(p, path.join(ws, 'src/a.ts')).action).toBe('allow');
    expect(write(p, path.join(ws, 'src/b.ts')).action).toBe('ask');
    expect(write(p, path.join(ws, 'lib/src/a.ts')).action).toBe('ask');
  });

  it('widens a build or test command to its first two words, never a destructive one', () => {
    const part = (command: string) =>
      classifyCommand(command, { cwd: ws, roots: [ws], home }).parts[0];
    expect(alwaysRuleForPart(part('npm run build'))).toBe('bash(npm run:*)');
    expect(alwaysRuleForPart(part('cargo test --release'))).toBe('bash(cargo test:*)');
    expect(alwaysRuleForPart(part('make'))).toBe('bash(make:*)');
    expect(alwaysRuleForPart(part('npm publish'))).toBe('bash(npm publish)');
    expect(alwaysRuleForPart(part('git stash'))).toBe('bash(git stash)');
    expect(alwaysRuleForPart(part('rm -rf build'))).toBe('bash(rm -rf build)');
    expect(alwaysRuleForPart(part('git push --force'))).toBe('bash(git push --force)');
    expect(alwaysRuleForPart(part('npm test > /tmp/log'))).toBe('bash(npm test > /tmp/log)');
  });

  it('names the whole command when several parts needed asking, and nothing for unparseable ones', () => {
    const rule = (command: string) =>
      bashAlwaysRule(command, classifyCommand(command, { cwd: ws, roots: [ws], home }).parts);
    expect(rule('rm a && rm b')).toBe('bash(rm a && rm b)');
    expect(rule('npm test && rm a')).toBe('bash(rm a)');
    expect(rule('$CMD x')).toBeUndefined();
    const p = policy('default');
    expect(bash(p, '$CMD x')).toMatchObject({ action: 'ask' });
    expect(bash(p, '$CMD x').alwaysRule).toBeUndefined();
  });

  it('makes a satisfiable rule for a risky redirection', () => {
    const p = policy('default');
    const d = bash(p, 'npm test > /tmp/tick-out.log');
    expect(d.alwaysRule).toBe('bash(npm test > /tmp/tick-out.log)');
    p.grantAlways(d.alwaysRule!);
    expect(bash(p, 'npm test > /tmp/tick-out.log').action).toBe('allow');
  });
});

describe('secrets', () => {
  const p = policy('acceptEdits');

  it('asks before reading secrets even inside the workspace', () => {
    expect(read(p, path.join(ws, '.env'))).toMatchObject({
      action: 'ask',
      reason: 'reads a secret file (.env)',
    });
    expect(read(p, path.join(ws, 'config/.env.production')).action).toBe('ask');
    expect(read(p, path.join(ws, 'certs/server.pem')).action).toBe('ask');
    expect(read(p, path.join(home, '.ssh/id_ed25519'))).toMatchObject({ action: 'ask' });
    expect(read(p, path.join(home, '.ssh/id_ed25519')).reason).toContain(
      'reads a secret file (id_ed25519)',
    );
    expect(read(p, path.join(home, '.ssh/config')).reason).toContain('reads secrets in ~/.ssh');
    expect(read(p, path.join(ws, '.env.example')).action).toBe('allow');
  });

  it('reads them when a rule allows it', () => {
    const allowed = policy('default', { rules: { allow: ['Read(.env)'], ask: [], deny: [] } });
    expect(read(allowed, path.join(ws, '.env')).action).toBe('allow');
  });

  it('asks before bash reads them too', () => {
    expect(bash(p, 'cat .env | head -3')).toMatchObject({
      action: 'ask',
      reason: '`cat .env` reads a secret file (.env)',
    });
  });
});

describe('paths outside the roots', () => {
  it('asks, and an approved path (allow always) then runs', () => {
    const p = policy('acceptEdits');
    const d = read(p, '/etc/hosts');
    expect(d).toMatchObject({
      action: 'ask',
      reason: 'outside workspace: /etc/hosts',
      alwaysRule: 'read_file(//etc/hosts)',
    });
    p.grantAlways(d.alwaysRule!);
    expect(read(p, '/etc/hosts').action).toBe('allow');
    expect(read(p, '/etc/passwd').action).toBe('ask');
  });

  it('resolves .. and relative paths against the workspace', () => {
    const p = policy('acceptEdits');
    expect(write(p, path.join(ws, 'src/../../outside/x.txt')).reason).toBe(
      `outside workspace: ${outside}/x.txt`,
    );
    expect(write(p, 'src/rel.txt').action).toBe('allow');
  });
});

describe('symlinks', () => {
  const link = path.join(ws, 'link');
  const inside = path.join(ws, 'data');
  beforeEach(() => {
    mkdirSync(inside, { recursive: true });
    rmSync(link, { force: true });
    symlinkSync(inside, link);
  });

  it('follows a link re-pointed outside between two decisions (real paths, as the tools pass them)', () => {
    const p = policy('acceptEdits');
    const target = path.join(link, 'file.txt');
    const before = resolveRealPath(target, ws, home);
    expect(before).toBe(path.join(inside, 'file.txt'));
    expect(write(p, before).action).toBe('allow');

    unlinkSync(link);
    symlinkSync(outside, link);
    const after = resolveRealPath(target, ws, home);
    expect(after).toBe(path.join(outside, 'file.txt'));
    expect(write(p, after)).toMatchObject({
      action: 'ask',
      reason: `outside workspace: ${outside}/file.txt`,
    });
    // The tools' own helper agrees.
    expect(realPathOf(target)).toBe(after);
    // A path passed without resolving is resolved by the policy itself.
    expect(write(p, target).reason).toBe(`outside workspace: ${outside}/file.txt`);
  });

  it('follows a dangling link to where a write would land', () => {
    const dangling = path.join(ws, 'dangling');
    rmSync(dangling, { force: true });
    symlinkSync(path.join(outside, 'new', 'x.txt'), dangling);
    expect(resolveRealPath('dangling', ws, home)).toBe(path.join(outside, 'new', 'x.txt'));
    expect(write(policy('acceptEdits'), dangling).action).toBe('ask');
  });

  it('applies .. after the link, as the kernel does', () => {
    symlinkSync(path.join(outside), path.join(inside, 'up'), 'dir');
    try {
      expect(resolveRealPath('data/up/../secret.txt', ws, home)).toBe(
        path.join(root, 'secret.txt'),
      );
    } finally {
      unlinkSync(path.join(inside, 'up'));
    }
  });

  it('sees a bash redirection through a link that leaves the workspace', () => {
    unlinkSync(link);
    symlinkSync(outside, link);
    expect(bash(policy('default'), 'echo hi > link/out.txt')).toMatchObject({
      action: 'ask',
      reason: `writes ${outside}/out.txt, outside the workspace`,
    });
  });
});

describe('modes and rules in force', () => {
  it('cycles default -> acceptEdits -> plan -> default, with bypass only when started in it', () => {
    const p = policy('default');
    expect([p.cycleMode(), p.cycleMode(), p.cycleMode()]).toEqual([
      'acceptEdits',
      'plan',
      'default',
    ]);
    const b = policy('bypassPermissions');
    expect([b.cycleMode(), b.cycleMode(), b.cycleMode(), b.cycleMode()]).toEqual([
      'default',
      'acceptEdits',
      'plan',
      'bypassPermissions',
    ]);
    p.setMode('plan');
    expect(p.mode).toBe('plan');
    expect(() => p.setMode('yolo' as PermissionMode)).toThrow("Unknown permission mode 'yolo'");
  });

  it('lists rules with their source and removes one', () => {
    const p = policy('default', {
      sources: [
        { source: 'user', rules: { deny: ['bash(rm:*)'] } },
        { source: 'project', rules: { allow: ['bash(npm test:*)'], ask: ['Bash(git push:*)'] } },
      ],
      rules: { allow: ['bash(npm'], ask: [], deny: [] },
    });
    p.grantAlways('bash(make:*)');
    expect(p.listRules()).toEqual([
      { source: 'user', list: 'deny', rule: 'bash(rm:*)' },
      { source: 'project', list: 'ask', rule: 'Bash(git push:*)' },
      { source: 'project', list: 'allow', rule: 'bash(npm test:*)' },
      { source: 'session', list: 'allow', rule: 'bash(make:*)' },
    ]);
    expect(p.ruleProblems).toEqual([
      `settings rules: error in permissions.allow[0] "bash(npm": unbalanced parentheses: missing ')'; the rule is ignored`,
    ]);
    expect(bash(p, 'rm x').action).toBe('deny');
    expect(p.removeRule('bash(rm:*)')).toBe(true);
    expect(p.removeRule('bash(rm:*)')).toBe(false);
    expect(bash(p, 'rm x').action).toBe('ask');
    expect(p.grantAlways('bash(oops')).toEqual({
      error: "Invalid permission rule 'bash(oops': unbalanced parentheses: missing ')'",
    });
  });

  it('decides on the command in ToolAccess, or in the input when access has none', () => {
    const p = policy('default');
    const access: ToolAccess = { kind: 'exec' };
    expect(p.decide({ toolName: 'bash', input: { command: 'rm x' }, access }).action).toBe('ask');
  });
});
