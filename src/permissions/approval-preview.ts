import type { ToolPreview } from '../protocol/tool-display';

/** A preview that takes longer than this is left out: the question is asked without it. */
export const PREVIEW_TIMEOUT_MS = 1_500;

/**
 * What the asked call would change, for the approval prompt. Never in the way of the
 * question: a preview that fails (an unreadable file) or is slow is simply left out.
 */
export async function approvalPreview(
  call: { input: unknown; preview?: (input: unknown) => Promise<ToolPreview | undefined> },
  timeoutMs = PREVIEW_TIMEOUT_MS,
): Promise<ToolPreview | undefined> {
  if (!call.preview) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([call.preview(call.input).catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
