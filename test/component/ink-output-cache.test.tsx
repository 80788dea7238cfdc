import { Box, Text } from 'ink';
import { render } from 'ink-testing-library';
import { describe, expect, test } from 'vitest';
import { installInkPatches } from '../../src/cli/ink-patches';
import { strip } from './helpers';

function Screen({ rows }: { rows: string[] }) {
  return (
    <Box flexDirection="column" width={30} height={rows.length} overflow="hidden">
      {rows.map((row, index) => (
        <Text key={index}>{row}</Text>
      ))}
    </Box>
  );
}

describe('shared output caches (installInkPatches)', () => {
  test('frames drawn with caches shared across frames show exactly what each frame holds', () => {
    const frames = [
      ['\x1b[1mtitle\x1b[0m', 'one', '\x1b[32m✓ done\x1b[0m 中文'],
      ['\x1b[1mtitle\x1b[0m', 'two', '\x1b[32m✓ done\x1b[0m 中文'],
      ['one', '\x1b[1mtitle\x1b[0m', '🎉 party'],
    ];
    const expected = frames.map((rows) => {
      const { lastFrame, unmount } = render(<Screen rows={rows} />);
      const frame = lastFrame() ?? '';
      unmount();
      return frame;
    });
    installInkPatches();
    const { lastFrame, rerender } = render(<Screen rows={frames[0]} />);
    for (let round = 0; round < 2; round++) {
      frames.forEach((rows, index) => {
        rerender(<Screen rows={rows} />);
        expect(lastFrame()).toBe(expected[index]);
      });
    }
    expect(strip(lastFrame()).split('\n')).toEqual(['one', 'title', '🎉 party']);
  });
});
