import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../src/config/types';
import type { AgentEvent } from '../../src/protocol/events';
import type { ApprovalDecision, ApprovalRequest } from '../../src/protocol/approval';

/** A fresh real folder for a test's workspace or TICK_HOME. */
export function tempDir(prefix = 'tick-test-'): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

/** A resolved Config pointing at a scripted server, without reading any settings file. */
export function testConfig(baseURL: string, overrides: Partial<Config> = {}): Config {
  return {
    cwd: overrides.cwd ?? tempDir('tick-ws-'),
    addDirs: [],
    home: overrides.home ?? tempDir('tick-home-'),
    model: 'scripted',
    baseURL,
    apiKey: 'test',
    demo: false,
    idleTimeoutMs: 5000,
    maxRetries: 2,
    maxTurns: 100,
    reminderRounds: 3,
    compactThreshold: 0.8,
    permissionMode: 'default',
    permissions: { allow: [], ask: [], deny: [] },
    hooks: {},
    sandbox: 'off',
    ...overrides,
  };
}

export async function collect(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const all: AgentEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

export function ofType<T extends AgentEvent['type']>(
  events: AgentEvent[],
  type: T,
): Extract<AgentEvent, { type: T }>[] {
  return events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);
}

/** An approve function that answers from a list and records what it was asked. */
export function scriptedApprove(answers: ApprovalDecision[]) {
  const asked: ApprovalRequest[] = [];
  const approve = async (request: ApprovalRequest): Promise<ApprovalDecision> => {
    asked.push(request);
    return answers.shift() ?? { decision: 'deny' };
  };
  return { approve, asked };
}
