import stringWidth from 'string-width';
import { afterEach, expect, test } from 'vitest';
import { ApprovalPrompt } from '../../components/ApprovalPrompt';
import type { PendingApproval } from '../../src/store/types';
import { mount, type Mounted } from './helpers';

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
      subject: 'rm -rf build',
      reason: 'deletes files (rm)',
      alwaysRule: 'bash(rm -rf build)',
      ...partial,
    },
    noteMode: false,
    note: '',
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
  expect(shown.slice(0, 3)).toEqual([
    'Run this command? bash',
    '  rm -rf build',
    '  deletes files (rm)',
  ]);
  // The choices wrap at 100 columns, each row indented.
  expect(shown.length).toBe(5);
  for (const row of shown.slice(3)) expect(row.startsWith('  ')).toBe(true);
  expect(
    shown
      .slice(3)
      .map((row) => row.trim())
      .join(' '),
  ).toBe(
    'y/1 allow once · a/2 allow bash(rm -rf build) this session · s always, saved to .tick/settings.local.json · n/3/esc deny · e deny with a note',
  );
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
