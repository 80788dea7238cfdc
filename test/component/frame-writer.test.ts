/* eslint-disable no-control-regex -- the tests look for terminal escape sequences */
import { Terminal } from '@xterm/headless';
import { EventEmitter } from 'node:events';
import { describe, expect, test } from 'vitest';
import { FrameWriter, type CursorPlace } from '../../src/cli/frame-writer';
import { rowUpdate } from '../../src/cli/row-diff';
import { useStringWidthUnicode } from '../support/pty';

/** A terminal-shaped stream that feeds a headless xterm. */
class XtermOut extends EventEmitter {
  readonly term: Terminal;
  written = '';
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
    this.term = new Terminal({ cols: columns, rows, allowProposedApi: true });
    useStringWidthUnicode(this.term);
  }
  write(data: string) {
    this.written += data;
    this.term.write(data);
    return true;
  }
  async screen(): Promise<string[]> {
    await new Promise<void>((resolve) => this.term.write('', resolve));
    const buffer = this.term.buffer.active;
    return Array.from(
      { length: this.rows },
      (_, i) => buffer.getLine(i)?.translateToString(true) ?? '',
    );
  }
}

function setup(columns = 40, rows = 12, cursor?: () => CursorPlace | null) {
  const out = new XtermOut(columns, rows);
  const writer = new FrameWriter(out as unknown as NodeJS.WriteStream, { cursor });
  const show = (lines: string[]) => {
    writer.sink.write(lines.join('\n'));
    writer.flush();
  };
  return { out, writer, show };
}

const plain = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');

