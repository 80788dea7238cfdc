import { memo } from 'react';
import { useApp, useAppState } from './context';
import { Lines } from './Rows';

/** The question the permission gate asks, in place of the input. */
export const ApprovalPrompt = memo(function ApprovalPrompt({
  width,
  maxRows,
}: {
  width: number;
  maxRows: number;
}) {
  const { layout, look } = useApp();
  const approval = useAppState((state) => layout.approval(state, width, maxRows));
  return approval ? <Lines lines={approval.lines} look={look} width={width} /> : null;
});
