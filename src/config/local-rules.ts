/**
 * "Allow always" and /permissions: add or remove one rule in
 * `<cwd>/.tick/settings.local.json`. The file is rewritten atomically (temp file +
 * rename) with every other key kept; a malformed file is refused and left untouched.
 * In a git repository the file is kept out of git through `.git/info/exclude`.
 */
import { excludeFromGit } from './git-exclude';
import { settingsPaths, SettingsError } from './settings';
import { ruleSyntaxError } from './rule-list';
import { readSettingsForEdit, writeJsonAtomically, type JsonObject } from './settings-edit';

export type RuleList = 'allow' | 'ask' | 'deny';

export function localPath(cwd: string): string {
  // The local file does not depend on TICK_HOME; any home will do for the path.
  return settingsPaths(cwd, cwd).local;
}

function rulesOf(settings: JsonObject, list: RuleList): string[] {
  const permissions = (settings.permissions ?? {}) as JsonObject;
  return (permissions[list] as string[] | undefined) ?? [];
}

function withRules(settings: JsonObject, list: RuleList, rules: string[]): JsonObject {
  const permissions = (settings.permissions ?? {}) as JsonObject;
  return { ...settings, permissions: { ...permissions, [list]: rules } };
}

/** Adds `rule` to `permissions[list]`; false when it was already there. Returns the file's path too. */
export async function saveLocalRule(
  cwd: string,
  list: RuleList,
  rule: string,
): Promise<{ added: boolean; path: string }> {
  const path = localPath(cwd);
  const problem = ruleSyntaxError(rule);
  if (problem) throw new SettingsError(`Cannot save the rule: ${problem}`, path);
  const settings = await readSettingsForEdit(path, `the rule ${rule} was not saved`);
  const rules = rulesOf(settings, list);
  if (rules.includes(rule.trim())) return { added: false, path };
  writeJsonAtomically(path, withRules(settings, list, [...rules, rule.trim()]));
  excludeFromGit(path);
  return { added: true, path };
}

/** Removes `rule` from `permissions[list]`; false when the local file did not have it. */
export async function removeLocalRule(
  cwd: string,
  list: RuleList,
  rule: string,
): Promise<{ removed: boolean; path: string }> {
  const path = localPath(cwd);
  const settings = await readSettingsForEdit(path, `the rule ${rule} was not removed`);
  const rules = rulesOf(settings, list);
  if (!rules.includes(rule)) return { removed: false, path };
  writeJsonAtomically(
    path,
    withRules(
      settings,
      list,
      rules.filter((existing) => existing !== rule),
    ),
  );
  return { removed: true, path };
}
