import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { lazierOptimisationFlag } from '../../src/cli/jit-tuning';

test('the flag is chosen by the V8 version: a bytecode budget on V8 11, a call count from V8 12', () => {
  expect(lazierOptimisationFlag('11.3.244.8-node.38')).toBe('--interrupt-budget=540672');
  expect(lazierOptimisationFlag('12.4.254.21-node.33')).toBe(
    '--invocation-count-for-turbofan=24000',
  );
  expect(lazierOptimisationFlag('13.6.233.10-node.28')).toBe(
    '--invocation-count-for-turbofan=24000',
  );
});

// V8 prints "unrecognized flag" for a flag it does not have and carries on: only the real
// runtime can say the flag took (CI runs this on Node 20 and on Node 22).
test('the runtime running the tests knows the flag chosen for it, and takes it', () => {
  const flag = lazierOptimisationFlag(process.versions.v8);
  const [name, value] = flag.slice(2).split('=');
  const script = `require('node:v8').setFlagsFromString(${JSON.stringify(flag)}); console.log('on');`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe('on\n');
  // The same flag on the command line shows up in V8's own listing of its options.
  const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
  expect(options).toContain(`--${name} `);
  expect(Number(value)).toBeGreaterThan(0);
});
