import { memo, useMemo } from 'react';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';
import { approvalLayout, type ApprovalLayout } from './lines/approval';

/** The prompt's rows at this width, within `maxRows`; none when nothing is asked. */
export function useApprovalLayout(width: number, maxRows: number): ApprovalLayout | null {
  const { controller, look, terminalCursor } = useApp();
  const pending = useAppState((s) => s.pendingApproval);
  const layout = useMemo(
    () =>
      pending
        ? approvalLayout(pending, width, look, maxRows, { drawCaret: !terminalCursor })
        : null,
    [pending, width, look, maxRows, terminalCursor],
  );
  // PgUp/PgDn page through the preview as it is shown now.
  const preview = layout?.preview;
  controller.previewViewport = preview
    ? { top: preview.top, page: preview.page, maxTop: preview.maxTop }
    : null;
  return layout;
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
  const layout = useApprovalLayout(width, maxRows);
  return layout ? <Lines lines={layout.lines} look={look} width={width} /> : null;
});
