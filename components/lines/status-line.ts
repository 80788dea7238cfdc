import type { PermissionMode } from '../../src/permissions/types';
import type { Usage } from '../../src/model/types';
import { formatSeconds, formatTokens } from './format';
import { contextFigure, contextPercent } from '../../src/context/format';
import { glyphs, spinnerFrame, type Look } from './look';
import type { Color, Line, Span } from './spans';
import { lineWidth, truncateLine } from './wrap';

export interface StatusView {
  model: string;
  demo: boolean;
  mode: PermissionMode;
  usage: Usage;
  busy: boolean;
  /** The running turn's age. */
  elapsedMs: number;
  tick: number;
  notice: string | null;
  queued: number;
  scrolled: boolean;
  approval: boolean;
  look: Look;
  /** The file a `--replay` plays (its name is shown). */
  replayOf?: string | null;
  /** How full the model's context is: `ctx 62%` (`ctx 12k` while the window is unknown). */
  context?: { tokens: number; window?: number } | null;
}

const MODE_COLOR: Record<PermissionMode, Color | undefined> = {
  default: undefined,
  acceptEdits: 'green',
  plan: 'blue',
  bypassPermissions: 'red',
};

/** Dim while there is room; yellow past 60 %, red past 80 % (compaction is near). */
function contextSpan(context: { tokens: number; window?: number }): Span {
  const percent = context.window ? contextPercent(context.tokens, context.window) : 0;
  const color: Color | undefined = percent > 80 ? 'red' : percent > 60 ? 'yellow' : undefined;
  return {
    text: contextFigure(context.tokens, context.window),
    style: color ? { fg: color } : { dim: true },
  };
}

/**
 * One row: the model (always shown), the mode, tokens, the turn's time and key hints.
 * Parts are dropped from the right when the terminal is narrow.
 */
export function statusLine(view: StatusView, width: number): Line {
  const g = glyphs(view.look);
  const sep: Span = { text: ' · ', style: { dim: true } };
  const model: Span = {
    text: view.demo ? 'demo model' : view.model,
    style: { bold: true, fg: view.demo ? 'yellow' : undefined },
  };
  const parts: Span[][] = [];
  // A notice is what the user must see now; it comes right after the model.
  if (view.notice) parts.push([{ text: view.notice, style: { fg: 'yellow', bold: true } }]);
  if (view.replayOf)
    parts.push([
      { text: `replay of ${view.replayOf.split('/').pop() ?? ''}`, style: { fg: 'magenta' } },
    ]);
  parts.push([{ text: view.mode, style: { fg: MODE_COLOR[view.mode] } }]);
  if (view.busy) {
    const spin = view.approval ? '?' : spinnerFrame(view.look, view.tick);
    parts.push([
      {
        text: `${spin} ${view.approval ? 'waiting for you' : 'working'} ${formatSeconds(view.elapsedMs)}`,
        style: { fg: view.approval ? 'yellow' : 'cyan' },
      },
    ]);
  }
  parts.push([
    {
      text: `${g.arrowUp}${formatTokens(view.usage.inputTokens)} ${g.arrowDown}${formatTokens(view.usage.outputTokens)}`,
      style: { dim: true },
    },
  ]);
  if (view.context) parts.push([contextSpan(view.context)]);
  if (view.queued) parts.push([{ text: `${view.queued} queued`, style: { fg: 'magenta' } }]);
  if (!view.notice) {
    const hints: string[] = [];
    if (view.scrolled) hints.push('End to follow');
    if (view.busy) hints.push('esc interrupt');
    else hints.push('shift+tab mode');
    hints.push('ctrl+t todos', 'ctrl+c twice quit');
    for (const hint of hints) parts.push([{ text: hint, style: { dim: true } }]);
  }
  const line: Line = [model];
  for (const part of parts) {
    if (lineWidth(line) + lineWidth([sep, ...part]) > width) break;
    line.push(sep, ...part);
  }
  return truncateLine(line, width, g.ellipsis);
}
