import { useStdout } from 'ink';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { terminalSize, type TerminalSize } from './frame-layout';

export type { TerminalSize } from './frame-layout';

/** The terminal's size, updated on resize (80x24 when the stream does not know). */
export function useTerminalSize(): TerminalSize {
  // Ink types it as any writable stream; the app renders into a terminal (or FrameWriter's
  // sink, which has the same columns, rows and 'resize'), and tests into a sized stub.
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  const last = useRef<TerminalSize>({ columns: 0, rows: 0 });
  const subscribe = useCallback(
    (onChange: () => void) => {
      stdout.on('resize', onChange);
      return () => void stdout.off('resize', onChange);
    },
    [stdout],
  );
  // The same object while the size is the same (useSyncExternalStore compares snapshots).
  const snapshot = useCallback(() => {
    const { columns, rows } = terminalSize(stdout);
    if (last.current.columns !== columns || last.current.rows !== rows)
      last.current = { columns, rows };
    return last.current;
  }, [stdout]);
  return useSyncExternalStore(subscribe, snapshot);
}
