/**
 * A separate process that changes a task list and stops itself at a chosen moment while it
 * holds the list lock, as Ctrl+Z (SIGSTOP) or a kill -9 would catch a tick process. Bundled
 * by test/integration/task-lock-faults.test.ts; run as
 * `node holder.mjs DIR TASK_ID DESCRIPTION MOMENT MARKER`, where MOMENT is `after-read` (stop
 * once it has read task TASK_ID), `before-rename` (stop with its temp file written, before
 * renaming it over the task) or `before-unlink` (it deletes the task instead: stop after the
 * other tasks' writes, before the task's file is removed). It writes MARKER when it stops, and
 * prints the tool's result as JSON.
 */
import fsp from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { syncBuiltinESMExports } from 'node:module';
import { task_update } from '../../src/tools/task-update';

const [dir, taskId, description, moment, marker] = process.argv.slice(2);
let stopped = false;

/** Says where it is (a file, written at once) and stops, as a stopped or killed tick would. */
function stopHere(): void {
  stopped = true;
  writeFileSync(marker, String(process.pid));
  process.kill(process.pid, 'SIGSTOP');
}

const readFile = fsp.readFile;
fsp.readFile = (async (...args: Parameters<typeof readFile>) => {
  const text = await readFile(...args);
  if (moment === 'after-read' && !stopped && basename(String(args[0])) === `${taskId}.json`)
    stopHere();
  return text;
}) as typeof readFile;
const rename = fsp.rename;
fsp.rename = (async (from: string, to: string) => {
  if (moment === 'before-rename' && !stopped && basename(to) === `${taskId}.json`) stopHere();
  return rename(from, to);
}) as typeof rename;
const unlink = fsp.unlink;
fsp.unlink = (async (target: Parameters<typeof unlink>[0]) => {
  if (moment === 'before-unlink' && !stopped && basename(String(target)) === `${taskId}.json`)
    stopHere();
  return unlink(target);
}) as typeof unlink;
// The store imports these by name from the built-in ES module: bring its bindings up to date.
syncBuiltinESMExports();

// Through the task_update tool, so the outcome is what the model would be told.
const change =
  moment === 'before-unlink' ? { taskId, status: 'deleted' as const } : { taskId, description };
const { output, isError } = await task_update.run(change, {
  cwd: dir,
  roots: [dir],
  signal: new AbortController().signal,
  onOutput: () => undefined,
  sandbox: false,
  agentName: 'main',
  taskList: { id: basename(dir), dir },
});
process.stdout.write(`${JSON.stringify({ output, isError: isError === true })}\n`);
