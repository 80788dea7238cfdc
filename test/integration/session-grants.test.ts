import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgent } from '../../src/agent/agent';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedTurn,
} from '../../src/demo/scripted-server';
import { openSessionForRun } from '../../src/session/open';
import { collect, ofType, scriptedApprove, tempDir, testConfig } from '../support/agent-harness';

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

// `rm` is risky, so the gate asks before it runs.
const remove = (name: string): ScriptedTurn => ({
  toolCalls: [{ name: 'bash', arguments: { command: `rm -f ${name}` } }],
});

/** One prompt in an app-like agent (interactive approvals) wired to a session. */
async function runOnce(
  cwd: string,
  home: string,
  script: ScriptedTurn[],
  answers: Parameters<typeof scriptedApprove>[0],
  resume?: { kind: 'latest' },
  afterRun?: (agent: Awaited<ReturnType<typeof createAgent>>) => void,
) {
  const server = await startScriptedServer(script);
  servers.push(server);
  const config = testConfig(server.baseURL, { cwd, home });
  const session = await openSessionForRun(config, resume);
  const { approve, asked } = scriptedApprove(answers);
  const agent = await createAgent(config, { approve, interactive: true, ...session.agentOptions });
  try {
    const events = await collect(agent.run('remove the file', new AbortController().signal));
    afterRun?.(agent);
    return { events, asked, session, agent };
  } finally {
    await agent.close();
    session.close();
  }
}

describe('permission grants survive a resume', () => {
  it('a rule granted with "allow always" is recorded and applies again after resuming', async () => {
    const cwd = tempDir('tick-ws-');
    const home = tempDir('tick-home-');
    writeFileSync(join(cwd, 'old.txt'), 'x');
    const first = await runOnce(
      cwd,
      home,
      [remove('old.txt'), { text: 'made' }],
      [{ decision: 'allow_always' }],
    );
    expect(first.asked).toHaveLength(1);
    const rule = first.asked[0].alwaysRule;
    expect(rule).toBeTruthy();
    expect(existsSync(join(cwd, 'old.txt'))).toBe(false);
    const lines = readFileSync(first.session.file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.filter((line) => line.kind === 'grant')).toEqual([
      { kind: 'grant', t: expect.any(Number), rule },
    ]);

    // Resumed: the same command runs without asking.
    writeFileSync(join(cwd, 'old.txt'), 'x');
    const second = await runOnce(cwd, home, [remove('old.txt'), { text: 'again' }], [], {
      kind: 'latest',
    });
    expect(second.session.restored?.grantedRules).toEqual([rule]);
    expect(second.asked).toEqual([]);
    expect(ofType(second.events, 'tool_result')[0]).toMatchObject({ name: 'bash', status: 'ok' });
    expect(existsSync(join(cwd, 'old.txt'))).toBe(false);
  });

  it("a fresh session does not inherit another session's grants", async () => {
    const cwd = tempDir('tick-ws-');
    const home = tempDir('tick-home-');
    await runOnce(cwd, home, [remove('old.txt'), { text: 'made' }], [{ decision: 'allow_always' }]);
    const fresh = await runOnce(
      cwd,
      home,
      [remove('old.txt'), { text: 'x' }],
      [{ decision: 'deny' }],
    );
    expect(fresh.asked).toHaveLength(1);
    expect(ofType(fresh.events, 'tool_result')[0]).toMatchObject({ status: 'denied' });
  });

  it('a grant taken back with /permissions rm stays taken back after resuming', async () => {
    const cwd = tempDir('tick-ws-');
    const home = tempDir('tick-home-');
    writeFileSync(join(cwd, 'old.txt'), 'x');
    let rule = '';
    const first = await runOnce(
      cwd,
      home,
      [remove('old.txt'), { text: 'made' }],
      [{ decision: 'allow_always' }],
      undefined,
      // What `/permissions rm RULE` does (src/app/commands.ts).
      (agent) => {
        rule = agent.policy.sessionRules[0];
        expect(agent.policy.removeRule(rule)).toBe(true);
      },
    );
    expect(rule).toBe(first.asked[0].alwaysRule);
    const kinds = readFileSync(first.session.file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((line) => line.kind === 'grant' || line.kind === 'revoke')
      .map((line) => [line.kind, line.rule]);
    expect(kinds).toEqual([
      ['grant', rule],
      ['revoke', rule],
    ]);

    writeFileSync(join(cwd, 'old.txt'), 'x');
    const second = await runOnce(
      cwd,
      home,
      [remove('old.txt'), { text: 'kept' }],
      [{ decision: 'deny' }],
      { kind: 'latest' },
    );
    expect(second.session.restored?.grantedRules).toEqual([]);
    expect(second.asked).toHaveLength(1);
    expect(existsSync(join(cwd, 'old.txt'))).toBe(true);
  });
});
