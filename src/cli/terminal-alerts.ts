/* eslint-disable no-control-regex -- this module writes and reads terminal escape sequences */
import type { Alert } from '../app/attention';

const BEL = '\x07';
/** Focus reporting: the terminal sends CSI I when it gains focus, CSI O when it loses it. */
export const FOCUS_REPORTING_ON = '\x1b[?1004h';
export const FOCUS_REPORTING_OFF = '\x1b[?1004l';
const FOCUS_IN = '\x1b[I';
const FOCUS_OUT = '\x1b[O';

/** How a terminal shows a desktop notification: iTerm2's OSC 9, or rxvt's OSC 777 `notify`. */
export type DesktopProtocol = 'osc9' | 'osc777';

/**
 * The desktop-notification sequence this terminal says it supports, from what it puts in
 * the environment; none when unknown (an unknown OSC is ignored by most terminals, but some
 * print it, and tmux swallows it). OSC 9: iTerm2, WezTerm, Ghostty. OSC 777: rxvt-unicode
 * (its notify extension), foot.
 */
export function desktopProtocol(env: NodeJS.ProcessEnv): DesktopProtocol | undefined {
  const program = env.TERM_PROGRAM ?? '';
  if (env.TMUX || (env.TERM ?? '').startsWith('screen')) return undefined;
  if (['iTerm.app', 'WezTerm', 'ghostty'].includes(program)) return 'osc9';
  const term = env.TERM ?? '';
  if (term.startsWith('rxvt-unicode') || term === 'foot' || term.startsWith('foot-'))
    return 'osc777';
  return undefined;
}

export interface AlertSettings {
  bell: boolean;
  desktop: boolean;
}

/** A notification's text as an OSC payload: one line, no control characters. */
function payload(text: string): string {
  return text
    .replace(/[\x00-\x1f\x7f-\x9f]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** What to write for an alert: the bell, then the notification this terminal supports. */
export function alertSequence(
  alert: Alert,
  settings: AlertSettings,
  protocol: DesktopProtocol | undefined,
): string {
  let out = settings.bell ? BEL : '';
  if (settings.desktop && protocol === 'osc9') out += `\x1b]9;${payload(alert.message)}${BEL}`;
  if (settings.desktop && protocol === 'osc777')
    out += `\x1b]777;notify;tick;${payload(alert.message)}${BEL}`;
  return out;
}

/**
 * Takes the focus reports out of a chunk of input: what is left for the keys, and the last
 * focus the terminal reported in it (undefined: none).
 */
export function takeFocusReports(text: string): { rest: string; focused?: boolean } {
  if (!text.includes(FOCUS_IN) && !text.includes(FOCUS_OUT)) return { rest: text };
  let focused: boolean | undefined;
  const rest = text.replace(/\x1b\[([IO])/g, (_match, which: string) => {
    focused = which === 'I';
    return '';
  });
  return { rest, ...(focused === undefined ? {} : { focused }) };
}
