import type { PendingApproval } from '../src/store/types';
import { Lines } from './Lines';
import { approvalLines } from './lines/approval';
import type { Look } from './lines/look';

export interface ApprovalPromptProps {
  pending: PendingApproval;
  width: number;
  look: Look;
}

/** The question the permission gate asks, in place of the input. */
export function ApprovalPrompt({ pending, width, look }: ApprovalPromptProps) {
  return <Lines lines={approvalLines(pending, width, look)} look={look} width={width} />;
}
