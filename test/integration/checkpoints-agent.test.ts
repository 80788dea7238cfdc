import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createAgent, type Agent } from '../../src/agent/agent';
import { startScriptedServer } from '../../src/demo/scripted-server';
import { collect, ofType, testConfig, tempDir } from '../support/agent-harness';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const todos = (active: number) =>
  ['Write the notes', 'Clean up', 'Generate the report'].map((content, index) => ({
    content,
    status: index < active ? 'completed' : index === active ? 'in_progress' : 'pending',
  }));

/** Three plan items: a file-tool write, then `rm` and an edit, then a script that makes a file. */
const SESSION = [
  { toolCalls: [{ name: 'todo_write', arguments: { todos: todos(0) } }] },
  { toolCalls: [{ name: 'write_file', arguments: { path: 'notes.txt', content: 'draft\n' } }] },
  { toolCalls: [{ name: 'todo_write', arguments: { todos: todos(1) } }] },
  { toolCalls: [{ name: 'bash', arguments: { command: 'rm old.txt' } }] },
  {
    toolCalls: [
      {
        name: 'edit_file',
        arguments: { path: 'notes.txt', old_text: 'draft', new_text: 'final' },
      },
    ],
  },
  { toolCalls: [{ name: 'todo_write', arguments: { todos: todos(2) } }] },
  { toolCalls: [{ name: 'bash', arguments: { command: 'sh make-report.sh' } }] },
  { toolCalls: [{ name: 'bash', arguments: { command: 'cat report.txt' } }] },
  { text: 'All three done.' },
];

async function session(): Promise<{ agent: Agent; payloads: string }> {
  const server = await startScriptedServer(SESSION);
  closers.push(() => server.close());
  const cwd = tempDir('tick-cp-ws-');
  writeFileSync(join(cwd, 'old.txt'), 'old notes\n');
  writeFileSync(join(cwd, 'make-report.sh'), 'printf "report\\n" > report.txt\n');
  const payloads = join(tempDir('tick-cp-hooks-'), 'payloads.jsonl');
  const record = { type: 'command' as const, command: `cat >> ${payloads}; echo >> ${payloads}` };
  const config = testConfig(server.baseURL, {
    cwd,
    permissionMode: 'bypassPermissions',
    hooks: {
      PreToolUse: [{ matcher: 'Bash|Write|Edit', hooks: [record] }],
      PostToolUse: [{ matcher: 'Bash|Write|Edit', hooks: [record] }],
    },
  });
  const agent = await createAgent(config, {
    approve: async () => ({ decision: 'deny' }),
    interactive: true,
  });
  closers.push(() => agent.close());
  const events = await collect(agent.run('do the three things', new AbortController().signal));
  expect(ofType(events, 'turn_end')[0].result).toBe('All three done.');
  return { agent, payloads };
}

