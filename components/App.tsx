import { Box, useInput } from 'ink';
import { useMemo } from 'react';
import type { AppController } from '../src/store/controller';
import { AppContext, useApp, useAppState } from './context';
import { KeypressLayer } from './keys';
import { clampMiddle, frameLayout } from './layout';
import { Lines } from './Lines';
import { approvalLines } from './lines/approval';
import { glyphs, type Look } from './lines/look';
import { promptInputLines } from './lines/prompt-input';
import type { Line } from './lines/spans';
import { statusLine } from './lines/status-line';
import { todoPanelLines } from './lines/todo-panel';
import { truncateLine } from './lines/wrap';
import { Transcript } from './Transcript';
import { useTerminalSize } from './useTerminalSize';

export interface AppProps {
  controller: AppController;
  look: Look;
}

/** The full-screen app: transcript, todo panel, input or approval prompt, status line. */
export function App({ controller, look }: AppProps) {
  const value = useMemo(() => ({ controller, look }), [controller, look]);
  return (
    <AppContext.Provider value={value}>
      <Screen />
    </AppContext.Provider>
  );
}

function Screen() {
  const { controller, look } = useApp();
  const { columns, rows } = useTerminalSize();
  const keys = useMemo(() => new KeypressLayer(controller), [controller]);
  useInput(keys.handle);

  const todos = useAppState((s) => s.todos);
  const todoStartedAt = useAppState((s) => s.todoStartedAt);
  const collapsed = useAppState((s) => s.todosCollapsed);
  const pending = useAppState((s) => s.pendingApproval);
  const input = useAppState((s) => s.input);
  const queue = useAppState((s) => s.queue);
  const busy = useAppState((s) => s.status === 'busy');
  const tick = useAppState((s) => (s.status === 'busy' ? s.tick : 0));
  const model = useAppState((s) => s.model);
  const demo = useAppState((s) => s.demo);
  const replayOf = useAppState((s) => s.replayOf);
  const mode = useAppState((s) => s.mode);
  const usage = useAppState((s) => s.usage);
  const context = useAppState((s) => s.context);
  const turnStartedAt = useAppState((s) => s.turnStartedAt);
  const notice = useAppState((s) => s.notice);
  const scrolled = useAppState((s) => s.scrollTop !== null);

  const g = glyphs(look);
  const now = Date.now();
  const layout = frameLayout(columns, rows, todos.length > 0);
  const animate = busy && !pending;

  const placeholder = busy
    ? 'Type to queue a message · esc to interrupt'
    : 'Type a task · /help for commands';
  const inputRows = Math.min(8, Math.max(1, Math.floor(layout.frame / 3)));
  // Laid out again only when the input changes, not on every clock tick or streamed frame.
  const inputLines = useMemo(
    () =>
      promptInputLines(input, columns, { look, placeholder, maxRows: inputRows, focused: true }),
    [input, columns, look, placeholder, inputRows],
  );
  const approval = useMemo(
    () =>
      pending
        ? clampMiddle(approvalLines(pending, columns, look), layout.bottomMax, g.ellipsis)
        : null,
    [pending, columns, look, layout.bottomMax, g.ellipsis],
  );
  const bottom: Line[] = approval ?? inputLines;
  const queueLines: Line[] = queue.length
    ? [
        truncateLine(
          [
            { text: `${queue.length} queued: `, style: { fg: 'magenta' } },
            { text: queue[0].replace(/\s+/g, ' '), style: { dim: true } },
          ],
          columns,
          g.ellipsis,
        ),
      ]
    : [];
  const rule = useMemo(
    (): Line[] => [
      [{ text: g.rule.repeat(columns), style: pending ? { fg: 'yellow' } : { dim: true } }],
    ],
    [g.rule, columns, pending],
  );
  const status = statusLine(
    {
      model,
      demo,
      replayOf,
      mode,
      usage,
      context,
      busy,
      elapsedMs: turnStartedAt === null ? 0 : now - turnStartedAt,
      tick,
      notice,
      queued: queue.length,
      scrolled,
      approval: pending !== null,
      look,
    },
    columns,
  );

  const remaining = Math.max(0, layout.frame - 2 - bottom.length - queueLines.length);
  const todoView = { look, tick, now, startedAt: todoStartedAt, animate, collapsed };
  let todoLines: Line[] = [];
  let panelLines: Line[] = [];
  let transcriptHeight = remaining;
  if (layout.wide) {
    const gutter: Line = [{ text: `${g.bar} `, style: { dim: true } }];
    panelLines = todoPanelLines(todos, layout.panelWidth - 2, {
      ...todoView,
      maxRows: remaining,
    }).map((line) => [...gutter, ...line]);
  } else if (todos.length) {
    const maxRows =
      remaining >= 4 ? Math.max(1, Math.floor(remaining / 2)) : remaining >= 2 ? 1 : 0;
    todoLines = todoPanelLines(todos, columns, { ...todoView, maxRows });
    transcriptHeight = remaining - todoLines.length;
  }

  return (
    // No overflow="hidden": every part is cut to its rows already, and a clip makes Ink
    // cut every row of every frame again.
    <Box flexDirection="column" width={columns} height={layout.frame}>
      {layout.wide ? (
        <Box flexDirection="row" height={transcriptHeight}>
          <Transcript width={layout.transcriptWidth} height={transcriptHeight} />
          <Box width={1} />
          <Lines lines={panelLines} look={look} width={layout.panelWidth} />
        </Box>
      ) : (
        <Transcript width={columns} height={transcriptHeight} />
      )}
      {todoLines.length > 0 && <Lines lines={todoLines} look={look} width={columns} />}
      {queueLines.length > 0 && <Lines lines={queueLines} look={look} width={columns} />}
      <Lines lines={rule} look={look} width={columns} />
      <Lines lines={bottom} look={look} width={columns} />
      <Lines lines={[status]} look={look} width={columns} />
    </Box>
  );
}
