import type { AgentEvent } from '../protocol/events';
import type { ChatMessage } from '../model/types';

/** Appended to what the model had said when the user stopped it (Esc). */
export const INTERRUPTED_NOTE = '[interrupted by the user]';

/** The answer text a model request has streamed so far. */
export interface StreamedText {
  text: string;
}

/**
 * Passes a model stream through unchanged, noting the answer text it streams, so an
 * interrupted request still knows what the user saw. A retry streams the answer anew.
 */
export async function* noteStreamedText<R>(
  stream: AsyncGenerator<AgentEvent, R>,
  seen: StreamedText,
): AsyncGenerator<AgentEvent, R> {
  let finished = false;
  try {
    for (;;) {
      const step = await stream.next();
      if (step.done) {
        finished = true;
        return step.value;
      }
      if (step.value.type === 'text_delta') seen.text += step.value.text;
      else if (step.value.type === 'retry') seen.text = '';
      yield step.value;
    }
  } finally {
    // The consumer stopped early: let the stream close its request.
    if (!finished) await stream.return(undefined as R);
  }
}

/** The assistant message for an interrupted answer: what it said, then the note. */
export function interruptedAnswer(partial: string): ChatMessage {
  return {
    role: 'assistant',
    content: partial.trim() ? `${partial}\n\n${INTERRUPTED_NOTE}` : INTERRUPTED_NOTE,
  };
}
