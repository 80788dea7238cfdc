/**
 * Calls in Python syntax as the whole answer: one `name(key=value)` per line (Granite's
 * native form) or a list `[a(x=1), b(y=2)]` (Llama 3.2/4 "pythonic"). Prose never is
 * only keyword calls; the answer anchor keeps a quoted example in an explanation out.
 */
import { pythonCallOpener, readPythonCall, readPythonList } from '../python-call';
import { skipSpaces } from '../text-scan';
import type { BlockResult, FormatGrammar } from '../types';

function opener(text: string, at: number): 'yes' | 'partial' | 'no' {
  if (text[at] !== '[') return pythonCallOpener(text, at);
  const inner = skipSpaces(text, at + 1);
  return inner >= text.length ? 'partial' : pythonCallOpener(text, inner);
}

export function readPythonic(text: string, at: number, final: boolean): BlockResult {
  const read = text[at] === '[' ? readPythonList(text, at) : readPythonCall(text, at);
  if (read === 'partial') return final ? { kind: 'no' } : { kind: 'partial' };
  if (read === 'no') return { kind: 'no' };
  const calls = 'calls' in read ? read.calls : [read.call];
  return { kind: 'calls', calls, end: read.end, format: 'pythonic' };
}

export const pythonic: FormatGrammar = {
  format: 'pythonic',
  anchor: 'answer',
  openers: opener,
  parse: (text, at, ctx) => readPythonic(text, at, ctx.final),
  inReasoning: false,
};
