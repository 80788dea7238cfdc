import { saveLocalRule } from '../config/local-rules';

/**
 * "Allow always, and save": adds the rule to `.tick/settings.local.json`. Returns the
 * problem (a malformed file is left untouched) or undefined; the session grant stands anyway.
 */
export async function saveAllowRule(cwd: string, rule: string): Promise<string | undefined> {
  try {
    await saveLocalRule(cwd, 'allow', rule);
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `${rule} is allowed for this session but was not saved: ${message}`;
  }
}
