import { readFile } from 'node:fs/promises';
import { loadScript, type ScriptedTurn } from '../../src/demo/scripted-server';

export * from '../../src/demo/scripted-server';

/** Reads and validates a JSON script file (an array of turns or `{"turns": [...]}`). */
export async function loadScriptFile(path: string): Promise<ScriptedTurn[]> {
  const text = await readFile(path, 'utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Script ${path} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    return loadScript(json);
  } catch (error) {
    throw new Error(`Script ${path}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * A gate for ScriptedTurn.waitFor: the server holds the stream after its headers
 * until `open()` is called, so a test can look at the state before any chunk.
 */
export function createGate(): { wait: () => Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { wait: () => opened, open };
}
