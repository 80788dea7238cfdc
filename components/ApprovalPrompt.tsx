import { memo, useMemo } from 'react';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';
import { approvalLayout } from './lines/approval';
import type { Line } from './lines/spans';

/** The prompt's rows at this width, within `maxRows`; none when nothing is asked. */
export function useApprovalLines(width: number, maxRows: number): Line[] | null {
  const { controller, look } = useApp();
  const pending = useAppState((s) => s.pendingApproval);
  const layout = useMemo(
    () => (pending ? approvalLayout(pending, width, look, maxRows) : null),
    [pending, width, look, maxRows],
  );
  // PgUp/PgDn page through the preview as it is shown now.
  const preview = layout?.preview;
  controller.previewViewport = preview
    ? { top: preview.top, page: preview.page, maxTop: preview.maxTop }
    : null;
  return layout?.lines ?? null;
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
