import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TICK_BIN } from '../support/run-cli';
import type { ChatMessage } from '../../src/model/types';

/** `npm test` builds first; a lone run of these files builds dist/ only if it is missing. */
export function ensureBuilt(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  if (existsSync(join(root, 'dist', 'cli.js'))) return;
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
}

/** Environment for a child tick: the scripted server as the model, a private TICK_HOME. */
export function tickEnv(baseURL: string, home: string): Record<string, string> {
  return {
    OPENAI_BASE_URL: baseURL,
    OPENAI_API_KEY: 'test',
    TICK_MODEL: 'scripted',
    TICK_HOME: home,
  };
}

/** Every session file under a TICK_HOME. */
export function sessionFiles(home: string): string[] {
  const projects = join(home, 'projects');
  if (!existsSync(projects)) return [];
  return readdirSync(projects).flatMap((slug) =>
    readdirSync(join(projects, slug))
      .filter((name) => name.endsWith('.jsonl'))
      .map((name) => join(projects, slug, name)),
  );
}

/** A tick child we can kill at will; `exited` resolves once the OS has reaped it. */
export function spawnTick(
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  const child = spawn(process.execPath, [TICK_BIN, ...args], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** The complete lines of a file (those ending in a newline), parsed; throws on any invalid one. */
export function completeLines(file: string): Record<string, unknown>[] {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  lines.pop(); // after the last newline: '' or a torn fragment
  return lines.map((line, index) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`${file} line ${index + 1} is not valid JSON: ${line.slice(0, 80)}`);
    }
  });
}

/** The history messages recorded in a file, in order. */
export function recordedMessages(lines: Record<string, unknown>[]): ChatMessage[] {
  return lines.filter((line) => line.kind === 'message').map((line) => line.message as ChatMessage);
}

/** The todo list of the last todos_updated event recorded, [] if none. */
export function recordedTodos(lines: Record<string, unknown>[]): unknown[] {
  const events = lines
    .filter((line) => line.kind === 'event')
    .map((line) => line.event as { type: string; todos?: unknown[] });
  return events.filter((event) => event.type === 'todos_updated').at(-1)?.todos ?? [];
}

/** The messages a request sent, without the system prompt. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any: the server's raw JSON body
export function sentHistory(body: any): ChatMessage[] {
  return (body.messages as ChatMessage[]).filter((message) => message.role !== 'system');
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls until `check` is true or the time is up. */
export async function waitUntil(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await delay(25);
  }
}

/**
 * Processes of the group that are not dead: a killed process stays a zombie until whoever
 * adopted it reaps it, which some init processes do only now and then.
 */
export function liveMembers(group: number): number[] {
  const live: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // Ended while we looked.
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group && state !== 'Z') live.push(Number(name));
  }
  return live;
}

/**
 * Waits up to 5 s for every process of the group to die (tick's watchdog kills them when tick
 * is killed), kills what is left either way, and returns the pids that were still alive.
 */
export async function survivorsOf(group: number): Promise<number[]> {
  const since = Date.now();
  while (liveMembers(group).length > 0 && Date.now() - since < 5_000) await delay(10);
  const survivors = liveMembers(group);
  for (const pid of survivors) process.kill(pid, 'SIGKILL');
  return survivors;
}
