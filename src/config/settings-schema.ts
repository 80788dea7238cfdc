/**
 * The shape of one settings file, validated with zod. Every field carries its own
 * "must be ..." text so an error reads `permissions.allow must be an array of strings`.
 * Objects are strict: unknown keys come back as `unrecognized_keys` issues, which the
 * loader turns into warnings (and then ignores the keys).
 */
import { z } from 'zod';
import { PERMISSION_MODES } from '../permissions/types';
import { commandHookSettingsSchema } from '../hooks/hook-settings';

function integer(min: 0 | 1, what: string) {
  const error = `must be ${min === 1 ? 'a positive' : 'a non-negative'} integer${what}`;
  return z.number({ error }).int({ error }).min(min, { error });
}

const stringArray = z.custom<string[]>(
  (value) => Array.isArray(value) && value.every((item) => typeof item === 'string'),
  { error: 'must be an array of strings' },
);

// Each rule is checked after the shape (settings-validate.ts): one that cannot apply is a
// warning naming it, not a reason to refuse the file, as in Claude Code.
const ruleArray = stringArray;

const nonEmptyString = z
  .string({ error: 'must be a string' })
  .refine((text) => text.trim() !== '', { error: 'must not be empty' });

const modelObject = z.strictObject(
  {
    name: nonEmptyString.optional(),
    baseURL: nonEmptyString.optional(),
    idleTimeoutMs: integer(1, ' (milliseconds)').optional(),
    maxRetries: integer(0, '').optional(),
    contextWindow: integer(1, ' (tokens)').optional(),
    recoverToolCalls: z.boolean({ error: 'must be true or false' }).optional(),
  },
  {
    error:
      'must be a model name or an object {"name", "baseURL", "idleTimeoutMs", "maxRetries", "contextWindow", "recoverToolCalls"}',
  },
);

const thresholdError = 'must be a number above 0 and at most 1 (a share of the context window)';

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
    contextWindow: integer(1, ' (tokens)').optional(),
    recoverToolCalls: z.boolean({ error: 'must be true or false' }).optional(),
    compact: z
      .strictObject(
        {
          threshold: z
            .number({ error: thresholdError })
            .gt(0, { error: thresholdError })
            .max(1, { error: thresholdError })
            .optional(),
        },
        { error: 'must be an object {"threshold": 0.8}' },
      )
      .optional(),
    reminder: z
      .strictObject(
        { rounds: integer(0, ' (0 turns the reminder off)').optional() },
        { error: 'must be an object {"rounds": N}' },
      )
      .optional(),
    permissions: z
      .strictObject(
        {
          // Claude Code's other modes (dontAsk, auto) are warnings, checked after the shape.
          defaultMode: z
            .string({ error: `must be one of ${PERMISSION_MODES.join(', ')}` })
            .optional(),
          allow: ruleArray.optional(),
          ask: ruleArray.optional(),
          deny: ruleArray.optional(),
          additionalDirectories: stringArray.optional(),
          disableBypassPermissionsMode: z
            .literal('disable', { error: 'must be "disable"' })
            .optional(),
        },
        {
          error:
            'must be an object {"allow", "ask", "deny", "defaultMode", "additionalDirectories"}',
        },
      )
      .optional(),
    hooks: commandHookSettingsSchema.optional(),
    // "auto" | "always" | "off"; true/false (always/off), or Claude Code's sandbox object,
    // of which tick reads `enabled`.
    sandbox: z
      .union(
        [
          z.enum(['auto', 'always', 'off']),
          z.boolean(),
          z.looseObject({ enabled: z.boolean().optional() }),
        ],
        {
          error:
            'must be "auto", "always" or "off" (or true/false, or an object {"enabled": true})',
        },
      )
      .optional(),
    tasks: z.boolean({ error: 'must be true or false' }).optional(),
    // When tick waits for you: the terminal's bell, and a desktop notification (OSC 9/777).
    notifications: z
      .strictObject(
        {
          bell: z.boolean({ error: 'must be true or false' }).optional(),
          desktop: z.boolean({ error: 'must be true or false' }).optional(),
          // Claude Code's messageIdleNotifThresholdMs: the idle prompt's Notification hook.
          idleMs: integer(1, ' (milliseconds)').optional(),
        },
        { error: 'must be an object {"bell": true, "desktop": true, "idleMs": 60000}' },
      )
      .optional(),
    // Each entry is checked on its own (src/mcp/config-entry.ts): a bad one fails that server only.
    mcpServers: z
      .record(z.string(), z.unknown(), { error: 'must be an object of MCP servers by name' })
      .optional(),
    enableAllProjectMcpServers: z.boolean({ error: 'must be true or false' }).optional(),
    enabledMcpjsonServers: stringArray.optional(),
    disabledMcpjsonServers: stringArray.optional(),
    mcp: z
      .strictObject(
        {
          timeoutMs: integer(1, ' (milliseconds)').optional(),
          toolTimeoutMs: integer(1, ' (milliseconds)').optional(),
          toolSearch: z
            .union([z.enum(['auto', 'always', 'never']), z.boolean()], {
              error: 'must be "auto", "always" or "never"',
            })
            .optional(),
          toolSearchMaxTools: integer(0, ' (MCP tools)').optional(),
          toolSearchMaxShare: z
            .number({ error: thresholdError })
            .gt(0, { error: thresholdError })
            .max(1, { error: thresholdError })
            .optional(),
        },
        {
          error:
            'must be an object {"timeoutMs", "toolTimeoutMs", "toolSearch", "toolSearchMaxTools", "toolSearchMaxShare"}',
        },
      )
      .optional(),
    agents: z
      .strictObject(
        {
          maxTurns: integer(1, ' (model requests per subagent)').optional(),
          maxParallel: integer(1, ' (subagents at once)').optional(),
          model: nonEmptyString.optional(),
          exploreModel: nonEmptyString.optional(),
        },
        { error: 'must be an object {"maxTurns", "maxParallel", "model", "exploreModel"}' },
      )
      .optional(),
    checkpoints: z
      .strictObject(
        {
          enabled: z.boolean({ error: 'must be true or false' }).optional(),
          maxFileBytes: integer(1, ' (bytes)').optional(),
          maxFiles: integer(1, ' (files)').optional(),
          watch: z.boolean({ error: 'must be true or false' }).optional(),
        },
        { error: 'must be an object {"enabled", "maxFileBytes", "maxFiles", "watch"}' },
      )
      .optional(),
  },
  { error: 'must be a JSON object' },
);

export type SettingsFileInput = z.infer<typeof settingsFileSchema>;
