import { describe, expect, it } from 'vitest';
import { readSedScript } from '../../src/permissions/sed-script';

describe('readSedScript', () => {
  it('reads addresses, ranges and commands', () => {
    expect(readSedScript('/start/,/end/p')).toEqual([{ name: 'p' }]);
    expect(readSedScript('1,5d;$q')).toEqual([{ name: 'd' }, { name: 'q' }]);
    expect(readSedScript('s/a;b/c/g; y/abc/xyz/')).toEqual([
      { name: 's', flags: 'g' },
      { name: 'y' },
    ]);
  });

  it('finds the commands that run a shell or write files', () => {
    expect(readSedScript('1etouch x')).toEqual([{ name: 'e', text: 'touch x' }]);
    expect(readSedScript('/x/e date')).toEqual([{ name: 'e', text: 'date' }]);
    expect(readSedScript('s/.*/date/e')).toEqual([{ name: 's', flags: 'e' }]);
    expect(readSedScript('w out.txt')).toEqual([{ name: 'w', text: 'out.txt' }]);
    expect(readSedScript('s/a/b/w log.txt')).toEqual([{ name: 's', flags: 'w log.txt' }]);
  });

  it('returns undefined for what it cannot read', () => {
    expect(readSedScript('s/open')).toBeUndefined();
    expect(readSedScript('1%')).toBeUndefined();
  });
});
