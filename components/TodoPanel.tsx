import { memo, useMemo } from 'react';
import type { AppState } from '../src/store/types';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';
import { glyphs } from './lines/look';
import type { PlanPanelRows } from './lines/plan-panel';
import type { Line } from './lines/spans';
import type { Layout } from './screen-layout';

export interface PlanPanelProps {
  width: number;
  maxRows: number;
  /** Beside the transcript: a bar before each row. */
  gutter?: boolean;
}

/** Which of the layout's panels a plan panel draws. */
type PanelPart = (layout: Layout, state: AppState, width: number, maxRows: number) => PlanPanelRows;

/**
 * A plan panel over its part of the layout: beside the transcript (`gutter`) or above the
 * input. The screen's layout sized the frame with the same rows.
 */
export function planPanel(part: PanelPart) {
  return memo(function PlanPanel({ width, maxRows, gutter = false }: PlanPanelProps) {
    const { layout, look } = useApp();
    const inner = gutter ? width - 2 : width;
    const lines = useAppState((state) => part(layout, state, inner, maxRows).lines);
    // Focused, the bar beside the transcript lights up: the keys scroll the panel.
    const focused = useAppState((state) => state.planPanel.mode === 'focused');
    const shown = useMemo(() => {
      if (!gutter) return lines;
      const style = focused ? { fg: 'cyan' as const } : { dim: true };
      const bar: Line = [{ text: `${glyphs(look).bar} `, style }];
      return lines.map((line) => [...bar, ...line]);
    }, [lines, gutter, look, focused]);
    return <Lines lines={shown} look={look} width={width} />;
  });
}

/**
 * The live checklist: "Todos d/n", then ☐ pending, a spinner beside the in-progress item's
 * activeForm, ☑ completed. Beside the transcript (`gutter`) or above the input.
 */
export const TodoPanel = planPanel((layout, state, width, maxRows) =>
  layout.todoPanel(state, width, maxRows),
);
