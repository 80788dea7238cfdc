/**
 * The words a cancelled call's result starts with. The model reads them; the card shows
 * "Cancelled" instead (and what the call printed before, if anything).
 */
export const CANCELLED_TEXT = 'Error: cancelled by the user';
/** A command stopped while it ran (Esc); what it printed follows. */
export const ABORTED_TEXT = 'Error: command aborted by the user';
/** A command result with nothing printed. */
export const NO_OUTPUT_TEXT = '(no output)';
