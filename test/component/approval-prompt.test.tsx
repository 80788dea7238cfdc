import stringWidth from 'string-width';
import { afterEach, expect, test } from 'vitest';
import { ApprovalPrompt } from '../../components/ApprovalPrompt';
import type { PendingApproval } from '../../src/store/types';
import { COLOR_LOOK, mount, stylesBefore, type Mounted } from './helpers';
import { lookOf } from '../../src/tools/registry';

const mounted: Mounted[] = [];
afterEach(() => mounted.splice(0).forEach((m) => m.unmount()));

const longCommand =
  'find . -name "*.log" -mtime +7 -print0 | xargs -0 rm -f && rm -rf ./build ./dist ./coverage ./node_modules/.cache && echo cleaned';

function pending(
  partial: Partial<PendingApproval['request']> = {},
  extra: Partial<PendingApproval> = {},
): PendingApproval {
  return {
    request: {
      callId: 'c1',
      toolName: 'bash',
      look: lookOf(partial.toolName ?? 'bash'),
      subject: 'rm -rf build',
      reason: 'deletes files (rm)',
      alwaysRule: 'bash(rm -rf build)',
      ...partial,
    },
    noteMode: false,
    note: '',
    previewTop: 0,
    guarded: false,
    ...extra,
  };
}

async function rows(p: PendingApproval, width: number): Promise<string[]> {
  const m = await mount(<ApprovalPrompt width={width} maxRows={30} />, {
    state: { pendingApproval: p },
    columns: width,
  });
  mounted.push(m);
  return m.rows();
}

test('shows the command, the reason and all the choices', async () => {
  const shown = await rows(pending(), 100);
  expect(shown).toEqual([
    'Run this command? bash',
    '  rm -rf build',
    '  deletes files (rm)',
    // The rule is the command shown above: not repeated.
    '  y/1 allow once · a/2 allow this exact command this session',
    '  s always, saved to .tick/settings.local.json · n/3/esc deny · e deny with a note',
  ]);
});

test('key hints wrap between choices, never inside one, at any width', async () => {
  const labels = [
    'y/1 allow once',
    'a/2 allow this exact command this session',
    's always, saved to .tick/settings.local.json',
    'n/3/esc deny',
    'e deny with a note',
  ];
  for (const width of [60, 80, 100, 120, 140]) {
    const shown = await rows(
      pending({ subject: longCommand, alwaysRule: `bash(${longCommand})` }),
      width,
    );
    const keys = shown.slice(shown.findIndex((row) => row.startsWith('  y/1')));
    for (const row of keys) expect(stringWidth(row)).toBeLessThanOrEqual(width);
    const pieces = keys.flatMap((row) => row.trim().split(' · '));
    expect(pieces, `at ${width} columns`).toEqual(labels);
  }
});

test('"allow always" names a short wider rule, and says "this exact command" for a long one', async () => {
  const keysOf = async (request: Partial<PendingApproval['request']>) =>
    (await rows(pending(request), 200)).find((row) => row.includes('a/2')) ?? '';
  expect(
    await keysOf({ subject: 'npm run build', reason: 'runs npm', alwaysRule: 'bash(npm run:*)' }),
  ).toContain('a/2 allow bash(npm run:*) this session');
  const long = 'git -c core.quotepath=off log --stat --format=%H%n%an%n%s origin/main..HEAD';
  expect(await keysOf({ subject: `cd sub && ${long}`, alwaysRule: `bash(${long})` })).toContain(
    'a/2 allow this exact command this session',
  );
  expect(
    await keysOf({
      toolName: 'edit_file',
      subject: '/srv/shared/projects/some-very-long-folder-name/src/index.ts',
      alwaysRule: 'edit_file(/srv/shared/projects/some-very-long-folder-name/src/index.ts)',
    }),
  ).toContain('a/2 allow this file this session');
});

test('a long command is wrapped in full, never cut, even at 40 columns', async () => {
  for (const width of [40, 100]) {
    const shown = await rows(pending({ subject: longCommand }), width);
    const commandRows = shown.slice(
      1,
      shown.findIndex((row) => row.includes('deletes files')),
    );
    expect(
      commandRows
        .map((row) => row.slice(2))
        .join('')
        .replace(/ /g, ''),
    ).toBe(longCommand.replace(/ /g, ''));
    for (const row of shown) expect(stringWidth(row)).toBeLessThanOrEqual(width);
  }
});

test('without an "always" rule neither a/2 nor s (save) is offered', async () => {
  const shown = await rows(pending({ alwaysRule: undefined }), 100);
  expect(shown[3]).toBe('  y/1 allow once · n/3/esc deny · e deny with a note');
});

