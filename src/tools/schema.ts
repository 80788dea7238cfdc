/**
 * Tool arguments, declared once: each declaration validates the model's value and
 * gives the JSON Schema the model is shown. A small stand-in for zod, whose 750 KB
 * chunk would otherwise load with the agent at start-up; it covers what tool
 * arguments need: one flat object of strings, integers, booleans and values the
 * tool checks itself, each required or optional.
 */

export type JsonSchema = Record<string, unknown>;

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** One argument. `T` is the type of a valid value. */
export interface Field<T> {
  readonly optional: boolean;
  /** Checks a value that is present (not undefined). */
  check(value: unknown): Checked<T>;
  jsonSchema(): JsonSchema;
}

export interface OptionalField<T> extends Field<T> {
  readonly optional: true;
}

export interface ObjectSchema<T = unknown> {
  /** The value as a typed input (unknown keys dropped), or one text per problem. */
  parse(value: unknown): Checked<T>;
  jsonSchema(): JsonSchema;
}

type Shape = Record<string, Field<unknown>>;
type ValueOf<F> = F extends Field<infer T> ? T : never;
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The typed input an object of these fields produces. */
export type ShapeInput<S extends Shape> = Flatten<
  { -readonly [K in keyof S as S[K] extends OptionalField<unknown> ? never : K]: ValueOf<S[K]> } & {
    -readonly [K in keyof S as S[K] extends OptionalField<unknown> ? K : never]?: ValueOf<S[K]>;
  }
>;

/** The typed input of an object schema: `SchemaInput<typeof schema>`. */
export type SchemaInput<S extends ObjectSchema> = S extends ObjectSchema<infer T> ? T : never;

interface Described {
  /** What the model reads about the argument. */
  description?: string;
}

/** How a value is named in `received …`: `array` and `null` apart from other objects. */
function received(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const fail = <T>(...problems: string[]): Checked<T> => ({ ok: false, problems });
const withDescription = (schema: JsonSchema, { description }: Described): JsonSchema =>
  description === undefined ? schema : { ...schema, description };

function field<T>(check: Field<T>['check'], jsonSchema: () => JsonSchema): Field<T> {
  return { optional: false, check, jsonSchema };
}

export function string(options: Described & { minLength?: number } = {}): Field<string> {
  const { minLength } = options;
  return field(
    (value) => {
      if (typeof value !== 'string') return fail(`expected string, received ${received(value)}`);
      if (minLength !== undefined && value.length < minLength) {
        return fail(`Too small: expected string to have >=${minLength} characters`);
      }
      return ok(value);
    },
    () =>
      withDescription(
        { type: 'string', ...(minLength === undefined ? {} : { minLength }) },
        options,
      ),
  );
}

/** A whole number, within the safe integer range unless a narrower one is given. */
export function integer(options: Described & { min?: number; max?: number } = {}): Field<number> {
  const min = options.min ?? Number.MIN_SAFE_INTEGER;
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return field(
    (value) => {
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        return fail(`expected number, received ${received(value)}`);
      }
      if (!Number.isInteger(value)) return fail(`expected integer, received ${value}`);
      if (value < min) return fail(`Too small: expected number to be >=${min}`);
      if (value > max) return fail(`Too big: expected number to be <=${max}`);
      return ok(value);
    },
    () => withDescription({ type: 'integer', minimum: min, maximum: max }, options),
  );
}

export function boolean(options: Described = {}): Field<boolean> {
  return field(
    (value) =>
      typeof value === 'boolean'
        ? ok(value)
        : fail(`expected boolean, received ${received(value)}`),
    () => withDescription({ type: 'boolean' }, options),
  );
}

/**
 * Any value, which the tool validates itself (so it words every error); the model
 * is shown `jsonSchema`, the shape the tool wants.
 */
export function unchecked(jsonSchema: JsonSchema): Field<unknown> {
  return field(ok, () => structuredClone(jsonSchema));
}

export function optional<T>(inner: Field<T>): OptionalField<T> {
  return { ...inner, optional: true };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An object of named fields. Keys it does not declare are dropped, not refused
 * (models add stray keys); problems are reported for every field, in order.
 */
export function object<S extends Shape>(shape: S): ObjectSchema<ShapeInput<S>> {
  const entries = Object.entries(shape);
  return {
    parse(value) {
      if (!isRecord(value)) return fail(`expected object, received ${received(value)}`);
      const input: Record<string, unknown> = {};
      const problems: string[] = [];
      for (const [key, declared] of entries) {
        // Own keys only: `constructor` or `__proto__` in the JSON is not a field.
        const given = Object.hasOwn(value, key) ? value[key] : undefined;
        if (given === undefined) {
          if (!declared.optional) problems.push(`${key}: required`);
          continue;
        }
        const checked = declared.check(given);
        if (checked.ok) input[key] = checked.value;
        else problems.push(...checked.problems.map((problem) => `${key}: ${problem}`));
      }
      // The fields were checked one by one above, so the object is a ShapeInput<S>.
      return problems.length > 0 ? fail(...problems) : ok(input as ShapeInput<S>);
    },
    jsonSchema() {
      const properties = Object.fromEntries(entries.map(([key, f]) => [key, f.jsonSchema()]));
      const required = entries.filter(([, f]) => !f.optional).map(([key]) => key);
      return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
    },
  };
}
