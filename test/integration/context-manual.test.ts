import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgent } from '../../src/agent/agent';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import type { RecordedRequest } from '../../src/demo/scripted-server';
import { openSessionForRun } from '../../src/session/open';
import { collect, ofType, tempDir, testConfig } from '../support/agent-harness';
import type { Config } from '../../src/config/types';
import {
  bash,
  headOf,
  isSummaryRequest,
  printChars,
  todoWrite,
  workingModel,
} from './context-support';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const never = () => new AbortController().signal;

async function agentFor(script: Script, overrides: Partial<Config> = {}) {
  server = await startScriptedServer(script);
  const config = testConfig(server.baseURL, { permissionMode: 'bypassPermissions', ...overrides });
  const agent = await createAgent(config, {
    approve: async () => ({ decision: 'allow_once' }),
    interactive: false,
  });
  return { agent, config, server };
}

const plan = [
  { content: 'Read the API', status: 'completed' as const },
  { content: 'Write notes', status: 'in_progress' as const },
];

describe('/compact [focus] (manual compaction)', () => {
  it('summarises with the focus, keeps the plan, fires PreCompact (manual) with the focus as custom_instructions', async () => {
    const model = workingModel([
      todoWrite(plan),
      bash('echo api'),
      { text: 'Noted.' },
      { text: 'Next answer.' },
    ]);
    const hookFile = 'precompact.json';
    const {
      agent,
      config,
      server: s,
    } = await agentFor(model.script, {
      hooks: {
        PreCompact: [
          { matcher: 'manual', hooks: [{ type: 'command', command: `cat > ${hookFile}` }] },
        ],
      },
    });
    await collect(agent.run('read the API and take notes', never()));
    const events = await collect(agent.compact('keep the API notes', never()));

    const compacted = ofType(events, 'context_compacted');
    expect(compacted).toHaveLength(1);
    expect(compacted[0]).toMatchObject({ trigger: 'manual', planKept: true });
    expect(ofType(events, 'turn_end')[0].reason).toBe('done');
    const summaryRequest = s.requests.find(isSummaryRequest) as RecordedRequest;
    expect(summaryRequest.body.messages[1].content).toContain(
      'Pay most attention to: keep the API notes',
    );

    const payload = JSON.parse(readFileSync(join(config.cwd, hookFile), 'utf8'));
    expect(payload).toMatchObject({
      hook_event_name: 'PreCompact',
      trigger: 'manual',
      custom_instructions: 'keep the API notes',
      session_id: agent.sessionId,
    });

    // The next request carries the summary and the plan, not the old history.
    await collect(agent.run('go on', never()));
    const next = s.requests.at(-1) as RecordedRequest;
    expect(headOf(next)).toContain(model.summaries[0]);
    expect(headOf(next)).toContain('[x] Read the API\n[>] Write notes');
    expect(JSON.stringify(next.body.messages)).not.toContain('read the API and take notes');
    expect(agent.contextUsage().tokens).toBeGreaterThan(0);
  });

  it.each([
    ['todo_write', {}],
    ['the task tools', { tasks: true, home: tempDir('tick-home-') }],
  ] as const)(
    'says nothing about a plan when there is none (%s): no plan kept, no plan block',
    async (_plan, overrides) => {
      const model = workingModel([bash('echo api'), { text: 'Noted.' }, { text: 'Next answer.' }]);
      const { agent, server: s } = await agentFor(model.script, overrides);
      await collect(agent.run('read the API', never()));
      const events = await collect(agent.compact('', never()));
      expect(ofType(events, 'context_compacted')[0]).toMatchObject({ planKept: false });
      await collect(agent.run('go on', never()));
      const head = headOf(s.requests.at(-1) as RecordedRequest);
      expect(head).toContain(model.summaries[0]);
      expect(head).not.toContain('<plan>');
      expect(head).not.toMatch(/No todos|No tasks/);
    },
  );

  it('a PreCompact hook that exits 2 blocks it: the history stays, the user is told why', async () => {
    const { agent, server: s } = await agentFor(workingModel([{ text: 'Hi.' }]).script, {
      hooks: {
        PreCompact: [{ hooks: [{ type: 'command', command: 'echo "not now" >&2; exit 2' }] }],
      },
    });
    await collect(agent.run('hello', never()));
    const before = [...agent.messages()];
    const events = await collect(agent.compact('', never()));
    expect(ofType(events, 'context_compacted')).toEqual([]);
    expect(ofType(events, 'error').map((e) => e.message)).toEqual([
      'Compaction blocked by a PreCompact hook: not now',
    ]);
    expect(agent.messages()).toEqual(before);
    expect(s.requests.filter(isSummaryRequest)).toEqual([]);
  });

  it('the reminder count carries over a compaction', async () => {
    const model = workingModel([
      bash('echo one'),
      bash('echo two'),
      { text: 'Two rounds, no todo_write.' },
      bash('echo three'),
      { text: 'Third round.' },
    ]);
    const { agent } = await agentFor(model.script);
    await collect(agent.run('first', never()));
    await collect(agent.compact('', never()));
    // Two rounds before the compaction plus one after: the third round reminds.
    const events = await collect(agent.run('second', never()));
    expect(ofType(events, 'reminder_injected')).toHaveLength(1);
  });

  it('/compact right after a compaction says there is nothing to compact, and asks no summary', async () => {
    const model = workingModel([bash('echo api'), { text: 'Noted.' }, { text: 'Next.' }]);
    const { agent, server: s } = await agentFor(model.script);
    await collect(agent.run('read the API', never()));
    const first = await collect(agent.compact('', never()));
    const [compacted] = ofType(first, 'context_compacted');
    expect(compacted.tokensAfter).toBeGreaterThan(0);
    const history = [...agent.messages()];
    const again = await collect(agent.compact('', never()));
    expect(ofType(again, 'context_compacted')).toEqual([]);
    expect(ofType(again, 'error').map((e) => e.message)).toEqual([
      'Nothing to compact: the history was just compacted.',
    ]);
    expect(agent.messages()).toEqual(history);
    expect(s.requests.filter(isSummaryRequest)).toHaveLength(1);
    // Once the conversation goes on, there is something to compact again.
    await collect(agent.run('go on', never()));
    const later = await collect(agent.compact('', never()));
    expect(ofType(later, 'context_compacted')).toHaveLength(1);
  });

  it('nothing to compact in a new conversation', async () => {
    const { agent } = await agentFor([]);
    const events = await collect(agent.compact('', never()));
    expect(ofType(events, 'error').map((e) => e.message)).toEqual(['Nothing to compact yet.']);
  });

  it('auto-compaction fires PreCompact with trigger auto (the matcher picks it)', async () => {
    const model = workingModel([
      ...Array.from({ length: 12 }, () => bash(printChars(1_980))),
      { text: 'Done.' },
    ]);
    const { agent, config } = await agentFor(model.script, {
      contextWindow: 5_000,
      hooks: {
        PreCompact: [
          {
            matcher: 'auto',
            hooks: [{ type: 'command', command: 'cat >> auto.jsonl' }],
          },
        ],
      },
    });
    const events = await collect(agent.run('go', never()));
    const count = ofType(events, 'context_compacted').length;
    expect(count).toBeGreaterThanOrEqual(1);
    const lines = readFileSync(join(config.cwd, 'auto.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(count);
    expect(JSON.parse(lines[0])).toMatchObject({
      hook_event_name: 'PreCompact',
      trigger: 'auto',
      custom_instructions: '',
    });
  });
});

describe('long tool results', () => {
  it('are kept whole in the session folder, and read_file pages through them without asking (print mode)', async () => {
    let spilled = '';
    const script: Script = (request, index) => {
      if (index === 0) return bash(`${printChars(60_000)}; echo; echo LAST-LINE`);
      if (index === 1) {
        const tool = (request.body.messages as { role: string; content: string }[]).at(-1);
        spilled = /The whole output is in (\S+) /.exec(tool?.content ?? '')?.[1] ?? '';
        return {
          toolCalls: [{ name: 'read_file', arguments: { path: spilled, offset: 600, limit: 5 } }],
        };
      }
      return { text: 'Read it.' };
    };
    server = await startScriptedServer(script);
    // The default mode, and print mode: anything that needs approval would be denied.
    const config = testConfig(server.baseURL, { permissionMode: 'default' });
    const session = await openSessionForRun(config);
    const agent = await createAgent(config, {
      ...session.agentOptions,
      approve: async () => ({ decision: 'deny' }),
      interactive: false,
    });
    const events = await collect(agent.run('show me', never()));
    session.close();
    expect(spilled.startsWith(join(session.file.replace(/\.jsonl$/, ''), 'tool-results'))).toBe(
      true,
    );
    expect(existsSync(spilled)).toBe(true);
    const whole = readFileSync(spilled, 'utf8');
    expect(whole.endsWith('LAST-LINE\n')).toBe(true);
    expect(whole.split('\n')).toHaveLength(602);

    const results = ofType(events, 'tool_result');
    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['bash', 'ok'],
      ['read_file', 'ok'],
    ]);
    expect(results[1].output).toMatch(/^\s+600\tx{100}\n\s+601\tLAST-LINE/);
    expect(ofType(events, 'permission_asked')).toEqual([]);
    // The model got the head, the tail (with the last line) and the path, not 60,000 characters.
    const toolMessage =
      (server.requests[1].body.messages as { content: string }[]).at(-1)?.content ?? '';
    expect(toolMessage.length).toBeLessThan(12_000);
    expect(toolMessage).toContain('LAST-LINE');
  });
});
