import type { Todo } from '../protocol/todos';
import type { RecordedRequest, Script, ScriptedToolCall, ScriptedTurn } from './script-types';
import { CART_BUG_LINE, CART_FIXED_LINE } from './sample/files';

/** The prompt the app sends for the user when the demo starts. */
export const DEMO_PROMPT =
  'Fix the failing test in this project, then clean up the stale build folder.';

/** The pause between streamed chunks: slow enough to watch the answer and plan build up. */
export const DEMO_PACE_MS = 12;
const STREAM = { chunkSize: 3 } as const;

const PLAN: Todo[] = [
  { content: 'Read the cart code', status: 'pending', activeForm: 'Reading the cart code' },
  { content: 'Fix the total', status: 'pending', activeForm: 'Fixing the total' },
  { content: 'Run the tests', status: 'pending', activeForm: 'Running the tests' },
  {
    content: 'Delete the stale build folder',
    status: 'pending',
    activeForm: 'Deleting the build folder',
  },
];

/** The plan with the first `done` items completed and the next one in progress. */
function planAt(done: number): Todo[] {
  return PLAN.map((todo, index) => ({
    ...todo,
    status: index < done ? 'completed' : index === done ? 'in_progress' : 'pending',
  }));
}

function todoWrite(done: number): ScriptedToolCall {
  return { name: 'todo_write', arguments: { todos: planAt(done) } };
}

const RM_CALL_ID = 'call_demo_rm';

const STEPS: ((request: RecordedRequest) => ScriptedTurn)[] = [
  () => ({
    ...STREAM,
    text: "I'll plan this first, then work through it.",
    toolCalls: [todoWrite(0)],
  }),
  () => ({
    ...STREAM,
    text: "Let's look at the cart.",
    toolCalls: [{ name: 'read_file', arguments: { path: 'src/cart.js' } }],
  }),
  () => ({
    ...STREAM,
    text: '`total` adds up prices but ignores the quantity. Fixing that:',
    toolCalls: [
      todoWrite(1),
      {
        name: 'edit_file',
        arguments: { path: 'src/cart.js', old_text: CART_BUG_LINE, new_text: CART_FIXED_LINE },
      },
    ],
  }),
  () => ({
    ...STREAM,
    text: 'Now the tests.',
    toolCalls: [todoWrite(2), { name: 'bash', arguments: { command: 'node test/cart.test.js' } }],
  }),
  () => ({
    ...STREAM,
    text: 'All green. The `build/` folder is stale output; deleting it needs your approval.',
    toolCalls: [
      todoWrite(3),
      { id: RM_CALL_ID, name: 'bash', arguments: { command: 'rm -rf build' } },
    ],
  }),
  (request) => {
    const removed = !toolResultDenied(request, RM_CALL_ID);
    return {
      ...STREAM,
      toolCalls: [
        {
          name: 'todo_write',
          arguments: {
            todos: removed
              ? planAt(4)
              : planAt(3).map((t, i) => (i === 3 ? { ...t, status: 'pending' } : t)),
          },
        },
      ],
    };
  },
  (request) => ({
    ...STREAM,
    text: toolResultDenied(request, RM_CALL_ID) ? SUMMARY_KEPT : SUMMARY_DONE,
  }),
];

const SUMMARY_DONE = `## Done

- **Bug:** \`total()\` summed \`item.price\` and ignored \`item.quantity\`.
- **Fix:** multiply before adding:

\`\`\`js
const sum = items.reduce((acc, item) => acc + item.price * item.quantity, 0);
\`\`\`

- **Tests:** all 3 pass, and the stale \`build/\` folder is gone.

That was the built-in demo. Type anything to keep going.`;

const SUMMARY_KEPT = `## Done, except the clean-up

- **Fix:** \`total()\` now multiplies \`item.price\` by \`item.quantity\`; all 3 tests pass.
- You denied \`rm -rf build\`, so the \`build/\` folder is still there.

That was the built-in demo. Type anything to keep going.`;

const DEMO_ANSWER = `This is tick's **demo model**: it only plays a scripted session, so it cannot really answer.

To use a real model, set these and start \`tick\` again:

\`\`\`bash
export OPENAI_BASE_URL=https://api.openai.com/v1   # or a local server
export OPENAI_API_KEY=sk-...
export TICK_MODEL=gpt-4o-mini
\`\`\`

Any OpenAI-compatible server works (Ollama, vLLM, llama.cpp, LM Studio).`;

interface Message {
  role: string;
  content?: unknown;
  tool_call_id?: string;
}

function messagesOf(request: RecordedRequest): Message[] {
  const messages: unknown = request.body?.messages;
  return Array.isArray(messages) ? (messages as Message[]) : [];
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
  return '';
}

function toolResultDenied(request: RecordedRequest, callId: string): boolean {
  const result = messagesOf(request).find(
    (message) => message.role === 'tool' && message.tool_call_id === callId,
  );
  return result !== undefined && /denied|not allowed|blocked|refused/i.test(textOf(result.content));
}

/** The last prompt the user typed (not a reminder the loop appended). */
function lastUserPrompt(messages: Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i].role === 'user' && !textOf(messages[i].content).startsWith('<reminder>'))
      return i;
  }
  return -1;
}

/**
 * The demo model: for the demo prompt, one step per model request (plan, read, fix,
 * test, a risky clean-up the user must approve, finish); for anything else, an answer
 * saying it is a demo and how to configure a real model.
 */
export function demoScript(paceMs = DEMO_PACE_MS): Script {
  let finished = false;
  return (request) => ({ ...nextTurn(request), delayMs: paceMs });

  function nextTurn(request: RecordedRequest): ScriptedTurn {
    const messages = messagesOf(request);
    const promptIndex = lastUserPrompt(messages);
    const prompt = promptIndex >= 0 ? textOf(messages[promptIndex].content) : '';
    if (finished || !prompt.includes(DEMO_PROMPT))
      return { ...STREAM, chunkSize: 6, text: DEMO_ANSWER };
    const step = messages
      .slice(promptIndex + 1)
      .filter((message) => message.role === 'assistant').length;
    if (step >= STEPS.length - 1) finished = true;
    const next = STEPS[Math.min(step, STEPS.length - 1)];
    return next(request);
  }
}
