/**
 * The `hooks` key of a settings file, checked the way Claude Code loads it: what tick
 * cannot run (an event it does not fire, a prompt or http handler, a broken matcher)
 * is a warning and left out, never a reason not to start. Loaded with the settings
 * validation (zod), never on the start path without a settings file.
 */
import { z } from 'zod';
import { HOOK_EVENTS, type HookEventName } from './types';
import { matcherError } from './matcher';

export interface CommandHookHandler {
  type: 'command';
  command: string;
  /** Exec form: the arguments of `command`, run without a shell. */
  args?: string[];
  /** Seconds; default 600. */
  timeout?: number;
  /** A permission rule (`Bash(git *)`): the hook runs only for calls it matches (tool events). */
  if?: string;
}

export interface CommandHookGroup {
  /** Tool name, `A|B` list or regex (tool events); source, reason, type, trigger on others. */
  matcher?: string;
  hooks: CommandHookHandler[];
}

export type CommandHookSettings = Partial<Record<HookEventName, CommandHookGroup[]>>;

const commandHandler = z.strictObject(
  {
    type: z.literal('command'),
    command: z
      .string({ error: 'must be a string' })
      .refine((text) => text.trim() !== '', { error: 'must not be empty' }),
    args: z.array(z.string(), { error: 'must be an array of strings' }).optional(),
    timeout: z
      .number({ error: 'must be a number of seconds' })
      .positive({ error: 'must be a positive number of seconds' })
      .optional(),
    if: z.string({ error: 'must be a permission rule such as "Bash(git *)"' }).optional(),
  },
  { error: 'must be an object {"type": "command", "command": "..."}' },
);

/** Claude Code's other handler kinds: accepted, reported and not run. */
const otherHandler = z.looseObject({ type: z.enum(['prompt', 'agent', 'http']) });

const handlerSchema = z.discriminatedUnion('type', [commandHandler, otherHandler], {
  error: (issue) =>
    issue.code === 'invalid_union'
      ? 'must be "command" (or one of Claude Code\'s "prompt", "agent", "http")'
      : 'must be an object {"type": "command", "command": "..."}',
});

const groupSchema = z.strictObject(
  {
    matcher: z.string({ error: 'must be a string' }).optional(),
    hooks: z.array(handlerSchema, { error: 'must be an array of hook commands' }),
  },
  { error: 'must be an object {"matcher": "...", "hooks": [...]}' },
);

const groupsSchema = z.array(groupSchema, { error: 'must be an array of matcher groups' });

/**
 * Validates the `hooks` key of a settings file. Strict objects: unknown keys (an event
 * tick does not fire, a handler option it lacks) surface as `unrecognized_keys` issues,
 * which the settings loader turns into warnings.
 */
export const commandHookSettingsSchema = z.strictObject(
  Object.fromEntries(HOOK_EVENTS.map((event) => [event, groupsSchema.optional()])) as Record<
    HookEventName,
    z.ZodOptional<typeof groupsSchema>
  >,
  { error: 'must be an object keyed by hook event' },
);

type ParsedHooks = z.infer<typeof commandHookSettingsSchema>;

/**
 * Keeps what tick can run: command handlers of groups whose matcher compiles. Each thing
 * left out is a warning, with its place in the file (`hooks.Stop[0].hooks[1]`).
 */
export function usableHooks(parsed: ParsedHooks): {
  hooks: CommandHookSettings;
  warnings: string[];
} {
  const hooks: CommandHookSettings = {};
  const warnings: string[] = [];
  for (const event of HOOK_EVENTS) {
    const groups = parsed[event];
    if (!groups) continue;
    const kept: CommandHookGroup[] = [];
    groups.forEach((group, g) => {
      const where = `hooks.${event}[${g}]`;
      const problem = group.matcher === undefined ? undefined : matcherError(group.matcher);
      if (problem) {
        warnings.push(`${where}.matcher is not a valid pattern (${problem}); its hooks never run`);
        return;
      }
      const handlers: CommandHookHandler[] = [];
      group.hooks.forEach((handler, h) => {
        if (handler.type === 'command') handlers.push(handler as CommandHookHandler);
        else
          warnings.push(
            `${where}.hooks[${h}] is a "${handler.type}" hook; tick runs only "command" hooks (ignored)`,
          );
      });
      kept.push({
        ...(group.matcher !== undefined ? { matcher: group.matcher } : {}),
        hooks: handlers,
      });
    });
    hooks[event] = kept;
  }
  return { hooks, warnings };
}