test('a path outside the workspace gets a file title', async () => {
  const shown = await rows(
    pending({
      toolName: 'write_file',
      subject: '/etc/hosts',
      reason: 'outside workspace: /etc/hosts',
      alwaysRule: undefined,
    }),
    80,
  );
  expect(shown.slice(0, 3)).toEqual([
    'Change this file? write_file',
    '  /etc/hosts',
    '  outside workspace: /etc/hosts',
  ]);
});

test('note mode shows the note being typed', async () => {
  const shown = await rows(pending({}, { noteMode: true, note: 'use the trash' }), 80);
  expect(shown.slice(3)).toEqual([
    '› note: use the trash',
    '  Enter deny with this note · Esc back',
  ]);
});

/** A real diff of a 40-line file where every other line changes. */
async function bigDiff(): Promise<string> {
  const { diffFile } = await import('../../src/tools/file-diff');
  const old = Array.from({ length: 40 }, (_, i) => `line ${i + 1}\n`).join('');
  const changed = old.replace(/line (\d+)/g, (line, n: string) =>
    Number(n) % 2 ? `LINE ${n}` : line,
  );
  return (await diffFile('src/a.ts', old, changed))?.diff ?? '';
}

const edit = (diff: string, previewTop = 0): PendingApproval =>
  pending(
    {
      toolName: 'edit_file',
      subject: 'src/a.ts',
      reason: 'edits a file',
      alwaysRule: undefined,
      preview: { diff },
    },
    { previewTop },
  );

test('an edit shows its coloured diff in the prompt, clamped to the space with "… N more lines"', async () => {
  const m = await mount(<ApprovalPrompt width={80} maxRows={16} />, {
    state: { pendingApproval: edit(await bigDiff()) },
    columns: 80,
    look: COLOR_LOOK,
  });
  mounted.push(m);
  const shown = m.rows();
  expect(shown.length).toBe(16);
  expect(shown.slice(0, 5)).toEqual([
    'Change this file? edit_file',
    '  src/a.ts',
    '  edits a file',
    '  @@ -1,40 +1,40 @@',
    '  -line 1',
  ]);
  expect(shown[5]).toBe('  +LINE 1');
  // 61 rows: the hunk header, 20 lines removed, 20 added, 20 unchanged; 11 shown.
  expect(shown[14]).toBe('  … 50 more lines · PgUp/PgDn to scroll');
  expect(shown[15]).toBe('  y/1 allow once · n/3/esc deny · e deny with a note');
  expect(stylesBefore(m.lastFrame(), '-line 1')).toContain(31);
  expect(stylesBefore(m.lastFrame(), '+LINE 1')).toContain(32);
});

test('scrolled, the preview says how many lines are above, and the end is reachable', async () => {
  const diff = await bigDiff();
  const middle = await mount(<ApprovalPrompt width={80} maxRows={16} />, {
    state: { pendingApproval: edit(diff, 20) },
    columns: 80,
  });
  mounted.push(middle);
  const shown = middle.rows();
  expect(shown[3]).toBe('  ↑ 20 lines above · PgUp/PgDn to scroll');
  expect(shown[14]).toMatch(/^ {2}… 31 more lines/);
  const end = await mount(<ApprovalPrompt width={80} maxRows={16} />, {
    state: { pendingApproval: edit(diff, 999) },
    columns: 80,
  });
  mounted.push(end);
  const last = end.rows();
  expect(last[3]).toMatch(/^ {2}↑ 50 lines above/);
  expect(last[14]).toBe('   line 40');
  expect(last.join('\n')).not.toContain('more lines');
});

test('a short diff is shown whole, with nothing about scrolling', async () => {
  const { diffFile } = await import('../../src/tools/file-diff');
  const diff = (await diffFile('three.txt', '', 'one\ntwo\nthree\n'))?.diff ?? '';
  const shown = await rows(edit(diff), 80);
  expect(shown.slice(3)).toEqual([
    '  @@ -0,0 +1,3 @@',
    '  +one',
    '  +two',
    '  +three',
    '  y/1 allow once · n/3/esc deny · e deny with a note',
  ]);
});

test('says where an allowed bash call runs when the sandbox is in use, and nothing otherwise', async () => {
  const confined = await rows(
    pending({
      subject: 'pandoc -o out.html README.md > log.txt',
      reason: 'writes log.txt',
      confined: true,
    }),
    100,
  );
  expect(confined.slice(0, 4)).toEqual([
    'Run this command? bash',
    '  pandoc -o out.html README.md > log.txt',
    '  writes log.txt',
    '  Runs in the sandbox: only the workspace writable, no network.',
  ]);
  const outside = await rows(
    pending({
      reason: 'deletes files; asks to run outside the sandbox: needs /var/www',
      confined: false,
    }),
    100,
  );
  expect(outside[3]).toBe('  Runs outside the sandbox.');
  expect((await rows(pending(), 100))[3]).not.toContain('sandbox');
});
