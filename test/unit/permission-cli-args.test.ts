import { describe, expect, it } from 'vitest';
import { splitArgs } from '../../src/permissions/cli-args';
import type { Arg } from '../../src/permissions/shell/command-part';

const words = (...values: string[]): Arg[] =>
  values.map((value) => ({ value, glob: false, raw: value }));

/** The value `splitArgs` finds for `option`, and the operands left. */
function read(argv: string[], valueOpts: string[], option: string) {
  const split = splitArgs(words(...argv), valueOpts);
  return { value: split.values.get(option)?.value, operands: split.operands.map((a) => a.value) };
}

describe('splitArgs reads short value options as getopt does', () => {
  it('takes the value from the next word, or attached', () => {
    expect(read(['curl', '-o', 'out', 'u'], ['-o'], '-o')).toEqual({
      value: 'out',
      operands: ['u'],
    });
    expect(read(['sort', '-o/etc/x', 'f'], ['-o'], '-o')).toEqual({
      value: '/etc/x',
      operands: ['f'],
    });
    expect(read(['sort', '-ofile', 'f'], ['-o'], '-o')).toEqual({ value: 'file', operands: ['f'] });
  });

  it('finds the option after flags in a cluster: the rest of the word, or the next word', () => {
    expect(read(['wget', '-qO-', 'u'], ['-O'], '-O')).toEqual({ value: '-', operands: ['u'] });
    expect(read(['curl', '-sSLo', '/usr/local/bin/x', 'u'], ['-o'], '-o')).toEqual({
      value: '/usr/local/bin/x',
      operands: ['u'],
    });
    expect(read(['sort', '-uo', '/etc/x', 'f'], ['-o'], '-o')).toEqual({
      value: '/etc/x',
      operands: ['f'],
    });
  });

  it('leaves clusters without a value option, long options and operands alone', () => {
    expect(read(['rm', '-rf', 'x'], ['-o'], '-o')).toEqual({ value: undefined, operands: ['x'] });
    expect(read(['x', '--out=y', 'z'], ['-o'], '-o')).toEqual({
      value: undefined,
      operands: ['z'],
    });
    expect(read(['x', '--', '-o', 'y'], ['-o'], '-o')).toEqual({
      value: undefined,
      operands: ['-o', 'y'],
    });
  });
});
