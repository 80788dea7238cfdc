/**
 * A prompt that names a slash command or skill (`/name args`, in the app or `tick -p`):
 * its `allowed-tools` are granted for this prompt, then its body is expanded (arguments,
 * `!` lines run through the gate, `@` files read) into the prompt the model gets.
 */
import type { AgentEvent } from '../protocol/events';
import type { PromptCommand } from '../extensions/commands/prompt-command';
import { expandPromptCommand } from '../extensions/commands/expand';
import { streamWhile } from './channel';
import type { CallContext } from './call-context';
import type { PromptGrants } from './prompt-grants';
import { promptServices } from './prompt-services';

export interface TypedCommand {
  command: PromptCommand;
  args: string;
}

/** The command a prompt names (`/frontend:component Button`), if it names one the user may type. */
export function typedCommand(
  prompt: string,
  commands: readonly PromptCommand[],
): TypedCommand | undefined {
  const match = /^\/([^\s/][^\s]*)(?:\s+([\s\S]*))?$/.exec(prompt.trim());
  if (!match) return undefined;
  const wanted = match[1].toLowerCase();
  const command = commands.find((c) => c.userInvocable && c.name.toLowerCase() === wanted);
  return command ? { command, args: (match[2] ?? '').trim() } : undefined;
}

export type Expanded = { ok: true; prompt: string; model?: string } | { ok: false };

/** Expands the command, yielding the calls its `!` lines and `@` files make; an error event when it fails. */
export async function* expandTyped(
  typed: TypedCommand,
  ctx: Omit<CallContext, 'hookContext'> & { hookContext: Omit<CallContext['hookContext'], 'emit'> },
  grants: PromptGrants,
  sessionId: string,
): AsyncGenerator<AgentEvent, Expanded> {
  const { command, args } = typed;
  grants.grant({ allow: command.allowedTools, deny: command.disallowedTools });
  const expansion = yield* streamWhile<AgentEvent, Awaited<ReturnType<typeof expandPromptCommand>>>(
    (emit) => {
      const callCtx: CallContext = { ...ctx, hookContext: { ...ctx.hookContext, emit } };
      return expandPromptCommand(
        command,
        { args, sessionId, projectDir: ctx.cwd },
        promptServices(callCtx, emit, grants, sessionId),
      );
    },
  );
  if (!expansion.ok) {
    yield { type: 'error', message: expansion.error, fatal: false };
    return { ok: false };
  }
  return { ok: true, prompt: expansion.prompt, ...(command.model ? { model: command.model } : {}) };
}
