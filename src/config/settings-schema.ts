/**
 * The shape of one settings file, validated with zod. Every field carries its own
 * "must be ..." text so an error reads `permissions.allow must be an array of strings`.
 * Objects are strict: unknown keys come back as `unrecognized_keys` issues, which the
 * loader turns into warnings (and then ignores the keys).
 */
import { z } from 'zod';
import { PERMISSION_MODES } from '../permissions/types';
import { commandHookSettingsSchema } from '../hooks/command-hooks';
import { ruleSyntaxError } from './rule-list';

function integer(min: 0 | 1, what: string) {
  const error = `must be ${min === 1 ? 'a positive' : 'a non-negative'} integer${what}`;
  return z.number({ error }).int({ error }).min(min, { error });
}

const stringArray = z.custom<string[]>(
  (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  { error: 'must be an array of strings' },
);

const ruleArray = stringArray.superRefine((rules, ctx) => {
  rules.forEach((rule, index) => {
    const problem = ruleSyntaxError(rule);
    if (problem)
      ctx.addIssue({ code: 'custom', path: [index], message: `is not a valid rule: ${problem}` });
  });
});

const nonEmptyString = z
  .string({ error: 'must be a string' })
  .refine((text) => text.trim() !== '', { error: 'must not be empty' });

const modelObject = z.strictObject(
  {
    name: nonEmptyString.optional(),
    baseURL: nonEmptyString.optional(),
    idleTimeoutMs: integer(1, ' (milliseconds)').optional(),
    maxRetries: integer(0, '').optional(),
  },
  { error: 'must be a model name or an object {"name", "baseURL", "idleTimeoutMs", "maxRetries"}' },
);

export const settingsFileSchema = z.strictObject(
  {
    // "model": "qwen3" is short for "model": {"name": "qwen3"}.
    model: z
      .preprocess(
        (value) => (typeof value === 'string' && value.trim() !== '' ? { name: value } : value),
        modelObject,
      )
      .optional(),
    baseURL: nonEmptyString.optional(),
    idleTimeoutMs: integer(1, ' (milliseconds)').optional(),
    maxRetries: integer(0, '').optional(),
    maxTurns: integer(1, '').optional(),
    reminder: z
      .strictObject(
        { rounds: integer(0, ' (0 turns the reminder off)').optional() },
        { error: 'must be an object {"rounds": N}' },
      )
      .optional(),
    permissions: z
      .strictObject(
        {
          defaultMode: z
            .enum(PERMISSION_MODES as [string, ...string[]], {
              error: `must be one of ${PERMISSION_MODES.join(', ')}`,
            })
            .optional(),
          allow: ruleArray.optional(),
          ask: ruleArray.optional(),
          deny: ruleArray.optional(),
          additionalDirectories: stringArray.optional(),
        },
        {
          error:
            'must be an object {"allow", "ask", "deny", "defaultMode", "additionalDirectories"}',
        },
      )
      .optional(),
    hooks: commandHookSettingsSchema.optional(),
    sandbox: z.boolean({ error: 'must be true or false' }).optional(),
    tasks: z.boolean({ error: 'must be true or false' }).optional(),
  },
  { error: 'must be a JSON object' },
);

export type SettingsFileInput = z.infer<typeof settingsFileSchema>;
