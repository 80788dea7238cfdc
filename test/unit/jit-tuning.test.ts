import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { BASELINE_WASM_FLAG, lazierOptimisationFlag, tuningFlags } from '../../src/cli/jit-tuning';

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
test.each(tuningFlags(process.versions.v8))(
  'the runtime running the tests knows %s, and takes it',
  (flag) => {
    const name = flag.slice(2).split('=')[0];
    const script = `require('node:v8').setFlagsFromString(${JSON.stringify(flag)}); console.log('on');`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('on\n');
    // The same flag on the command line shows up in V8's own listing of its options.
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    expect(options).toContain(`--${name} `);
  },
);

/** A fetch of ~300 KB of SSE through undici: how many wasm functions V8 gave TurboFan. */
function turbofanWasmCompiles(setFlag: boolean): number {
  const script = `
    if (${setFlag}) require('node:v8').setFlagsFromString(${JSON.stringify(BASELINE_WASM_FLAG)});
    const server = require('node:http').createServer((req, res) => {
      res.writeHead(200);
      for (let i = 0; i < 5000; i++) res.write('data: {"choices":[{"delta":{"content":"abcd"}}]}\\n\\n');
      res.end();
    }).listen(0, '127.0.0.1', async () => {
      const response = await fetch('http://127.0.0.1:' + server.address().port + '/');
      for await (const _ of response.body);
      server.close();
    });`;
  const run = spawnSync(process.execPath, ['--trace-wasm-compilation-times', '-e', script], {
    encoding: 'utf8',
  });
  expect(run.status).toBe(0);
  return run.stdout.split('\n').filter((line) => line.includes('using TurboFan')).length;
}

test('set at run time, the wasm flag keeps the HTTP parser of a streamed response off TurboFan', () => {
  // Node 20 and 22 recompile it at this size (Node 24 not yet): the control shows the work is real.
  if (Number.parseInt(process.versions.v8, 10) < 13)
    expect(turbofanWasmCompiles(false)).toBeGreaterThan(0);
  expect(turbofanWasmCompiles(true)).toBe(0);
});
