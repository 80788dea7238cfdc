/** Tokens a model request (or a whole turn) used, as the server counted them. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
}
