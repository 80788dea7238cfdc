import type { AgentEvent, ToolStatus } from '../protocol/events';
import type { AssembledToolCall } from '../model/types';
import type { Tool, ToolResult } from '../tools/types';
import type { ToolCallInput } from '../hooks/types';
import type { HookVerdict } from '../permissions/policy-types';
import { runHooks } from '../hooks/registry';
import { lookOf, lookupTool, parseToolInput, validateToolInput } from '../tools/registry';
import { describeToolCall, type CallContext, type CallOutcome } from './call-context';

/** A call the gate let through, ready to run. */
export interface ReadyCall {
  kind: 'ready';
  call: AssembledToolCall;
  tool: Tool;
  /** The call as hooks and the gate saw it (a PreToolUse hook may have rewritten its input). */
  described: ToolCallInput;
  /** The gate runs it in the sandbox. */
  confined: boolean;
  /** PreToolUse's additionalContext, put beside the result. */
  preContext?: string;
}

/** A prepared call: ready to run, or already answered (an error, a denial, a hook's stop). */
export type PreparedCall = ReadyCall | { kind: 'done'; outcome: CallOutcome };

/** Reports a call's result and gives what the loop records of it. */
export function finishCall(
  call: AssembledToolCall,
  tools: Record<string, Tool>,
  emit: (event: AgentEvent) => void,
  result: ToolResult,
  status: ToolStatus,
  started: number,
  stop?: string,
  forModel = result.output,
): CallOutcome {
  emit({
    type: 'tool_result',
    id: call.id,
    name: call.name,
    look: lookOf(call.name, tools),
    status,
    output: result.output,
    ...(result.display ? { display: result.display } : {}),
    durationMs: started ? Date.now() - started : 0,
  });
  return { output: forModel, status, todos: result.todos, tasks: result.tasks, stop };
}

/**
 * A call up to the moment it runs, in Claude Code's order: validate, tick's floor
 * (forbidden commands), PreToolUse hooks (all at once), then the gate (deny/ask rules,
 * mode, analysis, the user; a hook's allow skips the prompt).
 */
export async function prepareToolCall(
  call: AssembledToolCall,
  ctx: CallContext,
  emit: (event: AgentEvent) => void,
): Promise<PreparedCall> {
  const started = Date.now();
  const done = (output: string, status: ToolStatus, stop?: string): PreparedCall => ({
    kind: 'done',
    outcome: finishCall(call, ctx.tools, emit, { output }, status, started, stop),
  });

  const found = lookupTool(call.name, ctx.tools);
  if (!found.ok) return done(found.error, 'error');
  const { tool } = found;
  const parsed = parseToolInput(tool, call.arguments);
  if (!parsed.ok) return done(parsed.error, 'error');
  let described = describeToolCall(tool, call.id, parsed.input, ctx.cwd);

  const gateContext = { signal: ctx.signal, approve: ctx.hookContext.approve, emit };
  const floor = ctx.permissions?.floor(described, gateContext);
  if (floor !== undefined) return done(floor, 'denied');

  const hookContext = { ...ctx.hookContext, emit };
  const pre = await runHooks(ctx.hooks, 'PreToolUse', described, hookContext);
  if (pre.block !== undefined || pre.permission === 'deny') {
    emit({
      type: 'permission_decided',
      callId: call.id,
      decision: 'deny',
      by: 'hook',
      ...(pre.permissionReason ? { note: pre.permissionReason } : {}),
    });
    return done(
      pre.block ?? `Blocked by hook: ${pre.permissionReason ?? 'denied'}`,
      'denied',
      pre.stop,
    );
  }
  // `continue: false` stops everything after the hooks: the call does not run either.
  if (pre.stop !== undefined) return done(`Error: not run: ${pre.stop}`, 'cancelled', pre.stop);
  const rewrite =
    pre.claudeInput !== undefined
      ? tool.claude.fromToolInput(pre.claudeInput, { cwd: ctx.cwd })
      : pre.input;
  if (rewrite !== undefined) {
    const rewritten = validateToolInput(tool, rewrite);
    if (!rewritten.ok)
      return done(`${rewritten.error} (after a PreToolUse hook rewrote the input)`, 'error');
    described = describeToolCall(tool, call.id, rewritten.input, ctx.cwd);
    // The rewritten call meets the floor too: a hook cannot turn it into a forbidden one.
    const again = ctx.permissions?.floor(described, gateContext);
    if (again !== undefined) return done(again, 'denied');
  }
  // What tick's own hooks added to the payload (the checkpoint's id) goes on to PostToolUse.
  if (pre.extras) described = { ...described, extras: pre.extras };
  const verdict: HookVerdict | undefined =
    pre.permission === 'allow' || pre.permission === 'ask'
      ? {
          decision: pre.permission,
          ...(pre.permissionReason ? { reason: pre.permissionReason } : {}),
        }
      : undefined;
  const gate = (await ctx.permissions?.check(described, verdict, gateContext)) ?? {
    run: true,
    confined: ctx.sandbox === 'always',
  };
  if (!gate.run) return done(gate.output, 'denied');
  return {
    kind: 'ready',
    call,
    tool,
    described,
    confined: gate.confined,
    ...(pre.context ? { preContext: pre.context } : {}),
  };
}
