import type { CommandPart } from './shell/command-part';

/** Searches that always descend into folders. */
const ALWAYS_RECURSIVE = new Set(['rg', 'ag', 'ack', 'ack-grep', 'pt', 'sift']);
const GREPS = new Set(['grep', 'egrep', 'fgrep', 'ugrep', 'zgrep']);
/** grep's short options that take a value: a cluster's letters after one are its value. */
const GREP_VALUE_LETTERS = 'efmABCdD';

/**
 * The part reads every file under the folders it is given (`grep -r`, `rg`), so a folder
 * that holds secrets (`~`, `/`) is read with them.
 */
export function searchesTrees(part: CommandPart): boolean {
  if (ALWAYS_RECURSIVE.has(part.name)) return true;
  if (!GREPS.has(part.name)) return false;
  const words = part.argv.slice(1).map((a) => a.value ?? '');
  return words.some(
    (w, i) =>
      /^--(recursive|dereference-recursive)$|^--directories=recurse$/.test(w) ||
      (w === '-d' && words[i + 1] === 'recurse') ||
      (/^-[a-zA-Z]+$/.test(w) && recursiveCluster(w.slice(1))),
  );
}

function recursiveCluster(letters: string): boolean {
  for (const letter of letters) {
    if (letter === 'r' || letter === 'R') return true;
    if (GREP_VALUE_LETTERS.includes(letter)) return false;
  }
  return false;
}
