import { mkdtempSync, mkdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../src/permissions/classify-command';
import { PermissionPolicy } from '../../src/permissions/policy';
import { RISK_LEVELS } from '../../src/permissions/risk';
import { RISKY_COMMANDS } from './corpus/risky-commands';
import { EDIT_COMMANDS } from './corpus/edit-commands';
import { SAFE_COMMANDS } from './corpus/safe-commands';

const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'tick-corpus-')));
const ws = path.join(root, 'a', 'b', 'ws');
const home = path.join(root, 'home');
mkdirSync(path.join(ws, 'src'), { recursive: true });
mkdirSync(home, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The workspace sits a few levels down, as a real checkout does; home is elsewhere.
const ctx = { cwd: ws, roots: [ws], home };
const rank = (level: string) => RISK_LEVELS.indexOf(level as (typeof RISK_LEVELS)[number]);

describe('risky and forbidden corpus', () => {
  it('holds at least 150 commands', () => {
    expect(RISKY_COMMANDS.length).toBeGreaterThanOrEqual(150);
  });

  it.each(RISKY_COMMANDS)('%j is at least %s', (command, expected) => {
    const result = classifyCommand(command, ctx);
    expect(rank(result.level), `${result.level}: ${result.reason}`).toBeGreaterThanOrEqual(
      rank(expected),
    );
    expect(result.reason).not.toBe('');
  });

  it.each(RISKY_COMMANDS.filter(([, level]) => level === 'risky'))(
    '%j is asked in default mode, never run silently',
    (command) => {
      const policy = new PermissionPolicy({
        mode: 'default',
        roots: [ws],
        cwd: ws,
        home,
        interactive: true,
      });
      const decision = policy.decide({
        toolName: 'bash',
        input: { command },
        access: { kind: 'exec', command },
      });
      expect(decision.action).not.toBe('allow');
    },
  );

  it.each(RISKY_COMMANDS.filter(([, level]) => level === 'forbidden'))(
    '%j is denied even in bypassPermissions',
    (command) => {
      const policy = new PermissionPolicy({
        mode: 'bypassPermissions',
        rules: { allow: ['bash'], ask: [], deny: [] },
        roots: [ws],
        cwd: ws,
        home,
        interactive: true,
      });
      const decision = policy.decide({
        toolName: 'bash',
        input: { command },
        access: { kind: 'exec', command },
      });
      expect(decision.action).toBe('deny');
      expect(decision.message).toMatch(/^Error: Permission denied: .* is forbidden/s);
    },
  );
});

describe('everyday safe corpus', () => {
  it('holds at least 100 commands', () => {
    expect(SAFE_COMMANDS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(SAFE_COMMANDS)('%j is read-only or workspace work', (command) => {
    const result = classifyCommand(command, ctx);
    expect(['read-only', 'workspace'], result.reason).toContain(result.level);
  });

  it.each(SAFE_COMMANDS)('%j runs without a prompt in default mode', (command) => {
    const policy = new PermissionPolicy({
      mode: 'default',
      roots: [ws],
      cwd: ws,
      home,
      interactive: false,
    });
    const decision = policy.decide({
      toolName: 'bash',
      input: { command },
      access: { kind: 'exec', command },
    });
    expect(decision, decision.reason).toMatchObject({ action: 'allow', by: 'mode default' });
  });
});

describe('bash that writes workspace files is an edit', () => {
  const decide = (mode: 'default' | 'acceptEdits' | 'plan', command: string) =>
    new PermissionPolicy({ mode, roots: [ws], cwd: ws, home, interactive: true }).decide({
      toolName: 'bash',
      input: { command },
      access: { kind: 'exec', command },
    });

  it.each(EDIT_COMMANDS)('%j asks in default mode, naming %s', (command, file) => {
    expect(classifyCommand(command, ctx).level).toBe('edit');
    const decision = decide('default', command);
    expect(decision.action).toBe('ask');
    expect(decision.reason).toContain(file);
  });

  it.each(EDIT_COMMANDS)('%j runs in acceptEdits and is denied in plan mode', (command) => {
    expect(decide('acceptEdits', command)).toMatchObject({
      action: 'allow',
      by: 'mode acceptEdits',
    });
    expect(decide('plan', command)).toMatchObject({ action: 'deny', by: 'mode plan' });
  });
});
