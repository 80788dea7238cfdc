import {
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
  chmodSync,
  statSync,
  readlinkSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CheckpointService } from '../../src/checkpoints/service';
import { runCleanups, tempFolder, type Cleanups } from '../support/tick-app';

const cleanups: Cleanups = [];
afterEach(() => runCleanups(cleanups));

async function open(workspace: string, home: string, watch = true) {
  const service = await CheckpointService.open({
    home,
    workspace,
    roots: [workspace],
    maxFileBytes: 1000,
    maxFiles: 1000,
    watch,
  });
  cleanups.push(() => service.close());
  return service;
}

const item = (n: number, text: string) => ({ key: `todo:${text}`, label: `#${n}`, text });

describe.each([true, false])('checkpoints (watching folders: %s)', (watch) => {
  test('a rewind puts back changed, deleted and created files byte for byte, and can be undone', async () => {
    const ws = tempFolder(cleanups, 'tick-cp-ws-');
    const home = tempFolder(cleanups, 'tick-cp-home-');
    writeFileSync(join(ws, 'a.txt'), 'one\n');
    mkdirSync(join(ws, 'src'));
    writeFileSync(join(ws, 'src', 'b.bin'), Buffer.from([0, 1, 2, 255]));
    writeFileSync(join(ws, 'notes.txt'), 'keep me\n');
    chmodSync(join(ws, 'notes.txt'), 0o600);
    symlinkSync('a.txt', join(ws, 'link'));
    const cp = await open(ws, home, watch);
    const first = await cp.snapshotBefore({ session: 's1', item: item(1, 'One') });
    // The work of item 1.
    writeFileSync(join(ws, 'a.txt'), 'two\n');
    rmSync(join(ws, 'notes.txt'));
    mkdirSync(join(ws, 'gen', 'deep'), { recursive: true });
    writeFileSync(join(ws, 'gen', 'deep', 'out.txt'), 'generated\n');
    const second = await cp.snapshotBefore({ session: 's1', item: item(2, 'Two') });
    writeFileSync(join(ws, 'src', 'b.bin'), Buffer.from([9]));

    const choices = await cp.choices('s1');
    expect(choices.map((c) => c.label)).toEqual(['before #2 Two', 'before #1 One']);
    expect(choices[1].files.map((f) => `${f.change} ${f.path}`).sort()).toEqual([
      'recreate notes.txt',
      'remove gen/deep/out.txt',
      'restore a.txt',
      'restore src/b.bin',
    ]);

    const result = await cp.rewindTo(first.point.id);
    expect(result.report.failed).toEqual([]);
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('one\n');
    expect(readFileSync(join(ws, 'notes.txt'), 'utf8')).toBe('keep me\n');
    expect(statSync(join(ws, 'notes.txt')).mode & 0o777).toBe(0o600);
    expect([...readFileSync(join(ws, 'src', 'b.bin'))]).toEqual([0, 1, 2, 255]);
    expect(existsSync(join(ws, 'gen'))).toBe(false);
    expect(readlinkSync(join(ws, 'link'))).toBe('a.txt');
    expect(result.undone.sort()).toEqual(['todo:One', 'todo:Two']);

    // Undo the rewind: back to the files as they were just before it.
    const again = await cp.rewindTo(result.report.savedAs!);
    expect(again.report.failed).toEqual([]);
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('two\n');
    expect(existsSync(join(ws, 'notes.txt'))).toBe(false);
    expect(readFileSync(join(ws, 'gen', 'deep', 'out.txt'), 'utf8')).toBe('generated\n');
    expect([...readFileSync(join(ws, 'src', 'b.bin'))]).toEqual([9]);
    expect(again.undone).toEqual([]);
    expect(second.point.id).toBe(first.point.id + 1);
  });

  test('undo #1 leaves a file #2 changed again, and names it', async () => {
    const ws = tempFolder(cleanups, 'tick-cp-ws-');
    const home = tempFolder(cleanups, 'tick-cp-home-');
    writeFileSync(join(ws, 'shared.txt'), 'base\n');
    writeFileSync(join(ws, 'own.txt'), 'base\n');
    const cp = await open(ws, home, watch);
    await cp.snapshotBefore({ session: 's', item: item(1, 'One') });
    writeFileSync(join(ws, 'shared.txt'), 'by one\n');
    writeFileSync(join(ws, 'own.txt'), 'by one\n');
    writeFileSync(join(ws, 'new.txt'), 'made by one\n');
    await cp.snapshotBefore({ session: 's', item: item(2, 'Two') });
    writeFileSync(join(ws, 'shared.txt'), 'by two\n');
    const preview = await cp.undoPreview('s', item(1, 'One'));
    expect(preview.files.map((f) => `${f.change} ${f.path}`).sort()).toEqual([
      'remove new.txt',
      'restore own.txt',
    ]);
    expect(preview.overlaps.map((f) => [f.path, f.by])).toEqual([['shared.txt', ['#2 Two']]]);
    const result = await cp.undoItem('s', item(1, 'One'));
    expect(readFileSync(join(ws, 'own.txt'), 'utf8')).toBe('base\n');
    expect(existsSync(join(ws, 'new.txt'))).toBe(false);
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('by two\n');
    expect(result.report.left).toEqual([{ path: 'shared.txt', reason: 'changed later by #2 Two' }]);
    expect(result.undone).toEqual(['todo:One']);
    expect(await cp.undoneItems('s')).toEqual(['todo:One']);
  });

  test('files over the cap are named, kept out of the store and left alone by a rewind', async () => {
    const ws = tempFolder(cleanups, 'tick-cp-ws-');
    const home = tempFolder(cleanups, 'tick-cp-home-');
    writeFileSync(join(ws, 'big.bin'), Buffer.alloc(5000, 1));
    writeFileSync(join(ws, '.gitignore'), 'ignored.log\n');
    writeFileSync(join(ws, 'ignored.log'), 'x');
    const cp = await open(ws, home, watch);
    const first = await cp.snapshotBefore({ session: 's' });
    expect(first.unsaved).toEqual([{ path: 'big.bin', bytes: 5000 }]);
    writeFileSync(join(ws, 'big.bin'), Buffer.alloc(6000, 2));
    writeFileSync(join(ws, 'ignored.log'), 'changed');
    const second = await cp.snapshotBefore({ session: 's' });
    expect(second.unsaved).toEqual([]);
    const result = await cp.rewindTo(first.point.id);
    expect(result.report.left.map((f) => f.path)).toEqual(['big.bin']);
    expect(readFileSync(join(ws, 'big.bin')).length).toBe(6000);
    expect(readFileSync(join(ws, 'ignored.log'), 'utf8')).toBe('changed');
  });
});