describe('FrameWriter', () => {
  test('the screen always shows the last frame, whatever changed', async () => {
    const { out, show } = setup(40, 12);
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const words = ['alpha', 'β', '测试', '🎉', '\x1b[1mbold\x1b[22m', '\x1b[32mgreen\x1b[39m', 'x'];
    let frame: string[] = Array.from({ length: 11 }, (_, i) => `row ${i}`);
    for (let step = 0; step < 300; step++) {
      const kind = random();
      if (kind < 0.3) {
        frame = [...frame.slice(1, 8), `new ${step}`, ...frame.slice(8)];
      } else if (kind < 0.6) {
        const row = Math.floor(random() * frame.length);
        frame[row] = Array.from(
          { length: 1 + Math.floor(random() * 5) },
          () => words[Math.floor(random() * words.length)],
        ).join(' ');
      } else if (kind < 0.8) {
        const row = Math.floor(random() * frame.length);
        frame[row] =
          frame[row].split(' ').length < 6
            ? `${frame[row]} ${words[Math.floor(random() * words.length)]}`
            : 'reset';
      } else {
        frame = frame.slice(0, 5 + Math.floor(random() * 6));
        while (frame.length < 11 && random() < 0.8) frame.push(`grow ${step}`);
      }
      show(frame);
      const screen = await out.screen();
      const expected = [...frame.map(plain), ...Array(12 - frame.length).fill('')];
      expect(screen.map((row) => row.trimEnd())).toEqual(expected.map((row) => row.trimEnd()));
    }
  });

  test('streaming lines scroll instead of repainting, and nothing clears the screen', async () => {
    const { out, writer, show } = setup(60, 20);
    const transcript: string[] = [];
    const frameOf = () => [
      ...transcript.slice(-16),
      ...Array(Math.max(0, 16 - transcript.length)).fill(''),
      '─'.repeat(60),
      '› ',
      'status',
    ];
    let text = 0;
    for (let i = 0; i < 200; i++) {
      const line = `line ${i} ${'word '.repeat(8)}`;
      transcript.push(line);
      text += line.length;
      show(frameOf());
    }
    expect((await out.screen())[15].trimEnd()).toBe(transcript[199].trimEnd());
    expect(out.written).not.toMatch(/\x1b\[[23]J/);
    expect(out.written).toMatch(/\x1b\[1;\d+r\x1b\[1S/);
    // A whole repaint per line would be about 16x the text.
    expect(writer.bytesWritten).toBeLessThan(text * 2);
  });

  test('a spinner frame costs a few bytes', () => {
    const before = 'model · \x1b[36m⠋ working 3s\x1b[39m · hints';
    const after = 'model · \x1b[36m⠙ working 3s\x1b[39m · hints';
    const update = rowUpdate(before, after, 18, 80);
    expect(update).toContain('⠙');
    expect(update).not.toContain('hints');
    expect(update.length).toBeLessThan(30);
  });

  test('appending to a line writes only the new text', () => {
    const update = rowUpdate('Streaming a long', 'Streaming a long answer', 3, 80);
    expect(update).toBe('\x1b[4;17H answer\x1b[K');
    expect(rowUpdate(undefined, 'fresh', 0, 80)).toBe('\x1b[1Hfresh\x1b[K');
  });

  test('a resize forgets the screen and draws every row again', async () => {
    const { out, show } = setup(40, 10);
    show(['a', 'b', 'c']);
    out.columns = 30;
    out.term.resize(30, 10);
    out.emit('resize');
    show(['a', 'b', 'c']);
    expect(out.written.split('\x1b[1H').length).toBe(3);
    expect((await out.screen()).slice(0, 3)).toEqual(['a', 'b', 'c']);
  });

  test('a frame received before a resize and not yet written is dropped: it was laid out for the old size', async () => {
    const { out, writer, show } = setup(40, 10);
    show(['a', 'b', 'c']);
    writer.sink.write(['old-size frame'.padEnd(40, '='), 'b', 'c'].join('\n'));
    out.columns = 30;
    out.term.resize(30, 10);
    out.emit('resize');
    writer.flush();
    expect(out.written).not.toContain('old-size frame');
    show(['new', 'b', 'c']);
    expect((await out.screen()).slice(0, 4)).toEqual(['new', 'b', 'c', '']);
  });

  test('each frame ends with the cursor at the caret, shown; hidden when no input has the keys', async () => {
    let caret: CursorPlace | null = { row: 2, column: 7 };
    const { out, show } = setup(40, 12, () => caret);
    const cursor = async () => {
      await out.screen();
      const buffer = out.term.buffer.active;
      const shown = out.written.lastIndexOf('\x1b[?25h') > out.written.lastIndexOf('\x1b[?25l');
      return { row: buffer.cursorY, column: buffer.cursorX, shown };
    };
    show(['transcript', '─────', '› hello', 'status']);
    expect(await cursor()).toEqual({ row: 2, column: 7, shown: true });
    // A row written elsewhere (the status line) moves the cursor: it is put back.
    show(['transcript', '─────', '› hello', 'status 2']);
    expect(await cursor()).toEqual({ row: 2, column: 7, shown: true });
    // A frame costs one move back to the caret: the cursor stays shown.
    const mark = out.written.length;
    show(['transcript 2', '─────', '› hello', 'status 3']);
    const frame = out.written.slice(mark);
    expect(frame.endsWith('\x1b[3;8H')).toBe(true);
    expect(frame).not.toContain('\x1b[?25');
    // Wide characters: the caller counts columns; 你好 is 4 of them.
    caret = { row: 2, column: 6 };
    show(['transcript 2', '─────', '› 你好', 'status 3']);
    expect(await cursor()).toEqual({ row: 2, column: 6, shown: true });
    caret = null;
    show(['transcript 2', '─────', 'Run this command?', 'status 3']);
    expect(await cursor()).toMatchObject({ shown: false });
  });

  test('the cursor costs bytes only when it moved', () => {
    let caret: CursorPlace | null = { row: 2, column: 2 };
    const { out, show } = setup(40, 12, () => caret);
    show(['a', 'b', '› ', 'status']);
    const before = out.written.length;
    show(['a', 'b', '› ', 'status']);
    expect(out.written.length).toBe(before);
    // Only the caret moved (the terminal's cursor is the caret): one move, nothing else.
    caret = { row: 2, column: 3 };
    show(['a', 'b', '› ', 'status']);
    expect(out.written.slice(before)).toBe('\x1b[3;4H');
  });
});
