import { useInput } from 'ink';
import { useState } from 'react';
import type { SessionSummary } from '../src/session/list';
import { Lines } from './Rows';
import type { Look } from './lines/look';
import { firstSelectable, moveSelection, sessionPickerLines } from './lines/session-picker';
import { useTerminalSize } from './useTerminalSize';

export interface SessionPickerProps {
  /** Newest first, as listSessions returns them. */
  sessions: readonly SessionSummary[];
  look: Look;
  /** The chosen session's id, or undefined when the user cancelled. Called once. */
  onDone(id: string | undefined): void;
}

/**
 * `tick -r` without an id: its own screen before the app, with its own (only) key handler.
 * Up/Down move over the sessions that can be resumed, Enter picks, Esc or Ctrl+C cancels.
 */
export function SessionPicker({ sessions, look, onDone }: SessionPickerProps) {
  const { columns, rows } = useTerminalSize();
  const [selected, setSelected] = useState(() => firstSelectable(sessions));
  const [done, setDone] = useState(false);
  const finish = (id: string | undefined) => {
    if (done) return;
    setDone(true);
    onDone(id);
  };
  useInput((input, key) => {
    if (key.escape || (key.ctrl && input === 'c')) return finish(undefined);
    if (selected === -1) return;
    if (key.upArrow) return setSelected((index) => moveSelection(sessions, index, -1));
    if (key.downArrow) return setSelected((index) => moveSelection(sessions, index, 1));
    if (key.return) return finish(sessions[selected].id);
  });
  // At most rows - 1 lines: a frame as tall as the terminal makes Ink clear the screen.
  const height = Math.max(6, rows - 1);
  return (
    <Lines
      lines={sessionPickerLines(sessions, selected, columns, height, look)}
      look={look}
      width={columns}
    />
  );
}
