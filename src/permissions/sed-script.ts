/** One command of a sed script, as far as the permission check cares. */
export interface SedCommand {
  /** The command letter: `s`, `p`, `e`, `w`... */
  name: string;
  /** `e TEXT`, `w FILE`, `r FILE`: the text to the end of the line. */
  text?: string;
  /** For `s`: its flags (`g`, `e`, `w FILE`...). */
  flags?: string;
}

const ADDRESS =
  /^\s*(?:\d+(?:~\d+)?|\$|\/(?:[^/\\\n]|\\.)*\/[IM]*|\\(.)(?:(?!\1)[^\\]|\\.)*\1[IM]*)(?:\s*,\s*(?:\d+|\$|[+~]\d+|\/(?:[^/\\\n]|\\.)*\/[IM]*))?\s*!?/;

/**
 * Reads a sed script (GNU syntax) into its commands, or returns undefined when it cannot
 * be read with confidence.
 */
export function readSedScript(script: string): SedCommand[] | undefined {
  const out: SedCommand[] = [];
  let i = 0;
  while (i < script.length) {
    const c = script[i];
    if (/[\s;{}]/.test(c)) {
      i++;
      continue;
    }
    if (c === '#') {
      i = lineEnd(script, i);
      continue;
    }
    const address = ADDRESS.exec(script.slice(i));
    if (address && address[0].trim() !== '') i += address[0].length;
    while (/[ \t]/.test(script[i] ?? '')) i++;
    const name = script[i];
    if (name === undefined) return out;
    i++;
    if (name === '{' || name === '}') continue;
    if (name === 's' || name === 'y') {
      const parts = delimited(script, i, 2);
      if (!parts) return undefined;
      i = parts.end;
      if (name === 's') {
        const flags = /^[gpiIme0-9]*(?:w[^\n]*)?/.exec(script.slice(i))![0];
        out.push({ name, flags });
        i += flags.length;
      } else out.push({ name });
      continue;
    }
    if ('aicerRwWbtT:'.includes(name)) {
      const end = 'bT:t'.includes(name) ? labelEnd(script, i) : lineEnd(script, i);
      out.push({ name, text: script.slice(i, end).trim() });
      i = end;
      continue;
    }
    if (!/[a-zA-Z=]/.test(name)) return undefined;
    out.push({ name });
  }
  return out;
}

function lineEnd(script: string, i: number): number {
  const end = script.indexOf('\n', i);
  return end < 0 ? script.length : end;
}

function labelEnd(script: string, i: number): number {
  const m = /[;\n}]/.exec(script.slice(i));
  return m ? i + m.index : script.length;
}

/** `count` parts closed by the delimiter that follows position `i` (`/a/b/` after `s`). */
function delimited(script: string, i: number, count: number): { end: number } | undefined {
  const d = script[i];
  if (d === undefined || d === '\\' || d === '\n') return undefined;
  let j = i + 1;
  for (let n = 0; n < count; n++) {
    while (j < script.length && script[j] !== d) j += script[j] === '\\' ? 2 : 1;
    if (j >= script.length) return undefined;
    j++;
  }
  return { end: j };
}
