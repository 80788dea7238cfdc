/** A slash command or skill of the user's setup, as /help lists it. */
export interface UserCommandInfo {
  name: string;
  description: string;
  argumentHint?: string;
  kind: 'command' | 'skill';
}
