import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { InstructionLoader } from '../../../src/extensions/instructions/instruction-loader';
import { renderInstructions } from '../../../src/extensions/instructions/render';
import { formatWarning, WarningList } from '../../../src/extensions/warnings';
import { tempDir } from '../../support/agent-harness';

function setup(files: Record<string, string>) {
  const cwd = tempDir('tick-instr-');
  mkdirSync(join(cwd, '.git'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(cwd, path)), { recursive: true });
    writeFileSync(join(cwd, path), text);
  }
  const warnings = new WarningList();
  const loader = new InstructionLoader({ cwd, home: tempDir(), tickHome: tempDir(), warnings });
  const names = () => loader.loaded().map((file) => file.path.slice(cwd.length + 1));
  const said = () => warnings.items.map((w) => formatWarning(w, cwd));
  return { cwd, loader, names, said };
}

describe('imports', () => {
  test('a cycle loads each file once and says so at the line', async () => {
    const { loader, names, said } = setup({
      'AGENTS.md': 'top\n@a.md\n',
      'a.md': 'a\n@b.md\n',
      'b.md': 'b\n@a.md\n',
    });
    await loader.startup();
    expect(names()).toEqual(['AGENTS.md', 'a.md', 'b.md']);
    expect(said()).toEqual([
      'b.md:2: import @a.md not loaded again: it imports this file (a cycle)',
    ]);
  });

  test('imports go at most four hops deep', async () => {
    const { loader, names, said } = setup({
      'AGENTS.md': '@1.md',
      '1.md': '@2.md',
      '2.md': '@3.md',
      '3.md': '@4.md',
      '4.md': '@5.md',
      '5.md': 'too deep',
    });
    await loader.startup();
    expect(names()).toEqual(['AGENTS.md', '1.md', '2.md', '3.md', '4.md']);
    expect(said()).toEqual(['4.md:1: import @5.md not loaded: imports go at most 4 hops deep']);
  });

  test('a missing file is named once, however many files import it', async () => {
    const { loader, said } = setup({
      'AGENTS.md': '@gone.md\n@x.md',
      'CLAUDE.md': 'see @gone.md',
      'x.md': '@gone.md',
    });
    await loader.startup();
    expect(said()).toEqual(['AGENTS.md:1: import @gone.md not loaded: no such file']);
  });
});

describe('subfolders and the budget', () => {
  test("a subfolder's files load once, with the first file touched below them", async () => {
    const { cwd, loader, names } = setup({
      'AGENTS.md': 'root',
      'a/b/AGENTS.md': 'ab',
      'a/CLAUDE.md': 'a',
    });
    await loader.startup();
    expect(names()).toEqual(['AGENTS.md']);
    expect((await loader.forPath(join(cwd, 'a/b/c.ts'))).map((f) => f.content)).toEqual([
      'a',
      'ab',
    ]);
    expect(await loader.forPath(join(cwd, 'a/b/d.ts'))).toEqual([]);
    loader.forgetSubfolders();
    expect((await loader.forPath(join(cwd, 'a/x.ts'))).map((f) => f.content)).toEqual(['a']);
  });

  test('past the budget a file is cut at a line end and says so; the files after it are left out', async () => {
    const { cwd, loader } = setup({
      'AGENTS.md': 'line of ten\n'.repeat(20),
      'CLAUDE.md': 'after',
    });
    const rendered = renderInstructions(await loader.startup(), cwd, 100);
    expect(rendered.text).toContain('[cut: the rest of AGENTS.md');
    expect(rendered.text).not.toContain('after');
    expect(rendered.cuts.map((c) => [c.path.slice(cwd.length + 1), c.kept])).toEqual([
      ['AGENTS.md', 95],
      ['CLAUDE.md', 0],
    ]);
  });
});
