import type { LiveTail, ToolCard, TranscriptItem } from '../../src/store/types';
import { glyphs, type Look } from './look';
import { markdownLines } from './markdown';
import { sanitizeText } from './sanitize';
import type { Line, Style } from './spans';
import { todoItemRows } from './todo-panel';
import { toolCardLines, type CardView } from './tool-card';
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

function bannerLines(
  item: Extract<TranscriptItem, { kind: 'banner' }>,
  width: number,
  look: Look,
): Line[] {
  const rows: Line[] = [
    truncateLine(
      [
        { text: 'tick', style: { bold: true, fg: 'cyan' } },
        { text: ` v${VERSION}`, style: { dim: true } },
        { text: ' · ', style: { dim: true } },
        {
          text: item.demo ? 'demo model' : item.model,
          style: { bold: true, fg: item.demo ? 'yellow' : undefined },
        },
        { text: ` · ${item.cwd}`, style: { dim: true } },
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

export interface ItemView {
  look: Look;
  /** The tool card Ctrl+O expanded, if this item is it. */
  expanded: boolean;
  latest: boolean;
  /** Lays out an answer's Markdown (the stream's cache, for the answer it just streamed). */
  markdown?: (text: string, width: number, look: Look) => Line[];
}

/** A committed transcript item as rows; pure, so its output can be cached. */
export function itemLines(item: TranscriptItem, width: number, view: ItemView): Line[] {
  const { look } = view;
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
    case 'assistant':
      return [BLANK, ...(view.markdown ?? markdownLines)(sanitizeText(item.text), width, look)];
    case 'reasoning':
      return [BLANK, reasoningLine(item.text, width, look, false)];
    case 'tool': {
      const card = toolCardLines(item.card, width, {
        look,
        tick: 0,
        now: 0,
        expanded: view.expanded,
        latest: view.latest,
        animate: false,
      });
      return item.gap ? [BLANK, ...card] : card;
    }
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
        tick: 0,
        now: 0,
        startedAt: {},
        animate: false,
        collapsed: false,
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

export interface LiveView {
  look: Look;
  tick: number;
  now: number;
  animate: boolean;
  /** Id of the card Ctrl+O expanded, when it is live. */
  expandedId: string | null;
  latestId: string | null;
  /** The last committed item is a tool card (no gap before the first live card). */
  afterTool: boolean;
  /** Lays out the streaming answer (a cache that parses only its tail); markdownLines if absent. */
  markdown?: (text: string, width: number, look: Look) => Line[];
}

/** The streaming tail: reasoning line, the answer so far, the running cards. */
export function liveLines(live: LiveTail, width: number, view: LiveView): Line[] {
  const rows: Line[] = [];
  if (live.reasoning.trim())
    rows.push(
      BLANK,
      reasoningLine(live.reasoning.split('\n').filter(Boolean).pop() ?? '', width, view.look, true),
    );
  if (live.text.trim())
    rows.push(
      BLANK,
      ...(view.markdown ?? markdownLines)(sanitizeText(live.text), width, view.look),
    );
  let previousTool = view.afterTool && rows.length === 0;
  for (const card of live.tools) {
    if (!previousTool) rows.push(BLANK);
    rows.push(...cardRows(card, width, view));
    previousTool = true;
  }
  return rows;
}

function cardRows(card: ToolCard, width: number, view: LiveView): Line[] {
  const cardView: CardView = {
    look: view.look,
    tick: view.tick,
    now: view.now,
    expanded: view.expandedId === card.id,
    latest: view.latestId === card.id,
    animate: view.animate,
  };
  return toolCardLines(card, width, cardView);
}
