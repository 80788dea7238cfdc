import { render } from 'ink';
import { SessionPicker } from '../../components/SessionPicker';
import type { Look } from '../../components/lines/look';
import type { SessionSummary } from '../session/list';
import { FrameWriter } from './frame-writer';
import { enterFullScreen } from './terminal';

export interface PickSessionIO {
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  look: Look;
}

/**
 * `tick -r`: shows the picker full-screen and resolves with the chosen session's id, or
 * undefined when the user cancelled. The terminal is given back before it resolves.
 */
export async function pickSession(
  sessions: readonly SessionSummary[],
  io: PickSessionIO,
): Promise<string | undefined> {
  let choose: (id: string | undefined) => void = () => undefined;
  const chosen = new Promise<string | undefined>((resolve) => (choose = resolve));
  const screen = enterFullScreen({
    stdout: io.stdout,
    stdin: io.stdin,
    onSignal: (_signal, code) => {
      screen.restore();
      process.exit(code);
    },
    onCrash: (error) => {
      io.stdout.write(`tick: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
      process.exit(1);
    },
  });
  const writer = new FrameWriter(io.stdout);
  try {
    const instance = render(<SessionPicker sessions={sessions} look={io.look} onDone={choose} />, {
      stdout: writer.sink,
      stdin: io.stdin,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
    writer.flush();
    const id = await chosen;
    instance.unmount();
    await instance.waitUntilExit().catch(() => undefined);
    return id;
  } finally {
    writer.close();
    screen.restore();
    screen.dispose();
  }
}
