import { mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolContext } from '../../src/tools/types';

/** A fresh workspace folder (real path) for one test. */
export function makeWorkspace(prefix = 'tick-tools-'): string {
  return realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
}

export function removeWorkspace(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export interface TestContext extends ToolContext {
  /** Everything onOutput received, in order. */
  chunks: string[];
  controller: AbortController;
}

export function makeContext(cwd: string, overrides: Partial<ToolContext> = {}): TestContext {
  const controller = new AbortController();
  const chunks: string[] = [];
  return {
    cwd,
    roots: [cwd],
    signal: controller.signal,
    onOutput: (chunk) => chunks.push(chunk),
    sandbox: false,
    agentName: 'main',
    ...overrides,
    chunks,
    controller,
  };
}

/** Pids of live (non-zombie) processes whose command line is exactly `args`. */
export function livePidsRunning(args: string[]): number[] {
  const wanted = `${args.join('\0')}\0`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8') !== wanted) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state !== 'Z' && state !== 'X') pids.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return pids;
}

/** Polls until `check` holds or `timeoutMs` passes; returns the last value of `check`. */
export async function waitFor(check: () => boolean, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** A unique sleep duration, so a test can find exactly its own processes. */
export function uniqueSleepSeconds(): string {
  return `${300 + Math.floor(Math.random() * 600)}.${process.pid}${Math.floor(Math.random() * 1000)}`;
}
