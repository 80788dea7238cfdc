/**
 * Changes one settings file in place: the file is read and validated first (a malformed
 * file is refused and left untouched), changed as a JSON object with every other key
 * kept, and replaced atomically (temp file + rename) with its mode kept.
 */
import { mkdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readRawSettings, SettingsError, validateSettings } from './settings';

export type JsonObject = Record<string, unknown>;

/** Reads and validates a settings file; its raw object is what gets edited. */
export async function readSettingsForEdit(path: string, action: string): Promise<JsonObject> {
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

export function writeJsonAtomically(path: string, value: JsonObject): void {
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

/**
 * Reads, changes and writes back a settings file. `change` returns the new object, or
 * undefined to leave the file as it is.
 */
export async function editSettingsFile(
  path: string,
  action: string,
  change: (settings: JsonObject) => JsonObject | undefined,
): Promise<boolean> {
  const settings = await readSettingsForEdit(path, action);
  const next = change(settings);
  if (next === undefined) return false;
  writeJsonAtomically(path, next);
  return true;
}
