/**
 * Merging hook settings of several files, apart from command-hooks.ts so that loading
 * settings without a settings file never loads zod (which the hook schemas need).
 */
import type { CommandHookSettings } from './hook-settings';
import { HOOK_EVENTS } from './types';

/** Concatenates hook settings of several files (user, project, local), in that order. */
export function mergeCommandHookSettings(layers: CommandHookSettings[]): CommandHookSettings {
  const merged: CommandHookSettings = {};
  for (const layer of layers) {
    for (const event of HOOK_EVENTS) {
      const groups = layer[event];
      if (groups?.length) merged[event] = [...(merged[event] ?? []), ...groups];
    }
  }
  return merged;
}
