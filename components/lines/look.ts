import type { Span, Style } from './spans';
import { localeIsUtf8 } from '../../src/util/locale';

/**
 * How the terminal can show things: colour (NO_COLOR) and Unicode glyphs (the
 * locale). Decided once at start-up and passed down, so tests can pick either.
 */
export interface Look {
  color: boolean;
  unicode: boolean;
}

export interface Glyphs {
  spinner: readonly string[];
  todoPending: string;
  todoDone: string;
  todoActive: string;
  toolPending: string;
  toolOk: string;
  toolError: string;
  toolDenied: string;
  toolCancelled: string;
  ellipsis: string;
  rule: string;
  bar: string;
  prompt: string;
  bullet: string;
  arrowUp: string;
  arrowDown: string;
  thought: string;
  /** Between the parts of a status or header line. */
  dot: string;
}

const UNICODE: Glyphs = {
  spinner: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'],
  todoPending: '☐',
  todoDone: '☑',
  todoActive: '▸',
  toolPending: '○',
  toolOk: '✓',
  toolError: '✗',
  toolDenied: '⊘',
  toolCancelled: '⊖',
  ellipsis: '…',
  rule: '─',
  bar: '│',
  prompt: '›',
  bullet: '•',
  arrowUp: '↑',
  arrowDown: '↓',
  thought: '∴',
  dot: '·',
};

const ASCII: Glyphs = {
  spinner: ['-', '\\', '|', '/'],
  todoPending: '[ ]',
  todoDone: '[x]',
  todoActive: '[>]',
  toolPending: 'o',
  toolOk: '+',
  toolError: 'x',
  toolDenied: '!',
  toolCancelled: '-',
  ellipsis: '...',
  rule: '-',
  bar: '|',
  prompt: '>',
  bullet: '*',
  arrowUp: '^',
  arrowDown: 'v',
  thought: '~',
  dot: '|',
};

export function glyphs(look: Look): Glyphs {
  return look.unicode ? UNICODE : ASCII;
}

export { localeIsUtf8 };

export function detectLook(env: NodeJS.ProcessEnv = process.env): Look {
  const noColor = (env.NO_COLOR !== undefined && env.NO_COLOR !== '') || env.FORCE_COLOR === '0';
  return { color: !noColor, unicode: localeIsUtf8(env) };
}

/** The cli-spinners set ink-spinner turns: braille dots, or `-\\|/` in ASCII. */
export function spinnerType(look: Look): 'dots' | 'line' {
  return look.unicode ? 'dots' : 'line';
}

/** Where a spinner turns: its still frame, marked for components/Rows.tsx to animate. */
export function spinnerSpan(look: Look, style?: Style): Span {
  return { text: glyphs(look).spinner[0], spinner: true, ...(style ? { style } : {}) };
}
