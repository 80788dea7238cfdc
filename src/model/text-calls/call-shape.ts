/**
 * Which JSON values are tool calls: the shapes models write when they mean one.
 * `{"name", "arguments"}` (Hermes, Qwen), `{"name", "parameters"}` (Llama 3.x), either
 * wrapped as `{"type": "function", "function": {...}}` (OpenAI's own shape), Cohere's
 * `{"tool_name", "parameters"}`, `{"function": "NAME", "arguments"}`, an array of those, or
 * `{"tool_calls": [...]}`. Any other key means the object is data, not a call.
 */
import type { TextCall } from './types';

/** A call's name, its arguments and its id, under each name models use for them. */
const NAME_KEYS = ['name', 'tool_name', 'function'] as const;
const ARGUMENT_KEYS = ['arguments', 'parameters', 'args'] as const;
const ID_KEYS = ['id', 'tool_call_id'] as const;
const CALL_KEYS = new Set<string>([...NAME_KEYS, ...ARGUMENT_KEYS, ...ID_KEYS, 'type']);
const WRAPPER_KEYS = new Set(['function', 'id', 'type']);

/** The keys an object that is a call may start with (the stream decides on the first). */
export const FIRST_CALL_KEYS = new Set([...CALL_KEYS, 'tool_calls']);

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A function name as a model writes it: one line, not blank, not absurdly long. */
export function isCallName(name: unknown): name is string {
  return typeof name === 'string' && name.trim() !== '' && name.length <= 200 && !/\n/.test(name);
}

/**
 * The arguments as JSON text: an object as it is; a string holding an object (OpenAI's
 * double encoding) as that string; missing as `{}`; any other string as the model wrote
 * it (the tool then says the arguments are not valid). Undefined: not a call's arguments.
 */
export function argumentsText(value: unknown): string | undefined {
  if (value === undefined || value === null) return '{}';
  if (isObject(value)) return JSON.stringify(value);
  if (typeof value !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (isObject(parsed)) return JSON.stringify(parsed);
  } catch {
    // Not JSON: kept as written.
  }
  return value;
}

function onlyKeys(object: Json, allowed: ReadonlySet<string>): boolean {
  return Object.keys(object).every((key) => allowed.has(key));
}

/** The one value of the keys present (undefined for none; `twice` when two are set). */
function oneOf(object: Json, keys: readonly string[]): unknown {
  const present = keys.filter((key) => object[key] !== undefined);
  return present.length > 1 ? TWICE : present.length ? object[present[0]] : undefined;
}

const TWICE = Symbol('twice');

function callFromObject(object: Json, requireArguments: boolean): TextCall | undefined {
  if (object.type !== undefined && object.type !== 'function') return undefined;
  const idValue = oneOf(object, ID_KEYS);
  const id = typeof idValue === 'string' && idValue ? { id: idValue } : {};
  if (isObject(object.function)) {
    if (!onlyKeys(object, WRAPPER_KEYS)) return undefined;
    const inner = callFromObject(object.function, requireArguments);
    return inner && { ...inner, ...id };
  }
  const name = oneOf(object, NAME_KEYS);
  if (!onlyKeys(object, CALL_KEYS) || !isCallName(name)) return undefined;
  const value = oneOf(object, ARGUMENT_KEYS);
  if (value === TWICE || (requireArguments && value === undefined)) return undefined;
  const args = argumentsText(value);
  return args === undefined ? undefined : { name: name.trim(), arguments: args, ...id };
}

/**
 * The calls a parsed JSON value stands for, or undefined when it is not (only) calls.
 * `requireArguments`: JSON with no tag around it must name its arguments (even `{}`), or
 * `{"name": "Alice", "id": 3}` would be a call.
 */
export function callsFromJson(value: unknown, requireArguments = false): TextCall[] | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    const calls = value.map((item) =>
      isObject(item) ? callFromObject(item, requireArguments) : undefined,
    );
    return calls.every((call): call is TextCall => call !== undefined) ? calls : undefined;
  }
  if (!isObject(value)) return undefined;
  if (Array.isArray(value.tool_calls) && Object.keys(value).length === 1) {
    return callsFromJson(value.tool_calls, requireArguments);
  }
  const call = callFromObject(value, requireArguments);
  return call ? [call] : undefined;
}
