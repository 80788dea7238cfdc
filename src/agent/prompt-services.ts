/**
 * What expanding a command or skill needs of the session: its `!` lines run as bash calls
 * of their own and its `@` files are read as read_file calls of their own, each through the
 * whole call path (floor, PreToolUse hooks, the gate, the user when the gate asks), shown
 * on screen as any call is.
 */
import type { AgentEvent } from '../protocol/events';
import type { PromptServices } from '../tools/types';
import type { ShellRun } from '../extensions/commands/expand';
import { executeToolCall } from './execute-call';
import type { CallContext } from './call-context';
import type { PromptGrants } from './prompt-grants';

let nested = 0;

/** The services for a call context (a tool call's, or the typed command's own). */
export function promptServices(
  ctx: CallContext,
  emit: (event: AgentEvent) => void,
  grants: PromptGrants,
  sessionId: string,
): PromptServices {
  const call = async (name: string, input: Record<string, unknown>) => {
    nested += 1;
    const id = `prompt_${name}_${nested}`;
    emit({ type: 'tool_call_started', id, name });
    const tool = ctx.tools[name];
    if (tool) {
      emit({
        type: 'tool_call_ready',
        id,
        name,
        input,
        summary: tool.summary(input as never),
        look: tool.look,
      });
    }
    return executeToolCall({ id, name, arguments: JSON.stringify(input) }, ctx, emit);
  };
  return {
    sessionId,
    grantForPrompt: (grant) => grants.grant(grant),
    async runShell(command): Promise<ShellRun> {
      if (!ctx.tools.bash) return { status: 'not-run', reason: 'this session has no bash tool' };
      const outcome = await call('bash', { command });
      switch (outcome.status) {
        case 'ok':
          return { status: 'ok', output: outcome.output, exitCode: 0 };
        case 'error':
          return { status: 'failed', output: outcome.output, ...exitCodeOf(outcome.output) };
        case 'denied':
          return { status: 'not-run', reason: `denied: ${firstLine(outcome.output)}` };
        case 'cancelled':
          return { status: 'not-run', reason: 'cancelled' };
      }
    },
    async readFile(path) {
      if (!ctx.tools.read_file) return undefined;
      const outcome = await call('read_file', { path });
      return outcome.status === 'ok' ? outcome.output : undefined;
    },
  };
}

/** bash's error output says `Exit code N`; undefined when it does not (a timeout, a spawn error). */
function exitCodeOf(output: string): { exitCode?: number } {
  const match = /\bExit code (\d+)/i.exec(output);
  return match ? { exitCode: Number(match[1]) } : {};
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
