import { spawn, type IPty } from '@lydell/node-pty';
import { Terminal } from '@xterm/headless';
import { fileURLToPath } from 'node:url';
import stringWidth from 'string-width';

/** Keys as a terminal sends them. */
export const KEYS = {
  enter: '\r',
  escape: '\x1b',
  ctrlC: '\x03',
  ctrlD: '\x04',
  ctrlO: '\x0f',
  ctrlT: '\x14',
  ctrlU: '\x15',
  shiftTab: '\x1b[Z',
  up: '\x1b[A',
  down: '\x1b[B',
  pageUp: '\x1b[5~',
  pageDown: '\x1b[6~',
} as const;

/** Zero-width joiners and marks, variation selectors, skin-tone modifiers, tag characters. */
const ZERO_WIDTH_RANGES: [number, number][] = [
  [0x200b, 0x200f],
  [0x0300, 0x036f],
  [0xfe00, 0xfe0f],
  [0x1f3fb, 0x1f3ff],
  [0xe0020, 0xe007f],
];

/**
 * Makes the headless xterm measure characters as string-width does (emoji and CJK two
 * columns), as modern terminals do; its built-in Unicode 6 tables count many emoji as one.
 */
export function useStringWidthUnicode(term: Terminal): void {
  const cache = new Map<number, 0 | 1 | 2>();
  const wcwidth = (codepoint: number): 0 | 1 | 2 => {
    let width = cache.get(codepoint);
    if (width === undefined) {
      const zero = ZERO_WIDTH_RANGES.some(([low, high]) => codepoint >= low && codepoint <= high);
      width = zero ? 0 : (Math.min(2, stringWidth(String.fromCodePoint(codepoint))) as 0 | 1 | 2);
      cache.set(codepoint, width);
    }
    return width;
  };
  term.unicode.register({
    version: 'string-width',
    wcwidth,
    charProperties(codepoint: number, preceding: number): number {
      let width: number = wcwidth(codepoint);
      let join = width === 0 && preceding !== 0;
      if (join) {
        const previous = (preceding >> 1) & 3;
        if (previous === 0) join = false;
        else if (previous > width) width = previous;
      }
      return ((width & 3) << 1) | (join ? 1 : 0);
    },
  });
  term.unicode.activeVersion = 'string-width';
}

export const TICK_BIN = fileURLToPath(new URL('../../bin/tick.js', import.meta.url));

export interface PtyOptions {
  /** Program and arguments; default `node bin/tick.js`. */
  command?: string;
  args?: string[];
  cwd: string;
  env?: Record<string, string | undefined>;
  cols?: number;
  rows?: number;
}

export interface PtyExit {
  exitCode: number;
  signal?: number;
}

/**
 * A program in a real pseudo-terminal, its screen kept by a headless xterm. Assert on
 * `screen()` (what the user sees now), not on the raw bytes, which hold stale frames.
 */
export class PtySession {
  readonly pty: IPty;
  readonly term: Terminal;
  /** Every byte the program wrote, in order. */
  raw = '';
  exit: PtyExit | undefined;
  private readonly exited: Promise<PtyExit>;
  private writes: Promise<void> = Promise.resolve();

