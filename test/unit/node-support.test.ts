import { expect, test } from 'vitest';
import { unsupportedNodeNotice } from '../../src/cli/node-support';

test('Node.js 22 and newer are supported; older ones get one line naming the version', () => {
  for (const version of ['22.0.0', '22.23.5', '24.22.3', '26.1.0'])
    expect(unsupportedNodeNotice(version)).toBeUndefined();
  expect(unsupportedNodeNotice('20.20.2')).toBe(
    'Node.js v20.20.2 is not supported (tick needs Node.js 22 or newer); carrying on.',
  );
  expect(unsupportedNodeNotice('v18.19.0')).toMatch(/^Node\.js v18\.19\.0 is not supported/);
});
