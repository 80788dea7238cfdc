import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderMarkdown } from '../../src/session/export-markdown';
import { readSessionFile } from '../../src/session/reader';
import { prepareReplay } from '../../src/session/replay';
import { buildReport } from '../../src/session/report';
import { restoreSession } from '../../src/session/restore';

// A session recorded by `tick -p` then `tick -p -c` (format v1). Later versions must still read it.
const FIXTURE = fileURLToPath(
  new URL('../fixtures/sessions/v1-two-prompts.jsonl', import.meta.url),
);
const config = Array.from({ length: 300 }, (_, i) => `key${i}=value${i}`).join('\n') + '\n';

describe('a recorded v1 session', () => {
  it('restores the history, the final todo list and the reminder count', () => {
    const parsed = readSessionFile(FIXTURE);
    expect(parsed.notices).toEqual([]);
    const restored = restoreSession(parsed);
    expect(restored.state.messages.map((message) => message.role).join(' ')).toBe(
      'user assistant tool assistant tool assistant tool assistant tool assistant tool assistant ' +
        'user assistant tool assistant',
    );
    expect(restored.state.todos).toEqual([
      { content: 'Write config.txt', status: 'completed', activeForm: 'Writing config.txt' },
      { content: 'Read it back', status: 'completed', activeForm: 'Reading it back' },
    ]);
    expect(restored.state.roundsSinceTodo).toBe(1);
    expect(restored.grantedRules).toEqual([]);
  });

  it('gives back the large read_file output and write_file input stored once as blobs', () => {
    // In the arguments blob, the write's diff and the read_file output blob; nowhere else.
    const lines = readFileSync(FIXTURE, 'utf8').split('\n');
    const carriers = lines
      .filter((line) => line.includes('key299=value299'))
      .map((line) => JSON.parse(line));
    expect(carriers.map((line) => line.kind)).toEqual(['blob', 'event', 'blob']);
    expect(carriers[1].event).toMatchObject({ type: 'tool_result', name: 'write_file' });
    expect(carriers[1].event.display.diff).toContain('+key299=value299');
    const { state, events } = restoreSession(readSessionFile(FIXTURE));
    const write = state.messages.find(
      (message) => message.role === 'assistant' && message.tool_calls?.[0]?.id === 'call_2_1',
    );
    const call = write?.role === 'assistant' ? write.tool_calls?.[0] : undefined;
    expect(call?.type === 'function' && JSON.parse(call.function.arguments)).toEqual({
      path: 'config.txt',
      content: config,
    });
    const ready = events.find(
      (event) => event.type === 'tool_call_ready' && event.name === 'write_file',
    );
    expect(ready?.type === 'tool_call_ready' && ready.input).toEqual({
      path: 'config.txt',
      content: config,
    });
    const read = state.messages.find(
      (message) => message.role === 'tool' && message.tool_call_id === 'call_4_1',
    );
    expect(read?.content).toMatch(/^ {5}1\tkey0=value0\n[\s\S]*300\tkey299=value299/);
  });

  it('gives its calls, recorded before calls carried their look, the looks their tools had', () => {
    const { events } = restoreSession(readSessionFile(FIXTURE));
    const looks = new Map(
      events.flatMap((event) =>
        event.type === 'tool_call_ready' || event.type === 'tool_result'
          ? [[event.name, event.look] as const]
          : [],
      ),
    );
    expect(Object.fromEntries(looks)).toEqual({
      todo_write: { role: 'plan', resultShape: 'plan' },
      write_file: { role: 'edit', resultShape: 'diff' },
      read_file: { role: 'read', resultShape: 'count' },
    });
  });

  it('replays as two prompts with their own answers', async () => {
    const prepared = await prepareReplay(FIXTURE);
    expect(prepared.prompts).toEqual(['Create a config file and read it back', 'Add a README']);
    expect(
      prepared.turns.map((turns) =>
        turns.map((turn) => turn.toolCalls?.[0]?.name ?? `text: ${turn.text}`),
      ),
    ).toEqual([
      [
        'todo_write',
        'write_file',
        'todo_write',
        'read_file',
        'todo_write',
        'text: Created config.txt (300 lines) and read it back.',
      ],
      ['write_file', 'text: Added README.md.'],
    ]);
  });

  it('exports the todo history with the calls made while each item was in progress', () => {
    const md = renderMarkdown(buildReport(readSessionFile(FIXTURE)));
    expect(md).toContain('- Prompts: 2 · Tool calls: 6 · Todos: 2/2 completed');
    expect(md).toMatch(
      /\| 1 \| Write config\.txt \| completed \| [\d-]+ [\d:]+ \| [\d-]+ [\d:]+ \| `write_file config\.txt` \|/,
    );
    expect(md).toMatch(
      /\| 2 \| Read it back \| completed \| [\d-]+ [\d:]+ \| [\d-]+ [\d:]+ \| `read_file config\.txt` \|/,
    );
    expect(md).toContain('## 2. Prompt');
    expect(md).toContain('… (280 more lines)');
  });
});