  constructor(options: PtyOptions) {
    const cols = options.cols ?? 100;
    const rows = options.rows ?? 30;
    this.term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 5000 });
    useStringWidthUnicode(this.term);
    this.pty = spawn(options.command ?? process.execPath, options.args ?? [TICK_BIN], {
      // node-pty sets TERM to this name, whatever the env says.
      name: options.env?.TERM ?? 'xterm-256color',
      cols,
      rows,
      cwd: options.cwd,
      env: cleanEnv({
        ...process.env,
        CI: 'false',
        TERM: 'xterm-256color',
        LANG: 'C.UTF-8',
        FORCE_COLOR: undefined,
        NO_COLOR: undefined,
        ...options.env,
      }),
    });
    this.pty.onData((data) => {
      this.raw += data;
      this.writes = this.writes.then(
        () => new Promise<void>((resolve) => this.term.write(data, resolve)),
      );
    });
    this.exited = new Promise((resolve) =>
      this.pty.onExit((exit) => {
        this.exit = exit;
        resolve(exit);
      }),
    );
  }

  get pid(): number {
    return this.pty.pid;
  }

  write(data: string): void {
    this.pty.write(data);
  }

  /** Resizes the terminal as a user dragging its window does: the screen, then the program's pty. */
  async resize(cols: number, rows: number): Promise<void> {
    await this.flush();
    this.term.resize(cols, rows);
    this.pty.resize(cols, rows);
  }

  /** Waits until the terminal has parsed everything received so far. */
  async flush(): Promise<void> {
    await this.writes;
  }

  /** The visible rows of the active buffer, trailing spaces trimmed. */
  async screen(): Promise<string[]> {
    await this.flush();
    const buffer = this.term.buffer.active;
    const rows: string[] = [];
    for (let i = 0; i < this.term.rows; i++)
      rows.push(buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '');
    return rows;
  }

  async screenText(): Promise<string> {
    return (await this.screen()).join('\n');
  }

  /** Every row of the normal buffer, scrollback included (what stays after the app exits). */
  async normalBuffer(): Promise<string> {
    await this.flush();
    const buffer = this.term.buffer.normal;
    const rows: string[] = [];
    for (let i = 0; i < buffer.length; i++)
      rows.push(buffer.getLine(i)?.translateToString(true) ?? '');
    return rows.join('\n');
  }

  async inAlternateScreen(): Promise<boolean> {
    await this.flush();
    return this.term.buffer.active.type === 'alternate';
  }

  /** Polls the screen until `check` passes. */
  async waitFor(
    check: (screen: string) => boolean,
    timeoutMs = 15_000,
    what = 'the screen',
  ): Promise<string> {
    const started = Date.now();
    for (;;) {
      const screen = await this.screenText();
      if (check(screen)) return screen;
      if (this.exit)
        throw new Error(
          `the program exited (${JSON.stringify(this.exit)}) while waiting for ${what}:\n${screen}`,
        );
      if (Date.now() - started > timeoutMs)
        throw new Error(`timed out waiting for ${what}; screen:\n${screen}`);
      await sleep(50);
    }
  }

  waitForText(text: string | RegExp, timeoutMs?: number): Promise<string> {
    return this.waitFor(
      (screen) => (typeof text === 'string' ? screen.includes(text) : text.test(screen)),
      timeoutMs,
      String(text),
    );
  }

  /** Types text, then (optionally) Enter as its own key, the way a person does. */
  async type(text: string, enter = false): Promise<void> {
    this.write(text);
    await sleep(80);
    if (enter) {
      this.write(KEYS.enter);
      await sleep(50);
    }
  }

  /** Presses one key; ESC is sent alone so it is not read as Alt+key. */
  async press(key: keyof typeof KEYS): Promise<void> {
    this.write(KEYS[key]);
    await sleep(key === 'escape' ? 150 : 60);
  }

  async waitForExit(timeoutMs = 15_000): Promise<PtyExit> {
    const timer = sleep(timeoutMs).then(() => {
      throw new Error(`the program did not exit within ${timeoutMs} ms`);
    });
    const exit = await Promise.race([this.exited, timer]);
    await this.flush();
    return exit;
  }

  /** Byte offset to measure output from. */
  mark(): number {
    return this.raw.length;
  }

  since(mark: number): string {
    return this.raw.slice(mark);
  }

  kill(): void {
    if (this.exit) return;
    try {
      process.kill(-this.pty.pid, 'SIGKILL');
    } catch {
      try {
        this.pty.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }

  dispose(): void {
    this.kill();
    this.term.dispose();
  }
}

function cleanEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
