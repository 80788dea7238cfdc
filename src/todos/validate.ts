import type { Todo, TodoStatus } from '../protocol/todos';
import { parsePythonLiteral } from './parse-literal';

export const MAX_TODOS = 20;
export const TODO_STATUSES: readonly TodoStatus[] = ['pending', 'in_progress', 'completed'];

export type TodoValidation = { ok: true; todos: Todo[] } | { ok: false; error: string };

const fail = (message: string): TodoValidation => ({ ok: false, error: `Error: ${message}` });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list sent as text: JSON first, then a Python literal (parsed, never evaluated). */
function parseListText(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const literal = parsePythonLiteral(text);
    return literal.ok ? literal : { ok: false };
  }
}

function quoted(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "In-Progress", "in progress" -> "in_progress". */
function normaliseStatus(value: unknown): string | undefined {
  if (value === undefined || value === null) return 'pending';
  if (typeof value !== 'string') return undefined;
  return value
    .trim()
    .toLowerCase()
    .replace(/[-\s]+/g, '_');
}

function validateItem(item: unknown, i: number): Todo | string {
  if (!isRecord(item)) return `todos[${i}] must be an object`;
  const rawContent = item.content;
  const content =
    typeof rawContent === 'string'
      ? rawContent.replace(/\s*\n\s*/g, ' ').trim()
      : typeof rawContent === 'number'
        ? String(rawContent)
        : '';
  if (!content) return `todos[${i}] requires content`;
  const status = normaliseStatus(item.status);
  if (!status || !(TODO_STATUSES as readonly string[]).includes(status)) {
    return `todos[${i}] has invalid status '${quoted(item.status)}'`;
  }
  const todo: Todo = { content, status: status as TodoStatus };
  const rawActive = item.activeForm ?? item.active_form;
  if (rawActive !== undefined && rawActive !== null) {
    if (typeof rawActive !== 'string') return `todos[${i}] activeForm must be a string`;
    if (rawActive.trim()) todo.activeForm = rawActive.trim();
  }
  return todo;
}

/**
 * The todo_write rules: a list (or its JSON / Python-literal text) of at most 20
 * items, each with non-empty content and a valid status (missing means pending),
 * at most one in_progress. The whole list or an `Error:` text, never a part.
 */
export function validateTodos(raw: unknown): TodoValidation {
  let value = raw;
  if (typeof value === 'string') {
    const parsed = parseListText(value);
    if (!parsed.ok) return fail('todos must be a list or JSON array string');
    value = parsed.value;
  }
  // Some models wrap the list once more: {"todos": [...]}.
  if (isRecord(value) && Array.isArray(value.todos)) value = value.todos;
  if (!Array.isArray(value)) return fail('todos must be a list');
  if (value.length > MAX_TODOS) return fail(`Max ${MAX_TODOS} todos allowed`);
  const todos: Todo[] = [];
  for (const [i, item] of value.entries()) {
    const result = validateItem(item, i);
    if (typeof result === 'string') return fail(result);
    todos.push(result);
  }
  if (todos.filter((todo) => todo.status === 'in_progress').length > 1) {
    return fail('Only one todo can be in_progress at a time');
  }
  return { ok: true, todos };
}
