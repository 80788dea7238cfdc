import type { DiscoveredWindow } from '../../context/discover';
import type { ChatAnswer, HttpAnswer } from './http-probe';

export type Verdict = 'ok' | 'warn' | 'fail' | 'skip';

export const CHECKS = [
  'server',
  'model',
  'streaming',
  'tool calls',
  'reasoning',
  'window',
  'speed',
] as const;
export type CheckName = (typeof CHECKS)[number];

/** One line of the report: what was found and, for a fault, what to do. */
export interface DoctorLine {
  check: CheckName;
  verdict: Verdict;
  text: string;
  fix?: string;
}

export interface DoctorReport {
  baseURL: string;
  model: string;
  lines: DoctorLine[];
  /** No line failed: tick can work with this server. */
  works: boolean;
}

/** Which server it is, when it says (for hints that name its flags). */
export type ServerName = 'Ollama' | 'llama.cpp' | 'vLLM' | 'LM Studio';

/** What the probes found, before any judgement (verdicts.ts judges). */
export interface Findings {
  baseURL: string;
  model: string;
  models: HttpAnswer;
  server?: ServerName;
  /** The ids `/models` listed. */
  listed?: string[];
  /** A one-word answer, streamed. */
  plain?: ChatAnswer;
  /** A request with one dummy tool the model is asked to call. */
  tools?: ChatAnswer;
  window?: DiscoveredWindow;
  configuredWindow?: number;
  recoverToolCalls: boolean;
  timeoutMs: number;
}