describe('checkpoints in a session', { timeout: 60_000 }, () => {
  test('each call that may change files gets a point tagged with its plan item; hooks see checkpoint_id', async () => {
    const { agent, payloads } = await session();
    const choices = await agent.checkpoints.choices();
    // Newest first; inside #2, the edit's own point (the rm had changed a file before it).
    expect(choices.map((choice) => `${choice.label} · ${choice.files.length}`)).toEqual([
      'before #3 Generate the report · 1',
      'before edit_file notes.txt · 2',
      'before #2 Clean up · 3',
      'before #1 Write the notes · 3',
    ]);
    const heads = choices.filter((choice) => choice.head).map((choice) => choice.label);
    expect(heads).toEqual([
      'before #3 Generate the report',
      'before #2 Clean up',
      'before #1 Write the notes',
    ]);
    // The read-only `cat` got no point; the three items' four changing calls did.
    const lines = readFileSync(payloads, 'utf8').trim().split('\n').filter(Boolean);
    const seen = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const bashCat = seen.filter(
      (p) => (p.tool_input as { command?: string }).command === 'cat report.txt',
    );
    expect(bashCat.length).toBe(2);
    expect(bashCat.every((p) => !('checkpoint_id' in p))).toBe(true);
    const write = seen.filter((p) => p.tool_name === 'Write');
    expect(write.map((p) => p.hook_event_name)).toEqual(['PreToolUse', 'PostToolUse']);
    expect(write[0].checkpoint_id).toBe(write[1].checkpoint_id);
    expect(typeof write[0].checkpoint_id).toBe('number');
  });

  test('rewind to before #2 restores exactly its files, the model is told; the rewind can be undone', async () => {
    const { agent } = await session();
    const cwd = agent.cwd;
    const before2 = (await agent.checkpoints.choices()).find(
      (c) => c.label === 'before #2 Clean up',
    )!;
    expect(before2.files.map((f) => `${f.change} ${f.path}`).sort()).toEqual([
      'recreate old.txt',
      'remove report.txt',
      'restore notes.txt',
    ]);
    const events = await collect(
      agent.rewind(
        { kind: 'point', pointId: before2.point.id, conversation: false },
        new AbortController().signal,
      ),
    );
    const done = ofType(events, 'rewind_done')[0].report;
    expect(done.target).toBe('before #2 Clean up');
    expect(done.failed).toEqual([]);
    expect(readFileSync(join(cwd, 'notes.txt'), 'utf8')).toBe('draft\n');
    expect(readFileSync(join(cwd, 'old.txt'), 'utf8')).toBe('old notes\n');
    expect(existsSync(join(cwd, 'report.txt'))).toBe(false);
    expect(ofType(events, 'plan_items_undone')[0].keys.sort()).toEqual([
      'todo:Clean up',
      'todo:Generate the report',
    ]);
    const note = agent.messages().at(-1);
    expect(note?.role).toBe('user');
    expect(String(note?.content)).toContain('The user rewound the files to before #2 Clean up');

    const undo = await collect(
      agent.rewind(
        { kind: 'point', pointId: done.savedAs!, conversation: false },
        new AbortController().signal,
      ),
    );
    expect(ofType(undo, 'rewind_done')[0].report.failed).toEqual([]);
    expect(readFileSync(join(cwd, 'notes.txt'), 'utf8')).toBe('final\n');
    expect(existsSync(join(cwd, 'old.txt'))).toBe(false);
    expect(readFileSync(join(cwd, 'report.txt'), 'utf8')).toBe('report\n');
    expect(ofType(undo, 'plan_items_undone')[0].keys).toEqual([]);
  });

  test('with the conversation: the history goes back to before the call, the plan too', async () => {
    const { agent } = await session();
    const before2 = (await agent.checkpoints.choices()).find(
      (c) => c.label === 'before #2 Clean up',
    )!;
    const events = await collect(
      agent.rewind(
        { kind: 'point', pointId: before2.point.id, conversation: true },
        new AbortController().signal,
      ),
    );
    expect(ofType(events, 'rewind_done')[0].report.conversation).toBe(true);
    expect(agent.todos().map((t) => t.status)).toEqual(['completed', 'in_progress', 'pending']);
    const messages = agent.messages();
    // Cut before the assistant message that asked for `rm old.txt`; then the note.
    expect(JSON.stringify(messages)).not.toContain('rm old.txt');
    expect(JSON.stringify(messages)).toContain('notes.txt');
    expect(messages.at(-1)?.role).toBe('user');
  });

  test("a subagent's calls get points too, named with the subagent; a rewind takes back what it wrote", async () => {
    const CHILD = 'CHILD: write the summary';
    const server = await startScriptedServer({
      main: [
        { toolCalls: [{ name: 'todo_write', arguments: { todos: todos(0) } }] },
        { toolCalls: [{ name: 'agent', arguments: { description: 'Summarise', prompt: CHILD } }] },
        { text: 'parent done' },
      ],
      conversations: {
        [CHILD]: [
          {
            toolCalls: [
              { name: 'bash', arguments: { command: "printf 'by the child\\n' > child.txt" } },
            ],
          },
          { text: 'written' },
        ],
      },
    });
    closers.push(() => server.close());
    const cwd = tempDir('tick-cp-ws-');
    const config = testConfig(server.baseURL, { cwd, permissionMode: 'bypassPermissions' });
    const agent = await createAgent(config, {
      approve: async () => ({ decision: 'deny' }),
      interactive: true,
    });
    closers.push(() => agent.close());
    const events = await collect(agent.run('summarise', new AbortController().signal));
    expect(ofType(events, 'turn_end').at(-1)?.result).toBe('parent done');
    expect(readFileSync(join(cwd, 'child.txt'), 'utf8')).toBe('by the child\n');

    const choices = await agent.checkpoints.choices();
    const child = choices.find((choice) => choice.point.call?.tool === 'bash');
    expect(child?.point.call?.agent).toBeTruthy();
    expect(child?.point.item?.label).toBe('#1');
    expect(child?.files).toEqual([{ path: 'child.txt', change: 'remove' }]);
    const rewind = await collect(
      agent.rewind(
        { kind: 'point', pointId: child!.point.id, conversation: false },
        new AbortController().signal,
      ),
    );
    expect(ofType(rewind, 'rewind_done')[0].report.removed).toEqual(['child.txt']);
    expect(existsSync(join(cwd, 'child.txt'))).toBe(false);
  });
});
