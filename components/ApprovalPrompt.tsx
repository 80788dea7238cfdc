import { memo, useMemo } from 'react';
import { useApp, useAppState } from './context';
import { clampMiddle } from './layout';
import { Lines } from './Rows';
import { approvalLines } from './lines/approval';
import { glyphs } from './lines/look';
import type { Line } from './lines/spans';

/** The prompt's rows at this width, within `maxRows`; none when nothing is asked. */
export function useApprovalLines(width: number, maxRows: number): Line[] | null {
  const { look } = useApp();
  const pending = useAppState((s) => s.pendingApproval);
  return useMemo(
    () =>
      pending
        ? clampMiddle(approvalLines(pending, width, look), maxRows, glyphs(look).ellipsis)
        : null,
    [pending, width, look, maxRows],
  );
}

/** The question the permission gate asks, in place of the input. */
export const ApprovalPrompt = memo(function ApprovalPrompt({
  width,
  maxRows,
}: {
  width: number;
  maxRows: number;
}) {
  const { look } = useApp();
  const lines = useApprovalLines(width, maxRows);
  return lines ? <Lines lines={lines} look={look} width={width} /> : null;
});
