import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OutputFileTee } from '../../src/tools/output-file';
import { tempDir } from '../support/agent-harness';

function source() {
  const calls: string[] = [];
  return { calls, pause: () => calls.push('pause'), resume: () => calls.push('resume') };
}

describe('OutputFileTee', () => {
  it('a short output never touches the disk', async () => {
    const file = join(tempDir('tick-tee-'), 'out.txt');
    const tee = new OutputFileTee(file, source(), 100);
    tee.push('a'.repeat(60));
    tee.push(Buffer.from('b'.repeat(40)));
    expect(await tee.close()).toBeUndefined();
    expect(existsSync(file)).toBe(false);
  });

  it('a long one is written whole, in order, bytes as they came; the source waits while the disk catches up', async () => {
    const file = join(tempDir('tick-tee-'), 'deep', 'out.txt');
    const src = source();
    const tee = new OutputFileTee(file, src, 1_000);
    const parts: Buffer[] = [];
    for (let i = 0; i < 64; i += 1) {
      // Multi-byte characters split across chunks must survive as bytes.
      const part = Buffer.from(`${String(i).padStart(4, '0')} ${'é'.repeat(32_000)}\n`);
      parts.push(part.subarray(0, 7), part.subarray(7));
    }
    for (const part of parts) tee.push(part);
    expect(src.calls[0]).toBe('pause');
    expect(await tee.close()).toBe(file);
    expect(readFileSync(file).equals(Buffer.concat(parts))).toBe(true);
    expect(src.calls.filter((c) => c === 'pause')).toHaveLength(
      src.calls.filter((c) => c === 'resume').length,
    );
  });

  it('a file that cannot be written means no file, and the source is not left paused', async () => {
    const dir = tempDir('tick-tee-');
    const src = source();
    // A folder where the file should be: opening it fails.
    const tee = new OutputFileTee(dir, src, 10);
    tee.push('x'.repeat(2_000_000));
    expect(await tee.close()).toBeUndefined();
    expect(src.calls.filter((c) => c === 'pause').length).toBe(
      src.calls.filter((c) => c === 'resume').length,
    );
  });
});
