import type { TranscriptItem } from '../../src/store/types';
import { glyphs, type Look } from './look';
import { sanitizeText } from './sanitize';
import type { Line, Style } from './spans';
import { todoItemRows } from './todo-panel';
import { truncateLine, wrapLine } from './wrap';
import { todoCounts } from './todo-panel';

import { VERSION } from '../../src/version';
import { compactionLine } from '../../src/context/format';
const BLANK: Line = [];

const TONE: Record<'info' | 'error' | 'warning' | 'dim', Style | undefined> = {
  info: undefined,
  error: { fg: 'red' },
  warning: { fg: 'yellow' },
  dim: { dim: true },
};

function textBlock(
  text: string,
  width: number,
  style?: Style,
  first: Line = [],
  rest: Line = first,
): Line[] {
  const rows: Line[] = [];
  sanitizeText(text)
    .split('\n')
    .forEach((line, index) => {
      const prefix = index === 0 ? first : rest;
      rows.push(...wrapLine([...prefix, { text: line, style }], width, { indent: rest }));
    });
  return rows;
}

export function bannerLines(
  item: Extract<TranscriptItem, { kind: 'banner' }>,
  width: number,
  look: Look,
): Line[] {
  const rows: Line[] = [
    truncateLine(
      [
        { text: 'tick', style: { bold: true, fg: 'cyan' } },
        { text: ` v${VERSION}`, style: { dim: true } },
        { text: ` ${glyphs(look).dot} `, style: { dim: true } },
        {
          text: item.demo ? 'demo model' : item.model,
          style: { bold: true, fg: item.demo ? 'yellow' : undefined },
        },
        { text: ` ${glyphs(look).dot} ${item.cwd}`, style: { dim: true } },
      ],
      width,
      glyphs(look).ellipsis,
    ),
  ];
  if (item.demo) {
    rows.push(
      ...textBlock(
        'Demo model: no model is configured, so tick plays a scripted session in a scratch copy of a sample project (edits are accepted there; your own files are not touched).',
        width,
        { fg: 'yellow' },
      ),
      ...textBlock('Use a real model: set OPENAI_BASE_URL, OPENAI_API_KEY and TICK_MODEL.', width, {
        dim: true,
      }),
    );
  }
  if (item.replayOf) {
    rows.push(
      ...textBlock(
        `Replay of ${item.replayOf}: its recorded prompts are sent again, the recorded answers come from a scripted model, and the tools run for real in ${item.cwd}. Esc stops the replay.`,
        width,
        { fg: 'magenta' },
      ),
    );
  }
  return rows;
}

function reasoningLine(text: string, width: number, look: Look, live: boolean): Line {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  const first = sanitizeText(text.trim()).split('\n')[0] ?? '';
  const label = live ? 'Thinking' : `Thought (${words} words)`;
  return truncateLine(
    [
      { text: `${glyphs(look).thought} ${label}: `, style: { dim: true, italic: true } },
      { text: first, style: { dim: true, italic: true } },
    ],
    width,
    glyphs(look).ellipsis,
  );
}

/** Ctrl+O: the whole reasoning, dimmed, under its one-line header. */
function reasoningRows(text: string, width: number, look: Look, live: boolean): Line[] {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  const label = live ? 'Thinking' : `Thought (${words} words)`;
  const style: Style = { dim: true, italic: true };
  return [
    [{ text: `${glyphs(look).thought} ${label}`, style }],
    ...textBlock(text.trim(), width, style, [{ text: '  ' }]),
  ];
}

/** A transcript item that is neither an answer (Markdown) nor a tool call (ToolCard). */
export type EntryItem = Exclude<TranscriptItem, { kind: 'assistant' } | { kind: 'tool' }>;

/** The reasoning streaming now: its latest line, "Thinking: …". */
export interface LiveReasoning {
  kind: 'thinking';
  text: string;
}

/**
 * An entry as rows (a blank row before all but the banner); pure, so it can be cached.
 * `expanded` (Ctrl+O): reasoning shows in full instead of its first line.
 */
export function entryLines(
  item: EntryItem | LiveReasoning,
  width: number,
  look: Look,
  expanded = false,
): Line[] {
  switch (item.kind) {
    case 'banner':
      return bannerLines(item, width, look);
    case 'user': {
      const mark: Line = [
        {
          text: `${glyphs(look).prompt} `,
          style: { fg: item.source === 'hook' ? 'magenta' : 'cyan', bold: true },
        },
      ];
      const rest: Line = [{ text: '  ' }];
      return [BLANK, ...textBlock(item.text, width, { bold: true }, mark, rest)];
    }
    case 'reasoning':
      if (expanded) return [BLANK, ...reasoningRows(item.text, width, look, false)];
      return [BLANK, reasoningLine(item.text, width, look, false)];
    case 'thinking':
      if (expanded) return [BLANK, ...reasoningRows(item.text, width, look, true)];
      return [
        BLANK,
        reasoningLine(item.text.split('\n').filter(Boolean).pop() ?? '', width, look, true),
      ];
    case 'info':
      return [BLANK, ...textBlock(item.text, width, TONE[item.tone])];
    case 'compaction': {
      const text = compactionLine(item.tokensBefore, item.tokensAfter, item.planKept);
      return [BLANK, ...textBlock(text, width, { fg: 'cyan', dim: true })];
    }
    case 'todos': {
      const { done, total } = todoCounts(item.todos);
      const todoView = {
        look,
        now: 0,
        startedAt: {},
        animate: false,
        mode: 'normal' as const,
        top: null,
        maxRows: Infinity,
      };
      return [
        BLANK,
        [{ text: `Todos ${done}/${total}`, style: { bold: true } }],
        ...item.todos.flatMap((todo) => todoItemRows(todo, width, todoView)),
      ];
    }
  }
}
