import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config/types';
import { HookRegistry } from '../hooks/registry';
import type { AgentOptions } from './agent-options';
import type { AgentEvent } from '../protocol/events';
import type { AgentState } from './loop';
import { Teardown, type WiringStep } from './wiring';

/** What `createAgent` is given; every step may read it. */
export interface Setup {
  config: Config;
  options: AgentOptions;
}

/** CLAUDE_ENV_FILE: SessionStart hooks write `export` lines to it, bash sources it. */
export function sessionEnvFile(dataDir: string): string {
  return join(dataDir, 'session-env.sh');
}

export interface SessionParts {
  /** The workspace (the demo's scratch copy in demo mode). */
  cwd: string;
  /** The workspace and the folders added with --add-dir. */
  roots: string[];
  /** The server and key the model client uses (the demo's own server in demo mode). */
  baseURL: string | undefined;
  apiKey: string | undefined;
  /** The session's own folder: long tool outputs are kept there. */
  dataDir: string;
  /** The conversation the loop reads and extends (restored on resume). */
  state: AgentState;
  /** The session's hook registry: steps hang their hooks on it. */
  hooks: HookRegistry;
  /**
   * Problems found between the loop's events (a rule that could not be saved, a hook's
   * message): `report` keeps them, the session shows them before its next event.
   */
  notices: AgentEvent[];
  report: (event: AgentEvent) => void;
  /** What happens when the session closes. */
  /** Called after the main conversation's history was compacted (SessionStart `compact`, ...). */
  compacted: Set<() => void>;
  teardown: Teardown;
}

/**
 * The session itself: its id and folder, its workspace (in demo mode the demo's scratch
 * copy and scripted server, gone when the session closes), its conversation state.
 */
export const sessionStep: WiringStep<Setup, SessionParts> = {
  name: 'session',
  wire: async ({ config, options }) => {
    const demo = config.demo
      ? await (await import('../demo/demo-backend')).startDemoBackend(config.demoPaceMs)
      : undefined;
    const teardown = new Teardown();
    if (demo) teardown.defer(() => demo.close());
    const cwd = demo?.cwd ?? config.cwd;
    const sessionId = options.state?.sessionId ?? randomUUID();
    const notices: AgentEvent[] = [];
    return {
      cwd,
      roots: [cwd, ...config.addDirs],
      baseURL: demo?.baseURL ?? config.baseURL,
      apiKey: demo?.apiKey ?? config.apiKey,
      dataDir: options.dataDir ?? join(tmpdir(), `tick-${sessionId}`),
      state: {
        sessionId,
        messages: options.state?.messages ?? [],
        todos: options.state?.todos ?? [],
        roundsSinceTodo: options.state?.roundsSinceTodo ?? 0,
      },
      hooks: new HookRegistry(),
      notices,
      report: (event) => notices.push(event),
      teardown,
      compacted: new Set(),
    };
  },
};
