/**
 * `tick doctor` for a running session: `/doctor` in the app, and the one line shown after
 * the session's first failed model request (what is wrong with the set-up, and what to do),
 * so a failure never stands without a reason.
 */
import type { Config } from '../config/types';
import { DEFAULT_BASE_URL } from '../model/api-key';
import { isModelFailure } from '../model/errors';
import { oneLine } from '../model/doctor/report-text';
import { runDoctor } from '../model/doctor/run-doctor';
import type { DoctorReport } from '../model/doctor/types';
import type { AgentEvent } from '../protocol/events';

/** The one line after a failure waits at most this long for each of its requests. */
const AFTER_FAILURE_TIMEOUT_MS = 15_000;

export interface SessionDoctor {
  run(signal?: AbortSignal): Promise<DoctorReport>;
  /** After `event`: the doctor's one line, when it is the session's first failed request. */
  after(event: AgentEvent): AsyncGenerator<AgentEvent>;
}

export function sessionDoctor(
  config: Config,
  server: { baseURL: string | undefined; apiKey: string | undefined; model: () => string },
): SessionDoctor {
  let ranAfterFailure = config.demo;
  const run = (signal?: AbortSignal, timeoutMs = 60_000) =>
    runDoctor({
      baseURL: server.baseURL || process.env.OPENAI_BASE_URL || DEFAULT_BASE_URL,
      ...((server.apiKey ?? process.env.OPENAI_API_KEY)
        ? { apiKey: server.apiKey ?? process.env.OPENAI_API_KEY }
        : {}),
      model: server.model(),
      ...(config.contextWindow !== undefined ? { configuredWindow: config.contextWindow } : {}),
      recoverToolCalls: config.recoverToolCalls !== false,
      timeoutMs: Math.min(timeoutMs, config.idleTimeoutMs),
      ...(signal ? { signal } : {}),
    });
  return {
    run: (signal) => run(signal),
    async *after(event) {
      if (ranAfterFailure || event.type !== 'error' || !event.fatal) return;
      if (!isModelFailure(event.message)) return;
      ranAfterFailure = true;
      try {
        const report = await run(undefined, AFTER_FAILURE_TIMEOUT_MS);
        yield { type: 'error', message: oneLine(report), fatal: false };
      } catch (error) {
        // The doctor only explains; its own failure must not add to the user's.
        const reason = error instanceof Error ? error.message : String(error);
        yield { type: 'error', message: `tick doctor could not run: ${reason}`, fatal: false };
      }
    },
  };
}
