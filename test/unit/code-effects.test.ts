import { describe, expect, it } from 'vitest';
import { codeEffects } from '../../src/permissions/shell/code-effects';

describe('codeEffects: what inline interpreter code deletes, writes, reads and runs', () => {
  it('reads Python: deletes, writes by mode, spawns as a line or an argument vector', () => {
    const fx = codeEffects(
      [
        'import os, shutil, subprocess',
        "shutil.rmtree('dist')",
        "os.remove(path)  # os.remove('/etc/not-this-one')",
        "with open('out.csv', 'w') as f: pass",
        "print(open('in.csv').read())",
        "subprocess.check_call(['git', 'tag', 'v1'])",
        "os.system('make clean')",
      ].join('\n'),
      'python',
    );
    expect(fx.deletes).toEqual([
      { path: 'dist', call: 'shutil.rmtree', recursive: true },
      { path: undefined, call: 'os.remove', recursive: false },
    ]);
    expect(fx.writes.map((w) => w.path)).toEqual(['out.csv']);
    expect(fx.reads.map((r) => r.path)).toEqual(['in.csv']);
    expect(fx.spawns).toEqual([
      { kind: 'argv', argv: ['git', 'tag', 'v1'], call: 'subprocess.check_call' },
      { kind: 'line', text: 'make clean', call: 'os.system' },
    ]);
  });

  it('does not take text inside strings or comments for calls', () => {
    const fx = codeEffects(`print("os.system('rm -rf /')")  # shutil.rmtree('/')`, 'python');
    expect(fx).toMatchObject({ deletes: [], writes: [], spawns: [] });
  });

  it('reads JavaScript: child_process through require, fs calls, a regex exec is not a spawn', () => {
    const fx = codeEffects(
      [
        "const cp = require('node:child_process');",
        "cp.execFileSync('rm', ['-r', 'tmp']);",
        "require('fs').writeFileSync(`gen/${name}.js`, src);",
        "fs.promises.rm('cache', { recursive: true });",
        '/a+/.exec(text); re.exec(line);',
      ].join('\n'),
      'javascript',
    );
    expect(fx.spawns).toEqual([
      { kind: 'argv', argv: ['rm', '-r', 'tmp'], call: 'cp.execFileSync' },
    ]);
    expect(fx.writes).toEqual([{ path: undefined, call: 'fs.writeFileSync', recursive: false }]);
    expect(fx.deletes).toEqual([{ path: 'cache', call: 'fs.promises.rm', recursive: true }]);
  });

  it('reads Ruby and Perl: backticks, %x(), qx(), calls without parentheses, pipe opens', () => {
    const ruby = codeEffects('out = `git log -1`; %x(make); system "ls", "-l"', 'ruby');
    expect(ruby.spawns).toEqual([
      { kind: 'line', text: 'git log -1', call: 'backticks' },
      { kind: 'line', text: 'make', call: 'backticks' },
      { kind: 'argv', argv: ['ls', '-l'], call: 'system' },
    ]);
    const perl = codeEffects(
      `my $v = qx(uname -a); open(my $p, "| sendmail x"); unlink $f;`,
      'perl',
    );
    expect(perl.spawns.map((s) => (s.kind === 'line' ? s.text : s.kind))).toEqual([
      'uname -a',
      'sendmail x',
    ]);
    expect(perl.deletes).toEqual([{ path: undefined, call: 'unlink', recursive: false }]);
  });

  it('reads code run by eval/exec of a literal, and marks eval of anything else', () => {
    expect(codeEffects(`exec("import os\\nos.remove('a')")`, 'python').deletes[0].path).toBe('a');
    expect(codeEffects('eval(payload)', 'javascript').spawns).toEqual([
      { kind: 'unknown', call: 'eval' },
    ]);
  });

  it('survives names that are properties of Object', () => {
    expect(() =>
      codeEffects('x.toString(); constructor(1); __proto__(2)', 'javascript'),
    ).not.toThrow();
  });
});
