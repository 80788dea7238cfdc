import type { Tool } from './types';
import { object, unchecked, type SchemaInput } from './schema';
import { MAX_TODOS, TODO_STATUSES, validateTodos } from '../todos/validate';
import { renderTodos } from '../todos/render';

/** What the model is told the list looks like. */
const TODOS_JSON_SCHEMA = {
  type: 'array',
  maxItems: MAX_TODOS,
  description: `The whole new list (it replaces the old one), at most ${MAX_TODOS} items.`,
  items: {
    type: 'object',
    properties: {
      content: {
        type: 'string',
        minLength: 1,
        description: 'What to do, imperative: "Run tests".',
      },
      status: { type: 'string', enum: [...TODO_STATUSES] },
      activeForm: {
        type: 'string',
        description: 'Present continuous, shown while in progress: "Running tests".',
      },
    },
    required: ['content', 'status'],
  },
};

/*
 * The argument is accepted as anything here (a list, or a list sent as a string)
 * so that validateTodos, not the schema, words every error; the JSON Schema the
 * model sees still describes the array exactly.
 */
const schema = object({ todos: unchecked(TODOS_JSON_SCHEMA) });

type TodoWriteInput = SchemaInput<typeof schema>;

export const todo_write: Tool<typeof schema> = {
  name: 'todo_write',
  description:
    'Plan and track the steps of the current task. Send the whole list each time (it replaces ' +
    'the previous one); statuses: pending, in_progress (at most one at a time), completed. ' +
    'Use it before any multi-step task, and update it as you finish steps.',
  schema,
  look: { role: 'plan', resultShape: 'plan' },
  access: () => ({ kind: 'none' }),
  summary: (input: TodoWriteInput) => {
    const result = validateTodos(input.todos);
    if (!result.ok) return 'invalid list';
    const done = result.todos.filter((todo) => todo.status === 'completed').length;
    return `${result.todos.length} todos, ${done} completed`;
  },
  async run(input, ctx) {
    const result = validateTodos(input.todos);
    if (!result.ok) return { output: result.error, isError: true };
    return {
      output: renderTodos(result.todos),
      todos: result.todos,
      claude: { response: { oldTodos: ctx.todos ?? [], newTodos: result.todos } },
    };
  },
  claude: {
    name: 'TodoWrite',
    // A list sent as a JSON string reaches hooks as the list itself, as Claude Code's would.
    toolInput: (input) => {
      const parsed = validateTodos(input.todos);
      return { todos: parsed.ok ? parsed.todos : input.todos };
    },
    fromToolInput: (toolInput) => ({ todos: toolInput.todos }),
  },
};
