import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startScriptedServer, type ScriptedServer } from '../../src/demo/scripted-server';
import { SessionFileError } from '../../src/session/format';
import { summarise } from '../../src/session/list';
import { parseSessionText } from '../../src/session/reader';
import { restoreSession } from '../../src/session/restore';
import { buildReport } from '../../src/session/report';
import { renderMarkdown } from '../../src/session/export-markdown';
import { renderHtml } from '../../src/session/export-html';
import { reduceEvents } from '../../src/store/reducer';
import { initialState } from '../../src/store/store';
import { sessionText } from '../../components/lines/session-text';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { ensureBuilt, sessionFiles, tickEnv } from './session-support';

/*
 * Hand edits of a real session, one field at a time: every field of every line of a log the
 * CLI wrote (tools, todos, tasks, a denied command, a subagent) set to each wrong type in turn,
 * or removed. Whatever the edit, what reads a log (resume, the sessions list, both export
 * formats, the app's transcript on resume) either uses the line or skips it with a notice; none
 * of them throws. (It found a turn's end reason, a result's display and a task's fields
 * unchecked, and events of an unknown type crashing the reader.)
 */

beforeAll(ensureBuilt, 120_000);

const servers: ScriptedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Removed, or a value of each JSON type but the right one (one of them is right: harmless). */
const WRONG: unknown[] = [undefined, null, 42, 'text', true, [], {}];

type Path = (string | number)[];

/** Every path to a value in a parsed line (the line's own fields and all below). */
function paths(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const below = Object.entries(value).flatMap(([key, child]) =>
    paths(child, [...prefix, Array.isArray(value) ? Number(key) : key]),
  );
  return prefix.length ? [prefix, ...below] : below;
}

/** The line with the value at `path` replaced (undefined: the key removed). */
function edited(line: string, path: Path, value: unknown): string {
  const record = JSON.parse(line) as Record<string | number, unknown>;
  let node = record;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
  return JSON.stringify(record);
}

/** Everything that reads a session file, as each user-facing command would. */
function readEverywhere(file: string, text: string): void {
  writeFileSync(file, text);
  summarise(file);
  const parsed = parseSessionText(file, text);
  const restored = restoreSession(parsed);
  const state = reduceEvents(
    initialState({ model: 'm', mode: 'default', demo: false, cwd: '/w' }),
    restored.events,
    Date.now(),
  );
  sessionText(state, 80, { color: false, unicode: true });
  sessionText(state, 24, { color: true, unicode: false });
  const report = buildReport(parsed);
  renderMarkdown(report);
  renderHtml(report);
}

describe('a session line with a field of the wrong type', () => {
  it('never crashes resume, the sessions list, export or the app transcript', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    writeFileSync(join(cwd, 'a.txt'), 'hello\n');
    const server = await startScriptedServer([
      {
        toolCalls: [
          { name: 'bash', arguments: { command: 'echo hi' } },
          {
            name: 'todo_write',
            arguments: { todos: [{ content: 'x', status: 'in_progress', activeForm: 'Xing' }] },
          },
        ],
      },
      {
        toolCalls: [
          { name: 'read_file', arguments: { path: 'a.txt' } },
          {
            name: 'edit_file',
            arguments: { path: 'a.txt', old_string: 'hello', new_string: 'bye' },
          },
        ],
      },
      {
        toolCalls: [
          { name: 'task_create', arguments: { subject: 'Ship' } },
          { name: 'bash', arguments: { command: 'rm -rf /tmp/not-allowed' } },
        ],
      },
      {
        toolCalls: [
          { name: 'task_update', arguments: { taskId: '1', status: 'in_progress' } },
          { name: 'agent', arguments: { description: 'look', prompt: 'look around' } },
        ],
      },
      { toolCalls: [{ name: 'glob', arguments: { pattern: '*.txt' } }] },
      { text: 'child done' },
      { text: 'done' },
    ]);
    servers.push(server);
    const run = await runTick(['-p', 'go', '--tasks', '--allowedTools', 'bash(echo *),edit_file'], {
      cwd,
      env: tickEnv(server.baseURL, home),
    });
    expect(run.exitCode).toBe(0);
    const [file] = sessionFiles(home);
    const lines = readFileSync(file, 'utf8').split('\n').slice(0, -1);
    const kinds = new Set(
      lines.map((line) => JSON.parse(line).event?.type ?? JSON.parse(line).kind),
    );
    // The log holds what the edits should reach.
    for (const kind of ['tool_result', 'tasks_updated', 'permission_decided', 'subagent_event'])
      expect(kinds).toContain(kind);

    const copy = join(tempDir('tick-edited-'), 'edited.jsonl');
    const crashes: string[] = [];
    let edits = 0;
    for (let index = 1; index < lines.length; index += 1) {
      for (const path of paths(JSON.parse(lines[index]))) {
        for (const value of WRONG) {
          const text = [
            ...lines.slice(0, index),
            edited(lines[index], path, value),
            ...lines.slice(index + 1),
          ]
            .join('\n')
            .concat('\n');
          edits += 1;
          try {
            readEverywhere(copy, text);
          } catch (error) {
            // A file that is no tick session at all is refused by name: that is no crash.
            if (error instanceof SessionFileError) continue;
            crashes.push(
              `line ${index + 1} ${path.join('.')} = ${JSON.stringify(value)}: ${String(error)}`,
            );
          }
        }
      }
    }
    expect(edits).toBeGreaterThan(5_000);
    expect(crashes).toEqual([]);
  }, 240_000);
});
