/* eslint-disable no-control-regex -- the tests look for terminal escape sequences */
import { EventEmitter } from 'node:events';
import { render as inkRender, type Instance } from 'ink';
import type { ReactElement } from 'react';
import type { AgentEvent } from '../../src/protocol/events';
import type { Approve } from '../../src/protocol/approval';
import type { PermissionMode } from '../../src/permissions/types';
import type { PermissionRuleEntry, SessionAgent } from '../../src/app/agent-port';
import type { Todo } from '../../src/protocol/todos';
import { App } from '../../components/App';
import { AppContext, appContext } from '../../components/context';
import { terminalSize } from '../../components/frame-layout';
import { Layout, type ScreenPoint } from '../../components/screen-layout';
import type { Look } from '../../components/lines/look';
import { INK_TERMINAL_MODES } from '../../src/cli/frame-writer';
import { installInkPatches, paceInkFrames } from '../../src/cli/ink-patches';
import type { ApprovalGuard } from '../../src/app/approvals';
import { readModifyOtherKeysAsKitty } from '../../src/cli/terminal-keys';
import { AppController } from '../../src/app/controller';
import { createAppStore } from '../../src/store/store';
import type { AppState } from '../../src/store/types';

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

export function strip(text: string | undefined): string {
  return (text ?? '').replace(ANSI, '');
}

class FakeStdout extends EventEmitter {
  frames: string[] = [];
  isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    // As the app's FrameWriter does, Ink's terminal modes are not frames.
    if (INK_TERMINAL_MODES.has(frame)) return true;
    this.frames.push(frame);
    this.emit('frame');
    return true;
  };
  resize(columns: number, rows: number) {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
}

class FakeStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  read = () => {
    const { data } = this;
    this.data = null;
    return data;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

export interface Rendered {
  lastFrame(): string;
  /** The last frame without colours, as lines. */
  lines(): string[];
  stdin: FakeStdin;
  stdout: FakeStdout;
  instance: Instance;
  /**
   * Types text (or a key sequence) and waits for the frame that shows it. A key that
   * changes nothing on screen fails here: send it with `stdin.write` and say why.
   */
  press(data: string): Promise<void>;
  /**
   * Types keys that must change nothing on screen, then waits as long as a key's frame
   * would take (the next macrotask, or one frame slot). A fixed wait, on purpose: the test
   * checks that nothing happens.
   */
  pressNoChange(data: string): Promise<void>;
  /** Waits for the next frame written after `drawn` frames (default: from now). */
  nextFrame(drawn?: number): Promise<void>;
}

/** How long a key may take to reach the screen before a test says it drew nothing. */
const KEY_FRAME_TIMEOUT_MS = 2000;

/**
 * Renders at a given terminal size (ink-testing-library is fixed at 100 columns), through
 * the app's own Ink patches; with a controller, frames are paced by its scheduler as in
 * the app.
 */
export function renderAt(
  tree: ReactElement,
  size: { columns: number; rows: number },
  controller?: AppController,
): Rendered {
  installInkPatches();
  const stdout = new FakeStdout(size.columns, size.rows);
  const stdin = new FakeStdin();
  // As the app does (src/cli/interactive.tsx).
  readModifyOtherKeysAsKitty(stdin as unknown as NodeJS.ReadStream);
  const instance = inkRender(tree, {
    // Fakes: Ink only needs these members of the streams.
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: new FakeStdout(size.columns, size.rows) as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  if (controller) paceInkFrames(stdout as unknown as NodeJS.WriteStream, controller.frames);
  const lastFrame = () => stdout.frames[stdout.frames.length - 1] ?? '';
  const nextFrame = (drawn = stdout.frames.length) =>
    frameAfter(stdout, drawn, KEY_FRAME_TIMEOUT_MS, 'a frame');
  return {
    lastFrame,
    lines: () => strip(lastFrame()).split('\n'),
    stdin,
    stdout,
    instance,
    nextFrame,
    async press(data: string) {
      await readingKeys(stdin);
      const drawn = stdout.frames.length;
      stdin.write(data);
      await frameAfter(
        stdout,
        drawn,
        KEY_FRAME_TIMEOUT_MS,
        `the frame after ${JSON.stringify(data)}`,
      );
      // React runs the commit's effects (a component's new key handler among them) after
      // the frame, in a later task: the next key must find them done.
      await new Promise((resolve) => setImmediate(resolve));
    },
    async pressNoChange(data: string) {
      await readingKeys(stdin);
      stdin.write(data);
      // A lone Esc is told from the start of a sequence in Ink's next macrotask.
      await settle(data === '\x1b' ? 60 : 20);
    },
  };
}

/**
 * Resolves once Ink listens to `stdin`: it starts in an effect after the first frame, and a
 * key sent before it would be lost.
 */
async function readingKeys(stdin: FakeStdin): Promise<void> {
  const started = Date.now();
  while (stdin.listenerCount('readable') === 0) {
    if (Date.now() - started > KEY_FRAME_TIMEOUT_MS) throw new Error('the app never read keys');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Resolves once `stdout` holds more than `drawn` frames (at once if it already does); the
 * frame is drawn in the frame scheduler's draw step, whenever that comes.
 */
function frameAfter(stdout: FakeStdout, drawn: number, timeoutMs: number, what: string) {
  return new Promise<void>((resolve, reject) => {
    if (stdout.frames.length > drawn) return resolve();
    const timer = setTimeout(() => {
      stdout.off('frame', onFrame);
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const onFrame = () => {
      clearTimeout(timer);
      stdout.off('frame', onFrame);
      resolve();
    };
    stdout.on('frame', onFrame);
  });
}

export function settle(ms = 20): Promise<void> {
  return new Promise((resolve) => setTimeout(() => setImmediate(resolve), ms));
}

export async function waitFor(
  check: () => boolean,
  timeoutMs = 3000,
  what = 'condition',
): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await settle(10);
  }
  await settle(5);
}

export type Turn = (
  prompt: string,
  signal: AbortSignal,
  agent: FakeAgent,
) => AsyncGenerator<AgentEvent>;

/** An agent whose turns are scripted generators: the app sees exactly these events. */
export class FakeAgent implements SessionAgent {
  model = 'fake-model';
  demo = false;
  cwd = '/work/project';
  prompts: string[] = [];
  /** The app's approve, as createAgent would get it. */
  approve: Approve = async () => ({ decision: 'deny' });
  resets = 0;
  turns: Turn[] = [];
  rules: PermissionRuleEntry[] = [{ source: 'project', list: 'allow', rule: 'bash(npm test)' }];
  policy = {
    mode: 'default' as PermissionMode,
    setMode(mode: PermissionMode) {
      this.mode = mode;
    },
    cycleMode(): PermissionMode {
      const order: PermissionMode[] = ['default', 'acceptEdits', 'plan'];
      this.mode = order[(order.indexOf(this.mode) + 1) % order.length];
      return this.mode;
    },
    listRules: () => this.rules,
    removeRule: (rule: string) => {
      const before = this.rules.length;
      this.rules = this.rules.filter((entry) => entry.rule !== rule);
      return this.rules.length < before;
    },
  };

  constructor(turns: Turn[] = []) {
    this.turns = turns;
  }

  todos(): Todo[] {
    return [];
  }

  async *run(prompt: string, signal: AbortSignal): AsyncGenerator<AgentEvent> {
    this.prompts.push(prompt);
    const turn = this.turns.shift();
    if (turn) {
      yield* turn(prompt, signal, this);
      return;
    }
    yield { type: 'user_prompt', text: prompt, source: 'user' };
    yield { type: 'text_delta', text: `echo: ${prompt}` };
    yield { type: 'assistant_message', text: `echo: ${prompt}`, reasoning: '' };
    yield endOf('done');
  }

  reset(): void {
    this.resets += 1;
  }

  setModel(name: string): void {
    this.model = name;
  }

  async close(): Promise<void> {}
}

export function endOf(reason: 'done' | 'aborted' = 'done'): AgentEvent {
  return {
    type: 'turn_end',
    reason,
    result: '',
    rounds: 1,
    usage: { inputTokens: 0, outputTokens: 0 },
  };
}

export const UNICODE_LOOK = { color: false, unicode: true };
export const ASCII_LOOK = { color: false, unicode: false };
export const COLOR_LOOK = { color: true, unicode: true };

/**
 * The SGR codes in effect where `text` starts in a frame (Ink re-emits styles as one
 * escape per attribute, so this reads the run of escapes just before the text).
 */
export function stylesBefore(frame: string | undefined, text: string): number[] {
  const raw = frame ?? '';
  const index = raw.indexOf(text);
  if (index === -1) throw new Error(`'${text}' is not in the frame`);
  const before = raw.slice(0, index);
  const run = /((?:\x1b\[[0-9;]*m)*)$/.exec(before)?.[1] ?? '';
  return [...run.matchAll(/\x1b\[([0-9;]*)m/g)].flatMap((m) => m[1].split(';').map(Number));
}

export interface AppRig {
  app: Rendered;
  controller: AppController;
  /** The app's layout. */
  layout: Layout;
  /** Where the layout puts the caret now (where the terminal's cursor would go). */
  caret(): ScreenPoint | null;
  agent: FakeAgent;
  /** The frame's text as it would be on screen. */
  screen(): string;
  /** Waits until every frame asked for is drawn (after a turn, nothing more is coming). */
  still(): Promise<void>;
  close(): Promise<void>;
}

/** The whole app with a fake agent, at a given terminal size. */
export async function startApp(
  turns: Turn[] = [],
  size = { columns: 80, rows: 20 },
  look: Look = UNICODE_LOOK,
  options: { terminalCursor?: boolean; approvalGuard?: ApprovalGuard } = {},
): Promise<AppRig> {
  const store = createAppStore({
    model: 'fake-model',
    mode: 'default',
    demo: false,
    cwd: '/work/project',
  });
  const controller = new AppController(store, {
    frameMs: 10,
    clockMs: 50,
    // Keys answer a question at once unless a test is about the guard (approval-guard.test).
    approvalGuard: options.approvalGuard ?? { openMs: 0, typingPauseMs: 0 },
  });
  const agent = new FakeAgent(turns);
  agent.approve = controller.approve;
  controller.attach(agent);
  const layout = new Layout(look, { terminalCursor: options.terminalCursor ?? false });
  const app = renderAt(<App controller={controller} layout={layout} />, size, controller);
  await app.nextFrame(0);
  return {
    app,
    controller,
    layout,
    caret: () => layout.screen(controller.store.getState(), terminalSize(app.stdout)).caret,
    agent,
    screen: () => app.lines().join('\n'),
    still: () => waitFor(() => !controller.frames.pending, 3000, 'the frames to be drawn'),
    async close() {
      await controller.exit();
      app.instance.unmount();
    },
  };
}

/** Types text the way a terminal sends it, then Enter as its own key. */
export async function typeLine(app: Rendered, text: string): Promise<void> {
  await app.press(text);
  await app.press('\r');
}

export interface Mounted extends Rendered {
  controller: AppController;
  /** The last frame without colours, rows trimmed at the end. */
  rows(): string[];
  unmount(): void;
}

/**
 * One of the app's components, mounted as the app mounts it (inside its context, over a
 * store holding `state`), at a terminal size. Change the state through `controller.store`.
 */
export async function mount(
  element: ReactElement,
  options: { state?: Partial<AppState>; look?: Look; columns?: number; rows?: number } = {},
): Promise<Mounted> {
  const store = createAppStore({ model: 'fake-model', mode: 'default', demo: false, cwd: '/w' });
  if (options.state) store.setState(options.state);
  const controller = new AppController(store, { frameMs: 0, clockMs: 50 });
  const look = options.look ?? UNICODE_LOOK;
  const rendered = renderAt(
    <AppContext.Provider value={appContext(controller, new Layout(look))}>
      {element}
    </AppContext.Provider>,
    { columns: options.columns ?? 100, rows: options.rows ?? 40 },
    controller,
  );
  await rendered.nextFrame(0);
  return {
    ...rendered,
    controller,
    rows: () => rendered.lines().map((row) => row.trimEnd()),
    unmount: () => {
      void controller.exit();
      rendered.instance.unmount();
    },
  };
}
