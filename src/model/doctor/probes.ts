/** The two tiny requests `tick doctor` makes, and the dummy tool it offers. */
import type { ToolDefinition } from '../types';

export const PING_TOOL: ToolDefinition = {
  type: 'function',
  function: {
    name: 'tick_doctor_ping',
    description: 'Answers "pong". Call it when you are asked to.',
    parameters: {
      type: 'object',
      properties: { value: { type: 'string', description: 'Any word.' } },
      required: ['value'],
    },
  },
};

/** A one-word answer, streamed as tick streams every request. */
export function plainRequest(model: string): object {
  return {
    model,
    messages: [{ role: 'user', content: 'Reply with the single word: ready' }],
    stream: true,
  };
}

/** The same, with a tool the model is asked to call (no tool_choice: tick sends none). */
export function toolRequest(model: string): object {
  return {
    model,
    messages: [
      { role: 'system', content: 'You are a test. Use the tools you are given when asked to.' },
      {
        role: 'user',
        content: 'Call the tool tick_doctor_ping with value "ready". Do not write anything else.',
      },
    ],
    tools: [PING_TOOL],
    stream: true,
  };
}
