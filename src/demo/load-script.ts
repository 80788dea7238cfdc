import { z } from 'zod';
import { DIALECTS, type ScriptedTurn } from './script-types';

const count = z.number().int().nonnegative();

const faultSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('status'),
      status: z.number().int().min(100).max(599),
      times: count.optional(),
      retryAfterMs: count.optional(),
      retryAfter: z.number().nonnegative().optional(),
      message: z.string().optional(),
    })
    .strict(),
  z.object({ kind: z.literal('drop'), afterChunks: count, times: count.optional() }).strict(),
  z.object({ kind: z.literal('stall'), afterChunks: count, times: count.optional() }).strict(),
  z.object({ kind: z.literal('malformed'), afterChunks: count, times: count.optional() }).strict(),
  z.object({ kind: z.literal('error-event'), message: z.string() }).strict(),
]);

const turnSchema = z
  .object({
    text: z.string().optional(),
    reasoning: z.string().optional(),
    toolCalls: z
      .array(
        z
          .object({
            name: z.string().min(1),
            arguments: z.union([z.string(), z.record(z.string(), z.unknown())]),
            id: z.string().min(1).optional(),
          })
          .strict(),
      )
      .optional(),
    dialect: z.enum(DIALECTS).optional(),
    fault: faultSchema.optional(),
    chunkSize: z.number().int().positive().optional(),
    delayMs: count.optional(),
    usage: z.object({ prompt_tokens: count, completion_tokens: count }).strict().optional(),
    stream: z.boolean().optional(),
    finishReason: z.string().min(1).optional(),
  })
  .strict();

const scriptSchema = z.union([
  z.array(turnSchema),
  z.object({ turns: z.array(turnSchema) }).transform((script) => script.turns),
]);

/**
 * Validates the JSON form of a script: an array of turns, or `{"turns": [...]}`.
 * Throws one Error listing what is wrong and where, e.g.
 * `Invalid script: [1].fault.kind: Invalid discriminator value. Expected 'status' | ...`.
 */
export function loadScript(json: unknown): ScriptedTurn[] {
  if (!Array.isArray(json) && !(json && typeof json === 'object' && 'turns' in json)) {
    throw new Error('Invalid script: expected an array of turns or {"turns": [...]}');
  }
  const parsed = scriptSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = pickIssues(parsed.error.issues, json);
  const text = issues.slice(0, 3).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  const more = issues.length > 3 ? `; and ${issues.length - 3} more` : '';
  throw new Error(`Invalid script: ${text.join('; ')}${more}`);
}

/** A union reports both branches; report the one the input was meant to be. */
function pickIssues(issues: z.core.$ZodIssue[], json: unknown): z.core.$ZodIssue[] {
  const first = issues[0];
  if (issues.length !== 1 || first?.code !== 'invalid_union') return issues;
  const branch = Array.isArray(json) ? 0 : 1;
  const chosen = first.errors[branch] ?? [];
  return chosen.length
    ? chosen.map((issue) => ({ ...issue, path: [...first.path, ...issue.path] }))
    : issues;
}

function formatPath(path: PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  return path
    .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
    .join('')
    .replace(/^\./, '');
}
