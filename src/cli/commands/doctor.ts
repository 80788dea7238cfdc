/**
 * `tick doctor`: checks the configured model server and prints one verdict a line. Exit
 * status 0 only when tick can work with it (warnings allowed), 1 otherwise.
 */
import type { Config } from '../../config/types';
import { DEFAULT_BASE_URL } from '../../model/api-key';
import { reportLines } from '../../model/doctor/report-text';
import { runDoctor } from '../../model/doctor/run-doctor';
import { localeIsUtf8 } from '../../util/locale';
import { processIO, type CommandIO } from './io';

/** A model request of the doctor's waits at most this long (or the idle timeout, if shorter). */
const DOCTOR_TIMEOUT_MS = 60_000;

export async function runDoctorCommand(
  config: Config,
  io: CommandIO = processIO,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (config.demo) {
    io.stderr(
      'tick: no model server is configured (tick runs its built-in demo model); set OPENAI_BASE_URL (and TICK_MODEL), e.g. OPENAI_BASE_URL=http://localhost:11434/v1, then run tick doctor again\n',
    );
    return 1;
  }
  const report = await runDoctor({
    baseURL: config.baseURL ?? DEFAULT_BASE_URL,
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    model: config.model,
    ...(config.contextWindow !== undefined ? { configuredWindow: config.contextWindow } : {}),
    recoverToolCalls: config.recoverToolCalls !== false,
    timeoutMs: Math.min(DOCTOR_TIMEOUT_MS, config.idleTimeoutMs),
  });
  io.stdout(`${reportLines(report, localeIsUtf8(env)).join('\n')}\n`);
  return report.works ? 0 : 1;
}
