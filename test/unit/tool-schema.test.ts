import { describe, expect, it } from 'vitest';
import { boolean, integer, object, optional, string, unchecked } from '../../src/tools/schema';

describe('object schemas', () => {
  const schema = object({
    name: string({ minLength: 2, description: 'A name.' }),
    count: optional(integer({ min: 0, max: 9 })),
    flag: optional(boolean()),
    extra: optional(unchecked({ type: 'array' })),
  });

  it('returns the declared fields of a valid value, typed', () => {
    const result = schema.parse({ name: 'ab', count: 3, flag: false, other: 1 });
    expect(result).toEqual({ ok: true, value: { name: 'ab', count: 3, flag: false } });
    if (result.ok) {
      const name: string = result.value.name;
      const count: number | undefined = result.value.count;
      expect([name, count]).toEqual(['ab', 3]);
    }
  });

  it('reports every problem, field by field, in declaration order', () => {
    expect(schema.parse({ count: 10, flag: 'no' })).toEqual({
      ok: false,
      problems: [
        'name: required',
        'count: Too big: expected number to be <=9',
        'flag: expected boolean, received string',
      ],
    });
    expect(schema.parse({ name: 'a', count: -1 })).toEqual({
      ok: false,
      problems: [
        'name: Too small: expected string to have >=2 characters',
        'count: Too small: expected number to be >=0',
      ],
    });
  });

  it('refuses what is not an object', () => {
    for (const [value, kind] of [
      [null, 'null'],
      [[], 'array'],
      ['{}', 'string'],
      [undefined, 'undefined'],
    ] as const) {
      expect(schema.parse(value)).toEqual({
        ok: false,
        problems: [`expected object, received ${kind}`],
      });
    }
  });

  it('takes own keys only, not inherited ones', () => {
    const inherited = Object.create({ name: 'from the prototype' }) as object;
    expect(schema.parse(inherited)).toEqual({ ok: false, problems: ['name: required'] });
  });

  it('refuses numbers that are not finite', () => {
    expect(schema.parse({ name: 'ab', count: Number.NaN })).toEqual({
      ok: false,
      problems: ['count: expected number, received NaN'],
    });
  });

  it('passes an unchecked value through as it came, null included', () => {
    const value = { nested: ['x'] };
    expect(object({ v: unchecked({}) }).parse({ v: value })).toEqual({
      ok: true,
      value: { v: value },
    });
    expect(object({ v: unchecked({}) }).parse({ v: null })).toEqual({
      ok: true,
      value: { v: null },
    });
  });

  it('describes itself as JSON Schema', () => {
    expect(schema.jsonSchema()).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 2, description: 'A name.' },
        count: { type: 'integer', minimum: 0, maximum: 9 },
        flag: { type: 'boolean' },
        extra: { type: 'array' },
      },
      required: ['name'],
    });
    expect(object({ n: optional(integer()) }).jsonSchema()).toEqual({
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      },
    });
  });

  it('gives a fresh JSON Schema each time, so a caller that edits one changes nothing', () => {
    const first = schema.jsonSchema() as { properties: { extra: { type: string } } };
    first.properties.extra.type = 'changed';
    expect(schema.jsonSchema()).toMatchObject({ properties: { extra: { type: 'array' } } });
  });
});
