import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { PermissionPolicy } from '../../src/permissions/policy';
import type { PermissionMode, SandboxMode } from '../../src/permissions/types';

/**
 * A throwaway home with a project inside it (as a user's checkout sits), and the policy's
 * decision on a bash command there. Nothing is run. `sandbox`: the setting, with
 * bubblewrap taken as working unless it is `off` (default: auto, as on a Linux machine).
 */
export function shellPolicy(sandbox: SandboxMode = 'auto') {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'tick-families-')));
  const home = path.join(root, 'home', 'dev');
  const ws = path.join(home, 'code', 'shop');
  mkdirSync(path.join(ws, 'lib'), { recursive: true });
  writeFileSync(path.join(ws, 'README.md'), '# shop\n');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** `interactive: false` is print mode: what would be asked is denied. */
  const decide = (command: string, mode: PermissionMode = 'default', interactive = true) =>
    new PermissionPolicy({
      mode,
      roots: [ws],
      cwd: ws,
      home,
      interactive,
      sandbox: { mode: sandbox, available: sandbox !== 'off' },
    }).decide({
      toolName: 'bash',
      input: { command },
      access: { kind: 'exec', command },
    });

  /** Each [command, reason] is asked or denied in default mode, for that reason. */
  const stopped = (cases: [string, RegExp][]) =>
    it.each(cases.map(([c, r]) => [c.replace(/\\n/g, '\n'), r] as const))(
      '%j is asked or denied: %s',
      (command, reason) => {
        const decision = decide(command);
        expect(decision.action, decision.reason).not.toBe('allow');
        expect(decision.reason).toMatch(reason);
      },
    );

  /** Each command runs without a question in default mode (in the sandbox or not). */
  const runs = (commands: string[]) =>
    it.each(commands.map((c) => c.replace(/\\n/g, '\n')))('%j runs unasked', (command) => {
      const decision = decide(command);
      expect(decision, decision.reason).toMatchObject({ action: 'allow' });
    });

  return { home, ws, decide, stopped, runs };
}
