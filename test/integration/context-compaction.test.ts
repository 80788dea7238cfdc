import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
  type ScriptedServerOptions,
} from '../../src/demo/scripted-server';
import type { AgentEvent } from '../../src/protocol/events';
import { tempDir } from '../support/agent-harness';
import { runTick } from '../support/run-cli';
import { completeLines, ensureBuilt, sessionFiles, tickEnv } from './session-support';
import {
  bash,
  headOf,
  isSummaryRequest,
  printChars,
  promptTokensOf,
  todoWrite,
  workingModel,
} from './context-support';

beforeAll(ensureBuilt, 120_000);

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(script: Script, options: ScriptedServerOptions): Promise<ScriptedServer> {
  const server = await startScriptedServer(script, options);
  servers.push(server);
  return server;
}

function events(stdout: string): AgentEvent[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { type: string })
    .filter((event): event is AgentEvent => event.type !== 'system');
}

const ofType = <T extends AgentEvent['type']>(list: AgentEvent[], type: T) =>
  list.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);

/** `tick -p "collect the logs"` in stream-json, with this configured window. */
function collectLogs(server: ScriptedServer, where: { cwd: string; home: string }, window: number) {
  return runTick(
    [
      '-p',
      'collect the logs',
      '--output-format',
      'stream-json',
      '--permission-mode',
      'bypassPermissions',
    ],
    {
      cwd: where.cwd,
      env: { ...tickEnv(server.baseURL, where.home), TICK_CONTEXT_WINDOW: String(window) },
      timeoutMs: 120_000,
    },
  );
}

const WINDOW = 16_000;
/** Twice the window: about 32,000 tokens of output per call. */
const TWICE_THE_WINDOW = WINDOW * 2 * 4;

const plan = (doing: number) =>
  ['Collect the logs', 'Count the lines', 'Write the report'].map((content, index) => ({
    content,
    status: index < doing ? 'completed' : index === doing ? 'in_progress' : 'pending',
  })) as { content: string; status: 'pending' | 'in_progress' | 'completed' }[];

