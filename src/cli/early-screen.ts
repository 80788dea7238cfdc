/**
 * The app's first frame, drawn before the Ink app's modules load (they take a few hundred
 * ms): the alternate screen and the App's first frame (components/lines/first-frame.ts). Raw mode goes on at once, so keys typed meanwhile
 * wait unechoed in the terminal's input queue until the app reads them; the app's first
 * real frame rewrites every row. Only for a plain new session (no resume, replay, demo or
 * prompt), whose first frame is known here.
 */
import { writeSync } from 'node:fs';
import type { Config } from '../config/types';
import { firstFrameRows } from '../../components/lines/first-frame';
import { detectLook } from '../../components/lines/look';
import { toAnsi, type Line } from '../../components/lines/spans';
import { initialState } from '../store/store';
const ENTER = '\x1b[?1049h\x1b[H\x1b[?25l\x1b[?2004h';
const LEAVE = '\x1b[0m\x1b[?2004l\x1b[?25h\x1b[?1049l';

let pending: (() => void) | undefined;
let removeSignalHandlers = (): void => {};

/** The rows of the first frame (1-based row number → line), for a terminal of this size. */
export function earlyFrameRows(config: Config, columns: number, rows: number): Map<number, Line> {
  const state = initialState({
    model: config.model,
    mode: config.permissionMode,
    demo: false,
    cwd: config.cwd,
  });
  return firstFrameRows(state, columns, rows, detectLook(process.env));
}

/**
 * Draws the first frame now if this run's first frame is the plain one. Until the app's
 * terminal setup takes over (takeOverEarlyScreen), an exit gives the terminal back.
 */
export function drawEarlyScreen(
  config: Config,
  command: { prompt?: string; resume?: unknown; replay?: unknown },
  stdout: NodeJS.WriteStream = process.stdout,
  stdin: NodeJS.ReadStream = process.stdin,
): boolean {
  const { columns, rows } = stdout;
  if (config.demo || command.prompt || command.resume || command.replay !== undefined) return false;
  // A tiny terminal lays the frame out differently; the app draws it itself.
  if (!columns || !rows || columns < 40 || rows < 8) return false;
  const look = detectLook(process.env);
  let text = ENTER;
  for (const [row, line] of earlyFrameRows(config, columns, rows))
    text += `\x1b[${row}H${toAnsi(line, look)}\x1b[K`;
  const fd = (stdout as NodeJS.WriteStream & { fd?: number }).fd ?? 1;
  stdin.setRawMode(true);
  writeSync(fd, text);
  pending = () => {
    try {
      stdin.setRawMode(false);
      writeSync(fd, LEAVE);
    } catch {
      // The terminal may be gone.
    }
  };
  process.on('exit', pending);
  // Until the app's own handlers are in: a signal restores the terminal (via 'exit') and quits.
  const signals = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1 } as const;
  const onSignal = (signal: NodeJS.Signals) =>
    process.exit(128 + signals[signal as keyof typeof signals]);
  for (const signal of Object.keys(signals)) process.on(signal, onSignal);
  removeSignalHandlers = () => {
    for (const signal of Object.keys(signals)) process.off(signal, onSignal);
  };
  return true;
}

/** The app's own terminal setup takes over; true when the early screen is already up. */
export function takeOverEarlyScreen(): boolean {
  if (!pending) return false;
  process.off('exit', pending);
  removeSignalHandlers();
  pending = undefined;
  return true;
}

/** Gives the terminal back if the app never took over the early screen (it failed to start). */
export function giveBackEarlyScreen(): void {
  const restore = pending;
  if (!restore) return;
  process.off('exit', restore);
  removeSignalHandlers();
  pending = undefined;
  restore();
}
