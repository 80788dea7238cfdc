import type { Config } from '../config/types';
import { unsavedText } from '../checkpoints/report-text';
import type { AgentEvent, TurnEndReason } from '../protocol/events';
import type { OutputFormat } from '../cli/args';
import type { Approve } from '../protocol/approval';
import type { Agent, AgentOptions } from '../agent/agent';
import { createAgent } from '../agent/agent';
import { formatResult, type RunSummary } from './result';
import { compactionLine } from '../context/format';
import { streamJsonObject } from './stream-json';
import type { TaskListSnapshot } from '../protocol/tasks';

/** Print mode never asks: a call that needs approval is denied and the model is told why. */
const denyInPrintMode: Approve = async () => ({
  decision: 'deny',
  note: 'tick runs in print mode, where nobody can approve',
});

export interface PrintIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface PrintOptions {
  /** Extra wiring (session log, resume state) from the caller. */
  agentOptions?: Partial<AgentOptions>;
  /** A ready agent (tests, resume); created from config otherwise. */
  agent?: Agent;
  /** Why the session log stopped being written (a full disk), once it has. */
  sessionFailure?: () => string | undefined;
}

/** Runs one prompt without the UI. Returns the process exit code. */
export async function runPrintMode(
  config: Config,
  prompt: string,
  format: OutputFormat,
  io: PrintIO,
  options: PrintOptions = {},
): Promise<number> {
  const started = Date.now();
  const agent =
    options.agent ??
    (await createAgent(config, {
      approve: denyInPrintMode,
      interactive: false,
      ...options.agentOptions,
    }));
  // MCP servers' news (a server that failed, one not approved) goes to stderr, as warnings do.
  const stopMcpNotices = agent.mcp?.watch((notice) => notice && io.stderr(`tick: ${notice}\n`));
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const errors: string[] = [];
  let fatal: string | undefined;
  let end: Extract<AgentEvent, { type: 'turn_end' }> | undefined;
  let tasks: TaskListSnapshot | undefined;
  // The log's failure is told once, as a non-fatal error event (stderr heard it already).
  let notSaved: string | undefined;
  const checkSaved = (): void => {
    const failure = options.sessionFailure?.();
    if (failure === undefined || notSaved !== undefined) return;
    notSaved = failure;
    errors.push(failure);
    if (format === 'stream-json') {
      io.stdout(`${JSON.stringify({ type: 'error', message: failure, fatal: false })}\n`);
    }
  };
  // Said once, before anything else: the sandbox cannot run here.
  for (const notice of agent.notices ?? []) io.stderr(`tick: ${notice}\n`);
  try {
    if (format === 'stream-json') {
      const sandbox = agent.policy.sandboxInUse ? agent.policy.sandbox.mode : 'off';
      io.stdout(
        `${JSON.stringify({ type: 'system', subtype: 'init', session_id: agent.sessionId, model: agent.model, cwd: agent.cwd, permission_mode: agent.policy.mode, sandbox })}\n`,
      );
    }
    for await (const event of agent.run(prompt, controller.signal)) {
      if (format === 'stream-json') io.stdout(`${JSON.stringify(streamJsonObject(event))}\n`);
      if (event.type === 'error') {
        errors.push(event.message);
        if (event.fatal) fatal = event.message;
        if (format === 'text') io.stderr(`tick: ${event.message}\n`);
      }
      if (event.type === 'context_compacted' && format === 'text') {
        // Not an error: a note on stderr, so stdout stays the answer alone.
        io.stderr(
          `tick: ${compactionLine(event.tokensBefore, event.tokensAfter, event.planKept)}\n`,
        );
      }
      if (event.type === 'checkpoint_unsaved' && format === 'text')
        io.stderr(`tick: ${unsavedText(event.files, event.capBytes)}\n`);
      if (event.type === 'turn_end') end = event;
      checkSaved();
    }
    tasks = await agent.taskList().catch((error: unknown) => {
      errors.push(error instanceof Error ? error.message : String(error));
      return undefined;
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    stopMcpNotices?.();
    await agent.close();
    checkSaved();
  }
  const reason: TurnEndReason = end?.reason ?? 'error';
  const summary: RunSummary = {
    reason,
    result: end?.result ?? '',
    rounds: end?.rounds ?? 0,
    usage: end?.usage ?? { inputTokens: 0, outputTokens: 0 },
    todos: agent.todos(),
    ...(tasks ? { tasks } : {}),
    sessionId: agent.sessionId,
    durationMs: Date.now() - started,
    errors,
    ...(fatal !== undefined ? { fatal } : {}),
    ...(notSaved !== undefined ? { notSaved } : {}),
  };
  const { stdout, stderr, exitCode } = formatResult(summary, format);
  if (stdout) io.stdout(stdout);
  if (stderr) io.stderr(stderr);
  return exitCode;
}
