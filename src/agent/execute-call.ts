import type { AgentEvent, ToolStatus } from './events';
import type { AssembledToolCall } from '../model/types';
import type { Tool, ToolResult } from '../tools/types';
import type { HookContext } from '../hooks/types';
import type { HookRegistry } from '../hooks/registry';
import type { Todo } from '../todos/types';
import { runHooks } from '../hooks/registry';
import { parseToolInput, validateToolInput } from '../tools/registry';

export interface CallContext {
  tools: Record<string, Tool>;
  hooks: HookRegistry;
  hookContext: HookContext;
  cwd: string;
  roots: string[];
  sandbox: boolean;
  signal: AbortSignal;
}

export interface CallOutcome {
  output: string;
  status: ToolStatus;
  todos?: Todo[];
  /** A hook asked to end the turn. */
  stop?: string;
}

/**
 * One tool call from parsed arguments to result: validate, PreToolUse hooks (the
 * permission gate is the first), run, PostToolUse hooks. Events go out through
 * `emit` as they happen; the loop relays them in order.
 */
export async function executeToolCall(
  call: AssembledToolCall,
  ctx: CallContext,
  emit: (event: AgentEvent) => void,
): Promise<CallOutcome> {
  // Reset when the tool starts, so time spent waiting for an approval is not counted.
  let started = Date.now();
  const finish = (result: ToolResult, status: ToolStatus, stop?: string): CallOutcome => {
    emit({
      type: 'tool_result',
      id: call.id,
      name: call.name,
      status,
      output: result.output,
      ...(result.display ? { display: result.display } : {}),
      durationMs: Date.now() - started,
    });
    return { output: result.output, status, todos: result.todos, stop };
  };

  const tool = ctx.tools[call.name];
  if (!tool) {
    const output = `Error: unknown tool '${call.name}'. Available tools: ${Object.keys(ctx.tools).join(', ')}`;
    return finish({ output }, 'error');
  }
  const parsed = parseToolInput(tool, call.arguments);
  if (!parsed.ok) return finish({ output: parsed.error }, 'error');
  let input: unknown = parsed.input;
  emit({
    type: 'tool_call_ready',
    id: call.id,
    name: call.name,
    input,
    summary: tool.summary(input),
  });

  const hookContext = { ...ctx.hookContext, emit };
  const pre = await runHooks(
    ctx.hooks,
    'PreToolUse',
    { callId: call.id, toolName: call.name, input, access: tool.access(input, { cwd: ctx.cwd }) },
    hookContext,
  );
  if (pre.block !== undefined) return finish({ output: pre.block }, 'denied', pre.stop);
  if (pre.input !== undefined) {
    const rewritten = validateToolInput(tool, pre.input);
    if (!rewritten.ok) {
      const output = `${rewritten.error} (after a PreToolUse hook rewrote the input)`;
      return finish({ output }, 'error', pre.stop);
    }
    input = rewritten.input;
  }
  if (ctx.signal.aborted) return finish({ output: 'Error: cancelled by the user' }, 'cancelled');

  let result: ToolResult;
  started = Date.now();
  emit({ type: 'tool_running', id: call.id, name: call.name });
  try {
    result = await tool.run(input, {
      cwd: ctx.cwd,
      roots: ctx.roots,
      signal: ctx.signal,
      sandbox: ctx.sandbox,
      onOutput: (chunk) => emit({ type: 'tool_output', id: call.id, chunk }),
    });
  } catch (error) {
    result = { output: `Error: ${call.name} failed: ${errorText(error)}`, isError: true };
  }
  const status: ToolStatus = ctx.signal.aborted ? 'cancelled' : result.isError ? 'error' : 'ok';

  const post = await runHooks(
    ctx.hooks,
    'PostToolUse',
    { callId: call.id, toolName: call.name, input, output: result.output, status },
    hookContext,
  );
  const notes = [post.block, post.context].filter((text): text is string => Boolean(text));
  if (notes.length) result = { ...result, output: `${result.output}\n\n${notes.join('\n')}` };
  return finish(result, status, pre.stop ?? post.stop);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
