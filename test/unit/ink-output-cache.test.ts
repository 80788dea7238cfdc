import { describe, expect, test } from 'vitest';
import { lruMemo } from '../../src/util/lru-memo';

describe('lruMemo', () => {
  test('computes each key once while it is cached', () => {
    const computed: string[] = [];
    const width = lruMemo((key) => {
      computed.push(key);
      return key.length;
    }, 3);
    expect([width('a'), width('bb'), width('a'), width('bb')]).toEqual([1, 2, 1, 2]);
    expect(computed).toEqual(['a', 'bb']);
  });

  test('forgets the least recently used key when full, keeping the ones in use', () => {
    const computed: string[] = [];
    const upper = lruMemo((key) => {
      computed.push(key);
      return key.toUpperCase();
    }, 2);
    upper('a');
    upper('b');
    upper('a'); // a is now newer than b
    upper('c'); // full: b goes
    upper('a');
    expect(computed).toEqual(['a', 'b', 'c']);
    expect(upper('b')).toBe('B');
    expect(computed).toEqual(['a', 'b', 'c', 'b']);
  });
});
