import { Box, useInput, usePaste } from 'ink';
import { useMemo } from 'react';
import type { AppController } from '../src/store/controller';
import { ApprovalPrompt, useApprovalLayout } from './ApprovalPrompt';
import { AppContext, useApp, useAppState } from './context';
import { KeypressLayer } from './keys';
import { frameLayout, inputRowsFor, todoRowsFor } from './layout';
import type { Look } from './lines/look';
import { PromptInput, usePromptInputLayout } from './PromptInput';
import { QueuedPrompts } from './QueuedPrompts';
import { Rule } from './Rule';
import { StatusLine } from './StatusLine';
import { TaskPanel, useTaskPanelLines } from './TaskPanel';
import { TodoPanel, useTodoPanelLines } from './TodoPanel';
import { Transcript } from './Transcript';
import { useTerminalSize } from './useTerminalSize';

export interface AppProps {
  controller: AppController;
  look: Look;
  /** The terminal's cursor shows the caret (see AppContextValue). */
  terminalCursor?: boolean;
}

/** The full-screen app: transcript, todo panel, input or approval prompt, status line. */
export function App({ controller, look, terminalCursor = false }: AppProps) {
  const value = useMemo(
    () => ({ controller, look, terminalCursor }),
    [controller, look, terminalCursor],
  );
  return (
    <AppContext.Provider value={value}>
      <Screen />
    </AppContext.Provider>
  );
}

/** Every key and paste goes through the one keypress layer. */
function useKeypress(controller: AppController): void {
  const keys = useMemo(() => new KeypressLayer(controller), [controller]);
  useInput(keys.handle);
  usePaste(keys.paste);
}

/**
 * Lays the screen out: each part's height comes from the same layout its component draws,
 * so the frame is always exactly the terminal's rows - 1 (the frame writer keeps the last
 * row empty, so writing never scrolls the terminal).
 */
function Screen() {
  const { controller } = useApp();
  const { columns, rows } = useTerminalSize();
  useKeypress(controller);

  // A session plans with todo_write or with the task tools: one panel, for the one in use.
  const tasksMode = useAppState((s) => s.taskListId !== null);
  const hasTodos = useAppState((s) => (s.taskListId === null ? s.todos : s.tasks).length > 0);
  const queued = useAppState((s) => s.queue.length > 0);
  const layout = frameLayout(columns, rows, hasTodos);
  const inputRows = inputRowsFor(layout);
  const approval = useApprovalLayout(columns, layout.bottomMax);
  const input = usePromptInputLayout(columns, inputRows);
  const bottom = (approval ?? input).lines.length;
  // The bottom region sits right above the status line, the frame's last row.
  const caret = approval ? approval.caret : input.caret;
  controller.caret = caret
    ? { row: layout.frame - 1 - bottom + caret.row, column: caret.column }
    : null;
  const remaining = Math.max(0, layout.frame - 2 - bottom - (queued ? 1 : 0));
  const panelMax = layout.wide ? remaining : todoRowsFor(remaining, hasTodos);
  const panelWidth = layout.wide ? layout.panelWidth - 2 : columns;
  const todoPanel = useTodoPanelLines(panelWidth, tasksMode ? 0 : panelMax);
  const taskPanel = useTaskPanelLines(panelWidth, tasksMode ? panelMax : 0);
  const panel = tasksMode ? taskPanel : todoPanel;
  const Panel = tasksMode ? TaskPanel : TodoPanel;
  const transcriptHeight = layout.wide ? remaining : remaining - panel.length;

  return (
    // No overflow="hidden": every part is cut to its rows already, and a clip makes Ink
    // cut every row of every frame again.
    <Box flexDirection="column" width={columns} height={layout.frame}>
      {layout.wide ? (
        <Box flexDirection="row" height={transcriptHeight}>
          <Transcript width={layout.transcriptWidth} height={transcriptHeight} />
          <Box width={1} />
          <Panel width={layout.panelWidth} maxRows={panelMax} gutter />
        </Box>
      ) : (
        <>
          <Transcript width={columns} height={transcriptHeight} />
          {panel.length > 0 && <Panel width={columns} maxRows={panelMax} />}
        </>
      )}
      <QueuedPrompts width={columns} />
      <Rule width={columns} />
      {approval ? (
        <ApprovalPrompt width={columns} maxRows={layout.bottomMax} />
      ) : (
        <PromptInput width={columns} maxRows={inputRows} />
      )}
      <StatusLine width={columns} />
    </Box>
  );
}
