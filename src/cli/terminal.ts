import { writeSync } from 'node:fs';
import { takeOverEarlyScreen } from './early-screen';

const ENTER_ALT_SCREEN = '\x1b[?1049h\x1b[H';
const LEAVE_ALT_SCREEN = '\x1b[?1049l';
const BRACKETED_PASTE_ON = '\x1b[?2004h';
const BRACKETED_PASTE_OFF = '\x1b[?2004l';
const SHOW_CURSOR = '\x1b[?25h';
const HIDE_CURSOR = '\x1b[?25l';
const RESET_STYLE = '\x1b[0m';
const RESET_SCROLL_REGION = '\x1b[r';
/** Focus reports (turned on by the app for its bell, src/cli/terminal-alerts.ts) stop too. */
const FOCUS_REPORTING_OFF = '\x1b[?1004l';

export const EXIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type ExitSignal = (typeof EXIT_SIGNALS)[number];
const SIGNAL_NUMBERS: Record<ExitSignal, number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

export interface FullScreen {
  /** Gives the terminal back: normal screen, cursor shown, raw mode off. Safe to call twice. */
  restore(): void;
  /** Stops listening for signals and crashes. */
  dispose(): void;
}

export interface FullScreenOptions {
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  /** A signal asked us to stop: the app should wind down, then call restore. */
  onSignal(signal: ExitSignal, exitCode: number): void;
  /** An uncaught error: the terminal is already restored when this runs. */
  onCrash(error: unknown): void;
}

/**
 * Takes the alternate screen and makes sure it is given back on every way out:
 * normal exit, a signal, an uncaught exception or rejection, process.exit.
 */
export function enterFullScreen(options: FullScreenOptions): FullScreen {
  const { stdout, stdin } = options;
  let restored = false;
  const fd = (stdout as NodeJS.WriteStream & { fd?: number }).fd ?? 1;
  const write = (text: string) => {
    try {
      // Synchronous: this also runs inside 'exit', where async writes are lost.
      writeSync(fd, text);
    } catch {
      stdout.write(text);
    }
  };

  const restore = () => {
    if (restored) return;
    restored = true;
    try {
      if (stdin.isTTY) stdin.setRawMode(false);
    } catch {
      // The TTY may already be gone (SIGHUP).
    }
    try {
      write(
        RESET_STYLE +
          RESET_SCROLL_REGION +
          BRACKETED_PASTE_OFF +
          FOCUS_REPORTING_OFF +
          SHOW_CURSOR +
          LEAVE_ALT_SCREEN,
      );
    } catch {
      // Nothing more can be done for a closed terminal.
    }
  };

  const signalHandlers = EXIT_SIGNALS.map((signal) => {
    const handler = () => options.onSignal(signal, 128 + SIGNAL_NUMBERS[signal]);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  const onCrash = (error: unknown) => {
    restore();
    options.onCrash(error);
  };
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  process.on('exit', restore);

  // Entering again would clear the early frame (and show a blank screen until Ink's).
  if (!takeOverEarlyScreen()) write(ENTER_ALT_SCREEN + HIDE_CURSOR + BRACKETED_PASTE_ON);

  return {
    restore,
    dispose() {
      for (const [signal, handler] of signalHandlers) process.off(signal, handler);
      process.off('uncaughtException', onCrash);
      process.off('unhandledRejection', onCrash);
      process.off('exit', restore);
    },
  };
}
