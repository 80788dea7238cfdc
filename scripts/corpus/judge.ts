import type { ApprovalRequest } from '../../src/protocol/approval';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPermissionGate } from '../../src/permissions/gate';
import { PermissionPolicy } from '../../src/permissions/policy';
import type { PermissionMode, SandboxMode } from '../../src/permissions/types';
import { bash } from '../../src/tools/bash';

/**
 * What the gate did with a command: ran it unasked outside the sandbox (`ran`) or inside
 * it (`confined`), asked the user, or refused it.
 */
export type GateOutcome = 'ran' | 'confined' | 'asked' | 'denied';

export interface Judgement {
  outcome: GateOutcome;
  /** The reason the approval prompt or the denial gave. */
  reason: string;
}

/**
 * A throwaway home with a project inside it, as a user's checkout sits: commands are
 * judged in it (relative paths, `~`, `..`) and nothing is ever run.
 */
export interface Sandbox {
  home: string;
  workspace: string;
  dispose: () => void;
}

export function makeSandbox(): Sandbox {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'tick-corpus-')));
  const home = path.join(root, 'home', 'user');
  const workspace = path.join(home, 'src', 'project');
  mkdirSync(workspace, { recursive: true });
  return { home, workspace, dispose: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * The permission gate tick runs every bash call through (the first PreToolUse hook),
 * with an approver that records the question and says no. The bash tool's own `access`
 * builds the gate's input; the command is never executed. `sandboxMode`: the setting,
 * with bubblewrap taken as working (`auto`, `always`) — `off` is also what a machine
 * without it gets.
 */
export function makeJudge(
  sandbox: Sandbox,
  mode: PermissionMode = 'default',
  sandboxMode: SandboxMode = 'auto',
): (command: string) => Promise<Judgement> {
  const policy = new PermissionPolicy({
    mode,
    sandbox: { mode: sandboxMode, available: sandboxMode !== 'off' },
    roots: [sandbox.workspace],
    cwd: sandbox.workspace,
    home: sandbox.home,
    interactive: true,
  });
  const gate = createPermissionGate(policy);
  const signal = new AbortController().signal;
  return async (command) => {
    let asked: string | undefined;
    const access = bash.access({ command }, { cwd: sandbox.workspace });
    const call = {
      callId: 'corpus',
      toolName: bash.name,
      look: bash.look,
      input: { command },
      access,
    };
    const ctx = {
      signal,
      approve: async (request: ApprovalRequest) => {
        asked = request.reason;
        return { decision: 'deny' as const };
      },
      emit: () => {},
    };
    // As the loop runs it: tick's forbidden floor, then (no hooks here) rules, mode, analysis.
    const floor = gate.floor(call, ctx);
    const gated = floor === undefined ? await gate.check(call, undefined, ctx) : undefined;
    if (asked !== undefined) return { outcome: 'asked', reason: asked };
    if (floor !== undefined) return { outcome: 'denied', reason: floor };
    if (gated && !gated.run) return { outcome: 'denied', reason: gated.output };
    const reason = policy.classify(command).reason;
    return { outcome: gated?.run && gated.confined ? 'confined' : 'ran', reason };
  };
}
