// The official MCP client conformance suite (@modelcontextprotocol/conformance) against tick's
// entry, `tick mcp conformance-client`: every client scenario, one at a time (the suite's own
// parallel run makes timing scenarios such as sse-retry fail on a loaded 2-core machine),
// then a table of what passed. `npm run build` first. Usage: node scripts/mcp-conformance.mjs
// [SCENARIO...]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = `${root}node_modules/@modelcontextprotocol/conformance/dist/index.js`;
const tick = `node ${root}bin/tick.js mcp conformance-client`;
// The CLI needs fs.globSync (Node 22); on Node 20 a module hook lends it one.
const major = Number(process.versions.node.split('.')[0]);
const preload = major < 22 ? ['--import', `${root}test/support/conformance/register.mjs`] : [];

function conformance(args) {
  return spawnSync(process.execPath, [...preload, cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

function clientScenarios() {
  const listed = conformance(['list']).stdout;
  const section = listed.slice(listed.indexOf('Client scenarios'));
  return [...section.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
}

const wanted = process.argv.slice(2);
const scenarios = wanted.length ? wanted : clientScenarios();
const rows = [];
for (const scenario of scenarios) {
  const run = conformance(['client', '--command', tick, '--scenario', scenario]);
  const output = `${run.stdout}\n${run.stderr}`;
  const passed = /OVERALL: PASSED/.test(output);
  const counts = /Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings/.exec(output);
  const failedChecks = [...output.matchAll(/\[([\w-]+)\s*\] \S*FAILURE/g)].map((m) => m[1]);
  rows.push({ scenario, passed, counts: counts ? `${counts[1]}/${counts[2]}` : '?', failedChecks });
  process.stderr.write(`${passed ? 'pass' : 'FAIL'} ${scenario}\n`);
}
console.log('| scenario | result | checks passed | failed checks |');
console.log('| --- | --- | --- | --- |');
for (const row of rows)
  console.log(
    `| ${row.scenario} | ${row.passed ? 'pass' : 'fail'} | ${row.counts} | ${row.failedChecks.join(', ')} |`,
  );
const passedCount = rows.filter((row) => row.passed).length;
console.log(`\n${passedCount} of ${rows.length} client scenarios pass.`);
