import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createAgent } from '../../src/agent/agent';
import { startScriptedServer, type ScriptedServer } from '../../src/demo/scripted-server';
import type { ApprovalDecision, ApprovalRequest } from '../../src/protocol/approval';
import { collect, ofType, tempDir, testConfig } from '../support/agent-harness';

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/**
 * Runs one call through the real agent (real gate, real tool) and answers its question
 * with `answer`, noting what the file held while the question was open.
 */
async function ask(
  cwd: string,
  call: { name: string; arguments: Record<string, unknown> },
  answer: ApprovalDecision,
  file: string,
) {
  const server = await startScriptedServer([{ toolCalls: [call] }, { text: 'done' }]);
  servers.push(server);
  const asked: { request: ApprovalRequest; fileThen: string | undefined }[] = [];
  const agent = await createAgent(testConfig(server.baseURL, { cwd }), {
    interactive: true,
    approve: async (request) => {
      let fileThen: string | undefined;
      try {
        fileThen = readFileSync(join(cwd, file), 'utf8');
      } catch {
        fileThen = undefined;
      }
      asked.push({ request, fileThen });
      return answer;
    },
  });
  const events = await collect(agent.run('change it', new AbortController().signal));
  await agent.close();
  return { asked, events };
}

test('edit_file asks with the diff of the change, before anything is written', async () => {
  const cwd = tempDir('tick-ws-');
  writeFileSync(join(cwd, 'crlf.txt'), 'one\r\ntwo\r\nthree\r\n');
  const { asked, events } = await ask(
    cwd,
    { name: 'edit_file', arguments: { path: 'crlf.txt', old_text: 'two', new_text: 'TWO' } },
    { decision: 'deny' },
    'crlf.txt',
  );
  expect(asked).toHaveLength(1);
  expect(asked[0].fileThen).toBe('one\r\ntwo\r\nthree\r\n');
  expect(asked[0].request.preview?.diff).toBe(
    '--- crlf.txt\n+++ crlf.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three',
  );
  // The question and its preview are in the event the session log records.
  expect(ofType(events, 'permission_asked')[0].request.preview).toEqual(asked[0].request.preview);
  expect(readFileSync(join(cwd, 'crlf.txt'), 'utf8')).toBe('one\r\ntwo\r\nthree\r\n');
});

test('write_file asks with the new content of a new file, and with the diff of an existing one', async () => {
  const cwd = tempDir('tick-ws-');
  const fresh = await ask(
    cwd,
    { name: 'write_file', arguments: { path: 'three.txt', content: 'one\ntwo\nthree\n' } },
    { decision: 'allow_once' },
    'three.txt',
  );
  expect(fresh.asked[0].fileThen).toBeUndefined();
  expect(fresh.asked[0].request.preview?.diff).toBe(
    '--- three.txt\n+++ three.txt\n@@ -0,0 +1,3 @@\n+one\n+two\n+three',
  );
  expect(readFileSync(join(cwd, 'three.txt'), 'utf8')).toBe('one\ntwo\nthree\n');

  const again = await ask(
    cwd,
    { name: 'write_file', arguments: { path: 'three.txt', content: 'one\n2\nthree\n' } },
    { decision: 'deny' },
    'three.txt',
  );
  expect(again.asked[0].request.preview?.diff).toBe(
    '--- three.txt\n+++ three.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three',
  );
  expect(readFileSync(join(cwd, 'three.txt'), 'utf8')).toBe('one\ntwo\nthree\n');
});

test('a preview that cannot be made leaves the question as it was', async () => {
  const cwd = tempDir('tick-ws-');
  mkdirSync(join(cwd, 'folder'));
  for (const call of [
    // A folder where a file should be, and a text that is not in the file.
    { name: 'edit_file', arguments: { path: 'folder', old_text: 'a', new_text: 'b' } },
    { name: 'write_file', arguments: { path: 'folder', content: 'x' } },
  ]) {
    const { asked, events } = await ask(cwd, call, { decision: 'allow_once' }, 'folder');
    expect(asked).toHaveLength(1);
    expect(asked[0].request.subject).toContain('folder');
    expect(asked[0].request.preview).toBeUndefined();
    expect(ofType(events, 'tool_result')[0].output).toMatch(/^Error: .*folder/);
  }
});
