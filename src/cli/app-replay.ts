import { resolve } from 'node:path';
import type { Config } from '../config/types';
import type { Script, ScriptedTurn } from '../demo/script-types';
import { startScriptedServer, type ScriptedServer } from '../demo/scripted-server';
import { createReplayDriver, prepareReplay, type ReplayDriver } from '../session/replay';
import type { AppController } from '../app/controller';

/** Pause between streamed chunks, so the user can watch the recorded answers arrive. */
const REPLAY_CHUNK_DELAY_MS = 8;

const SCRIPT_OVER: ScriptedTurn = {
  text: '(The replay has ended: this scripted model has no more answers. Run tick without --replay to talk to a model.)',
};

/** `tick --replay FILE` in the app: the recorded answers, served on 127.0.0.1. */
export interface AppReplay {
  /** The recorded file (absolute). */
  source: string;
  prompts: string[];
  /** The config with the replay server as the model. */
  config: Config;
  driver: ReplayDriver;
  /** Sends the recorded prompts one after another, as if typed; stops at an interrupt. */
  play(controller: AppController): Promise<void>;
  close(): Promise<void>;
}

/**
 * Reads the recording (a bad file fails here, before the app starts) and starts the
 * scripted server that answers as the recording did. Throws when there is nothing to replay.
 */
export async function startAppReplay(config: Config, file: string): Promise<AppReplay> {
  const source = resolve(config.cwd, file);
  const prepared = await prepareReplay(source);
  if (prepared.prompts.length === 0) throw new Error(`${source} has no prompts to replay`);
  const driver = createReplayDriver(prepared, { delayMs: REPLAY_CHUNK_DELAY_MS });
  let over = false;
  // After the last recorded prompt the server says so instead of answering with nothing.
  const script: Script = (request, index) =>
    over || typeof driver.script !== 'function' ? SCRIPT_OVER : driver.script(request, index);
  const server: ScriptedServer = await startScriptedServer(script);
  const { prompts } = prepared;
  return {
    source,
    prompts,
    config: {
      ...config,
      baseURL: server.baseURL,
      apiKey: 'replay',
      demo: false,
      model: prepared.header.model || 'replay',
      tasks: config.tasks ?? prepared.usedTasks,
    },
    driver,
    async play(controller) {
      for (const [index, prompt] of prompts.entries()) {
        const ended = await controller.play(prompt, () => driver.startPrompt(index));
        if (ended === undefined) return;
        if (ended === 'aborted') {
          over = true;
          controller.say(
            `Replay stopped after ${index + 1} of ${prompts.length} prompts.`,
            'warning',
          );
          return;
        }
      }
      over = true;
      controller.say(
        `Replay finished: ${prompts.length} recorded prompt${prompts.length === 1 ? '' : 's'} played again. New prompts need a model: run tick without --replay.`,
      );
    },
    close: () => server.close(),
  };
}
