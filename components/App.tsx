import { Box, useInput, usePaste, useStdout } from 'ink';
import { useMemo } from 'react';
import type { AppController } from '../src/app/controller';
import { AgentList } from './AgentList';
import { ApprovalPrompt } from './ApprovalPrompt';
import { ChildScreen } from './ChildScreen';
import { AppContext, appContext, useApp, useAppState } from './context';
import { KeypressLayer } from './keys';
import { terminalSize } from './frame-layout';
import { PromptInput } from './PromptInput';
import { QueuedPrompts } from './QueuedPrompts';
import { RewindPicker } from './RewindPicker';
import { Rule } from './Rule';
import type { Layout } from './screen-layout';
import { StatusLine } from './StatusLine';
import { TaskPanel } from './TaskPanel';
import { TodoPanel } from './TodoPanel';
import { Transcript } from './Transcript';
import { useTerminalSize } from './useTerminalSize';

export interface AppProps {
  controller: AppController;
  /** The screen's layout (its look, whether the terminal's cursor shows the caret). */
  layout: Layout;
}

/**
 * The full-screen app: transcript, todo panel, input (or approval prompt, or a picker),
 * status line; or a subagent's view, full screen.
 */
export function App({ controller, layout }: AppProps) {
  const value = useMemo(() => appContext(controller, layout), [controller, layout]);
  return (
    <AppContext.Provider value={value}>
      <Screen />
    </AppContext.Provider>
  );
}

/** Every key and paste goes through the one keypress layer, which asks the layout what a page is. */
function useKeypress(controller: AppController, layout: Layout): void {
  // A terminal-like stream, as in useTerminalSize (Ink types it as any writable stream).
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  const keys = useMemo(
    () =>
      new KeypressLayer(controller, () =>
        layout.screen(controller.store.getState(), terminalSize(stdout)),
      ),
    [controller, layout, stdout],
  );
  useInput(keys.handle);
  usePaste(keys.paste);
}

/**
 * Places the parts where the layout puts them: each part's height comes from the same
 * layout its component draws, so the frame is always exactly the terminal's rows - 1 (the frame
 * writer keeps the last row empty, so writing never scrolls the terminal).
 */
function Screen() {
  const { controller, layout } = useApp();
  const size = useTerminalSize();
  useKeypress(controller, layout);
  const regions = useAppState((state) => layout.screen(state, size).regions);
  // A subagent's view takes the whole screen.
  if (regions.child) return <ChildScreen regions={regions} />;
  const { frame, transcript, panel, bottom } = regions;
  const Panel = panel.tasks ? TaskPanel : TodoPanel;
  const { columns } = size;

  return (
    // No overflow="hidden": every part is cut to its rows already, and a clip makes Ink
    // cut every row of every frame again.
    <Box flexDirection="column" width={columns} height={frame.frame}>
      {frame.wide ? (
        <Box flexDirection="row" height={transcript.height}>
          <Transcript width={transcript.width} height={transcript.height} />
          <Box width={1} />
          <Panel width={panel.width} maxRows={panel.maxRows} gutter />
        </Box>
      ) : (
        <>
          <Transcript width={transcript.width} height={transcript.height} />
          {panel.rows > 0 && <Panel width={panel.width} maxRows={panel.maxRows} />}
        </>
      )}
      <QueuedPrompts width={columns} />
      <Rule width={columns} />
      {bottom.approval ? (
        <ApprovalPrompt width={columns} maxRows={bottom.maxRows} />
      ) : bottom.rewind ? (
        <RewindPicker width={columns} maxRows={bottom.maxRows} />
      ) : bottom.agents ? (
        <AgentList width={columns} maxRows={bottom.maxRows} />
      ) : (
        <PromptInput width={columns} maxRows={bottom.maxRows} />
      )}
      <StatusLine width={columns} />
    </Box>
  );
}
