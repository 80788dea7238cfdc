import { expect, test } from 'vitest';
import type { HookInputs } from '../../src/hooks/types';
import { approvalPreview } from '../../src/permissions/approval-preview';
import { lookOf } from '../../src/tools/registry';

const call = (preview?: HookInputs['PreToolUse']['preview']): HookInputs['PreToolUse'] => ({
  callId: 'c1',
  toolName: 'edit_file',
  look: lookOf('edit_file'),
  input: { path: 'a.txt' },
  access: { kind: 'write', paths: ['/w/a.txt'] },
  claude: { toolName: 'Edit', toolInput: { file_path: '/w/a.txt' } },
  ...(preview ? { preview } : {}),
});

test('the preview of the input the gate is asked about', async () => {
  const seen: unknown[] = [];
  const preview = await approvalPreview(
    call(async (input) => {
      seen.push(input);
      return { diff: '+x' };
    }),
  );
  expect(preview).toEqual({ diff: '+x' });
  expect(seen).toEqual([{ path: 'a.txt' }]);
});

test('no preview: a tool without one, one that fails, one that is too slow', async () => {
  expect(await approvalPreview(call())).toBeUndefined();
  expect(
    await approvalPreview(
      call(async () => {
        throw new Error('EACCES: permission denied');
      }),
    ),
  ).toBeUndefined();
  const started = Date.now();
  const never = call(() => new Promise(() => undefined));
  expect(await approvalPreview(never, 50)).toBeUndefined();
  expect(Date.now() - started).toBeLessThan(1_000);
});
