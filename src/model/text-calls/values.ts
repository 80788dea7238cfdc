/**
 * Parameter values written as text between XML-like tags (Qwen3-Coder, GLM, MiniMax):
 * the tool's JSON schema says what each should become, as the servers' own parsers do.
 * A string parameter keeps the text as written; a number, boolean, array or object is
 * read as JSON; a parameter the schema does not know is read as JSON when it is JSON.
 */
import { parseLenient } from './json-scan';
import type { ToolSchemas } from './types';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON types a property allows (`type`, a type list, or anyOf/oneOf of them). */
function propertyTypes(schema: unknown): Set<string> {
  const types = new Set<string>();
  if (!isObject(schema)) return types;
  const { type } = schema;
  if (typeof type === 'string') types.add(type);
  if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') types.add(t);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options))
      for (const option of options) propertyTypes(option).forEach((t) => types.add(t));
  }
  return types;
}

/** The schema of `tool`'s parameter `key`, when the tools offered say. */
function parameterSchema(schemas: ToolSchemas, tool: string, key: string): unknown {
  const parameters = schemas.get(tool);
  const properties = parameters?.properties;
  return isObject(properties) ? properties[key] : undefined;
}

/** Strict JSON only: a bare word must stay a string. */
function asJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

export function convertParameter(
  schemas: ToolSchemas,
  tool: string,
  key: string,
  raw: string,
): unknown {
  const types = propertyTypes(parameterSchema(schemas, tool, key));
  if (types.size === 1 && types.has('string')) return raw;
  const text = raw.trim();
  if (types.has('integer') || types.has('number')) {
    if (/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) return Number(text);
  }
  if (types.has('boolean') && /^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (types.has('object') || types.has('array')) {
    const value = parseLenient(text);
    if (typeof value === 'object') return value;
  }
  if (types.has('string')) return raw;
  const json = asJson(text);
  return json ? json.value : raw;
}

/** The tools of a request as the converters need them: parameter schemas by name. */
export function schemasOf(
  tools: readonly { type?: string; function?: { name?: string; parameters?: unknown } }[],
): ToolSchemas {
  const map = new Map<string, Json>();
  for (const tool of tools) {
    const name = tool.function?.name;
    const parameters = tool.function?.parameters;
    if (name && isObject(parameters)) map.set(name, parameters);
  }
  return map;
}
