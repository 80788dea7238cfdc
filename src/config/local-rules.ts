/**
 * "Allow always" and /permissions: add or remove one rule in
 * `<cwd>/.tick/settings.local.json`. The file is rewritten atomically (temp file +
 * rename) with every other key kept; a malformed file is refused and left untouched.
 * In a git repository the file is kept out of git through `.git/info/exclude`.
 */
import { mkdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { excludeFromGit } from './git-exclude';
import { readRawSettings, settingsPaths, SettingsError, validateSettings } from './settings';
import { ruleSyntaxError } from './rule-list';

export type RuleList = 'allow' | 'ask' | 'deny';

type JsonObject = Record<string, unknown>;

function localPath(cwd: string): string {
  // The local file does not depend on TICK_HOME; any home will do for the path.
  return settingsPaths(cwd, cwd).local;
}

/** Reads and validates the local file; its raw object is what gets edited. */
async function readLocal(path: string, action: string): Promise<JsonObject> {
  try {
    const raw = readRawSettings(path);
    if (raw === undefined) return {};
    await validateSettings(path, raw);
    return raw as JsonObject;
  } catch (error) {
    if (error instanceof SettingsError) {
      throw new SettingsError(`${error.message} (${action}; the file was not changed)`, path);
    }
    throw error;
  }
}

function writeAtomically(path: string, value: JsonObject): void {
  mkdirSync(dirname(path), { recursive: true });
  let mode = 0o644;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    // A new file gets the default mode.
  }
  const temp = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, { mode });
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // Nothing was written.
    }
    throw new SettingsError(`Cannot write ${path}: ${(error as Error).message}`, path);
  }
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
  const settings = await readLocal(path, `the rule ${rule} was not saved`);
  const rules = rulesOf(settings, list);
  if (rules.includes(rule.trim())) return { added: false, path };
  writeAtomically(path, withRules(settings, list, [...rules, rule.trim()]));
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
  const settings = await readLocal(path, `the rule ${rule} was not removed`);
  const rules = rulesOf(settings, list);
  if (!rules.includes(rule)) return { removed: false, path };
  writeAtomically(
    path,
    withRules(
      settings,
      list,
      rules.filter((existing) => existing !== rule),
    ),
  );
  return { removed: true, path };
}
