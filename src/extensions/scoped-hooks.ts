/**
 * `hooks:` in a command's, skill's or agent's frontmatter: the settings files' hook format,
 * run only while that command's prompt or that agent runs. Read with the settings schema;
 * what tick cannot run is a warning on the `hooks` line.
 */
import type { CommandHookSettings } from '../hooks/hook-settings';
import type { FrontmatterFields } from './fields';

export async function readScopedHooks(
  fields: FrontmatterFields,
): Promise<CommandHookSettings | undefined> {
  if (!fields.has('hooks')) return undefined;
  const { commandHookSettingsSchema, usableHooks } = await import('../hooks/hook-settings');
  const parsed = commandHookSettingsSchema.safeParse(withoutOnce(fields.raw('hooks')));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const where = ['hooks', ...issue.path.map(String)].join('.');
      fields.warn('hooks', `${where}: ${issue.message}; these hooks are not run`);
    }
    return undefined;
  }
  const { hooks, warnings } = usableHooks(parsed.data);
  for (const warning of warnings) fields.warn('hooks', warning);
  return hooks;
}

/**
 * Claude Code's `once: true` (run once per session) has no counterpart in the settings
 * schema; such a handler runs each time here, which the README says.
 */
function withoutOnce(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutOnce);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== 'once')
        .map(([key, item]) => [key, withoutOnce(item)]),
    );
  }
  return value;
}
