import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChatMessage } from '../../src/model/types';
import { SESSION_FORMAT_VERSION } from '../../src/session/format';
import { readSessionFile } from '../../src/session/reader';
import { restoreSession } from '../../src/session/restore';
import { SessionWriter } from '../../src/session/writer';
import { tempDir } from '../support/agent-harness';

const todos = [{ content: 'Fix the bug', status: 'in_progress' as const }];
const call = (id: string): ChatMessage => ({
  role: 'assistant',
  content: null,
  tool_calls: [{ id, type: 'function', function: { name: 'bash', arguments: '{"command":"ls"}' } }],
});

function writer(file: string): SessionWriter {
  return SessionWriter.create(file, {
    v: SESSION_FORMAT_VERSION,
    kind: 'header',
    id: 's1',
    cwd: '/w',
    startedAt: new Date().toISOString(),
    model: 'm',
  });
}

describe('compaction in the session log', () => {
  it('resume continues from the compacted history; the transcript keeps every event', () => {
    const file = join(tempDir('tick-sess-'), 's1.jsonl');
    const log = writer(file);
    log.event({ type: 'user_prompt', text: 'fix it', source: 'user' });
    log.event({ type: 'todos_updated', todos });
    log.message({ role: 'user', content: 'fix it' });
    log.message(call('c1'));
    log.message({ role: 'tool', tool_call_id: 'c1', content: 'a.ts b.ts' });
    log.message(call('c2'));
    log.message({ role: 'tool', tool_call_id: 'c2', content: 'a.ts b.ts' });
    const summary = `<summary>\n${'The user wants the bug fixed. '.repeat(200)}\n</summary>`;
    const compacted: ChatMessage[] = [
      { role: 'user', content: summary },
      call('c2'),
      { role: 'tool', tool_call_id: 'c2', content: 'a.ts b.ts' },
    ];
    log.compact(compacted);
    log.event({
      type: 'context_compacted',
      trigger: 'auto',
      tokensBefore: 9000,
      tokensAfter: 1200,
      planKept: true,
      window: 10000,
    });
    log.message(call('c3'));
    log.message({ role: 'tool', tool_call_id: 'c3', content: 'ok' });
    log.close();

    // The long summary went to a blob, as any long message does.
    expect(readFileSync(file, 'utf8')).toContain('"kind":"compact"');
    expect(readFileSync(file, 'utf8')).toContain('"$blob"');

    const restored = restoreSession(readSessionFile(file));
    expect(restored.state.messages).toEqual([
      ...compacted,
      call('c3'),
      { role: 'tool', tool_call_id: 'c3', content: 'ok' },
    ]);
    expect(restored.state.todos).toEqual(todos);
    // Three tool rounds without todo_write, counted across the compaction.
    expect(restored.state.roundsSinceTodo).toBe(3);
    expect(restored.events.map((event) => event.type)).toEqual([
      'user_prompt',
      'todos_updated',
      'context_compacted',
    ]);
  });

  it('/clear after a compaction starts from nothing; a compact record without messages is skipped with a notice naming the line', () => {
    const dir = tempDir('tick-sess-');
    const file = join(dir, 's1.jsonl');
    const log = writer(file);
    log.message({ role: 'user', content: 'one' });
    log.compact([{ role: 'user', content: '<summary>one</summary>' }]);
    log.clear();
    log.message({ role: 'user', content: 'two' });
    log.close();
    expect(restoreSession(readSessionFile(file)).state.messages).toEqual([
      { role: 'user', content: 'two' },
    ]);

    const bad = join(dir, 'bad.jsonl');
    const broken = writer(bad);
    broken.message({ role: 'user', content: 'one' });
    broken.close();
    const text = readFileSync(bad, 'utf8');
    writeFileSync(bad, `${text}{"kind":"compact","t":1}\n{"kind":"clear","t":2}\n`);
    const parsed = readSessionFile(bad);
    expect(parsed.notices).toEqual([
      `${bad} line 3: skipped a damaged line (compact record has no messages); the rest of the session is kept`,
    ]);
    expect(restoreSession(parsed).state.messages).toEqual([]);
  });
});