describe('a session that outlives the context window (print mode, real CLI)', () => {
  it('tool outputs twice the window: every call finishes, each compaction keeps the summary and the current plan, and -c goes on from the compacted history', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    const steps = [
      todoWrite(plan(0)),
      ...Array.from({ length: 8 }, () => bash(printChars(TWICE_THE_WINDOW))),
      todoWrite(plan(1)),
      ...Array.from({ length: 8 }, () => bash(printChars(TWICE_THE_WINDOW))),
      todoWrite(plan(2)),
      ...Array.from({ length: 8 }, () => bash(printChars(TWICE_THE_WINDOW))),
      { text: 'Collected, counted and reported.' },
    ];
    const model = workingModel(steps);
    const server = await serve(model.script, { contextWindow: WINDOW });
    const run = await collectLogs(server, { cwd, home }, WINDOW);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const all = events(run.stdout);

    // Every call finished; no request was ever over the window (the server would have refused it).
    const bashResults = ofType(all, 'tool_result').filter((event) => event.name === 'bash');
    expect(bashResults).toHaveLength(24);
    expect(bashResults.every((event) => event.status === 'ok')).toBe(true);
    expect(ofType(all, 'turn_end')[0]).toMatchObject({
      reason: 'done',
      result: 'Collected, counted and reported.',
    });
    expect(model.steps()).toBe(steps.length);
    for (const request of server.requests)
      expect(promptTokensOf(request)).toBeLessThanOrEqual(WINDOW);

    // Compacted more than once; after each compaction the model saw the summary and the plan
    // as it stood then (taken from state, not from the summary).
    const compactions = ofType(all, 'context_compacted');
    expect(compactions.length).toBeGreaterThanOrEqual(2);
    expect(model.afterCompaction).toHaveLength(compactions.length);
    for (const [index, seen] of model.afterCompaction.entries()) {
      const head = headOf(seen.request);
      expect(head).toContain(seen.summary);
      expect(head).toContain(`<plan>`);
      expect(head).toContain(seen.plan);
      expect(compactions[index]).toMatchObject({ trigger: 'auto', planKept: true, window: WINDOW });
      expect(compactions[index].tokensAfter).toBeLessThan(compactions[index].tokensBefore);
    }
    const plansSeen = new Set(model.afterCompaction.map((seen) => seen.plan));
    expect(plansSeen.size).toBeGreaterThanOrEqual(2);
    // The status line's figure rides on context_usage: never over the window.
    const usage = ofType(all, 'context_usage');
    expect(usage.length).toBeGreaterThan(20);
    expect(usage.every((event) => event.window === WINDOW && event.tokens <= WINDOW)).toBe(true);

    // Each long output is whole in the session's folder; the model got its head, tail and path.
    const toolMessage = server.requests
      .flatMap((request) => request.body.messages as { role: string; content: string }[])
      .find((message) => message.role === 'tool' && message.content.includes('tool-results'));
    const path = /The whole output is in (\S+) /.exec(toolMessage?.content ?? '')?.[1] ?? '';
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8').replace(/\n/g, '')).toHaveLength(TWICE_THE_WINDOW);

    // The session log records the compactions.
    const [file] = sessionFiles(home);
    const lines = completeLines(file);
    expect(lines.filter((line) => line.kind === 'compact')).toHaveLength(compactions.length);

    // -c afterwards: the next request starts from the compacted history, within the window.
    const next = await serve([{ text: 'Resumed from the summary.' }], { contextWindow: WINDOW });
    const resumed = await runTick(['-p', '-c', 'go on', '--output-format', 'json'], {
      cwd,
      env: { ...tickEnv(next.baseURL, home), TICK_CONTEXT_WINDOW: String(WINDOW) },
    });
    expect(resumed.stderr).toBe('');
    expect(resumed.exitCode).toBe(0);
    expect(JSON.parse(resumed.stdout).result).toBe('Resumed from the summary.');
    const sent = next.requests[0];
    expect(headOf(sent)).toContain(model.summaries.at(-1));
    expect(headOf(sent)).toContain(
      '[x] Collect the logs\n[x] Count the lines\n[>] Write the report',
    );
    expect(promptTokensOf(sent)).toBeLessThanOrEqual(WINDOW);
    const texts = (sent.body.messages as { content: unknown }[]).map((m) => m.content);
    expect(texts).not.toContain('collect the logs');
    expect(texts.at(-1)).toBe('go on');
  }, 180_000);

  it('a server that refuses earlier than the configured window: the 400 is recovered by compacting and retrying, and its limit is used from then on', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    // Small outputs (about 550 tokens a round), so one request lands between the server's
    // real 12,000 and the 12,800 where tick would compact for a 16,000 window.
    const steps = [
      todoWrite(plan(0)),
      ...Array.from({ length: 40 }, () => bash(printChars(1_980))),
      { text: 'All collected.' },
    ];
    const model = workingModel(steps);
    // Configured for 16,000 tokens; the server really has 12,000.
    const server = await serve(model.script, { contextWindow: 12_000 });
    const run = await collectLogs(server, { cwd, home }, 16_000);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const all = events(run.stdout);
    expect(ofType(all, 'turn_end')[0]).toMatchObject({ reason: 'done', result: 'All collected.' });
    expect(ofType(all, 'tool_result').every((event) => event.status === 'ok')).toBe(true);

    // Exactly one request was refused; the next one was a summary, then the retry went through.
    const refused = server.requests.filter((request) => promptTokensOf(request) > 12_000);
    expect(refused).toHaveLength(1);
    const at = server.requests.indexOf(refused[0]);
    expect(isSummaryRequest(server.requests[at + 1])).toBe(true);
    const retry = server.requests.slice(at + 1).find((r) => !isSummaryRequest(r));
    expect(model.afterCompaction[0].request).toBe(retry);
    expect(headOf(model.afterCompaction[0].request)).toContain(model.afterCompaction[0].summary);
    expect(promptTokensOf(model.afterCompaction[0].request)).toBeLessThanOrEqual(12_000 / 2);
    // After the refusal the window is 12,000: auto-compaction keeps every request under it.
    const usage = ofType(all, 'context_usage');
    expect(usage.at(-1)?.window).toBe(12_000);
    expect(ofType(all, 'context_compacted').length).toBeGreaterThanOrEqual(2);
    expect(ofType(all, 'error')).toEqual([]);
  }, 180_000);

  it('when even the retry does not fit: one clear line, exit 1, and the session stays usable (-c with a larger window)', async () => {
    const home = tempDir('tick-home-');
    const cwd = tempDir('tick-ws-');
    // Project instructions alone nearly fill this server's window: no compaction can help.
    writeFileSync(`${cwd}/AGENTS.md`, `${'Follow the house rules. '.repeat(1_700)}\n`);
    const small = await serve(workingModel([{ text: 'never' }]).script, { contextWindow: 10_000 });
    const run = await runTick(['-p', 'hello'], {
      cwd,
      env: tickEnv(small.baseURL, home),
    });
    expect(run.exitCode).toBe(1);
    // The compaction it tried is noted; the failure is one line.
    const lines = run.stderr
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('tick: Context compacted:'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^tick: The conversation does not fit the model's context window \(10k tokens\), even after compacting\. .*tick -c/,
      ),
    ]);

    const large = await serve([{ text: 'Hello again.' }], { contextWindow: 64_000 });
    const resumed = await runTick(['-p', '-c', 'and now?', '--output-format', 'json'], {
      cwd,
      env: tickEnv(large.baseURL, home),
    });
    expect(resumed.exitCode).toBe(0);
    expect(JSON.parse(resumed.stdout).result).toBe('Hello again.');
  }, 120_000);
});
