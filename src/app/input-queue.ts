import { EMPTY_INPUT, setText } from '../store/input-editor';
import type { AppStore } from '../store/store';
import type { InputState } from '../store/types';
import { historyStep } from '../store/view-state';
import type { SessionAgent } from './agent-port';
import { commandWaitsForTurn, isSlashCommand, runSlashCommand } from './commands';
import type { TurnRunner } from './turn-runner';

export interface InputQueueHost {
  /** Undefined while the agent is still loading. */
  agent(): SessionAgent | undefined;
  /** The app is closing: nothing queued is sent any more. */
  exiting(): boolean;
  exit(): void;
  /** /clear: forget the conversation on screen and in the agent. */
  clear(): void;
  /** /rewind (no item) or /undo #N: opens the rewind picker. */
  rewind(item?: string): void;
  /** /agents: opens the subagents' list. */
  agents(): void;
}

/**
 * The prompt input: its text and history, and where Enter sends what was typed: a slash
 * command, a prompt for the agent, or (while a turn runs, or the agent still loads) the
 * queue, which is sent one by one as turns end. Esc puts the queue back into the input.
 */
export class InputQueue {
  constructor(
    private readonly store: AppStore,
    private readonly turns: TurnRunner,
    private readonly host: InputQueueHost,
  ) {}

  /** The text and caret as the user edited them. */
  edit(input: InputState): void {
    this.store.setState({ input, historyIndex: null });
  }

  /** Up (-1) or down (1) through the prompts sent before. */
  browseHistory(direction: -1 | 1): void {
    this.store.setState((state) => historyStep(state, direction));
  }

  /** Enter: a slash command, a prompt, or (while busy) the queue. */
  submit(raw: string): void {
    const text = raw.replace(/\s+$/, '');
    if (!text.trim()) return;
    this.store.setState((state) => ({
      history:
        state.history[state.history.length - 1] === text ? state.history : [...state.history, text],
      historyIndex: null,
      input: EMPTY_INPUT,
    }));
    // Until the agent is ready (it loads while the app starts) everything but /help and
    // /exit waits, as it does while a turn runs.
    const later = !this.host.agent()
      ? !/^\/(help|exit|quit)\b/.test(text.trim())
      : this.turns.busy && (!isSlashCommand(text) || commandWaitsForTurn(text));
    if (later) {
      this.store.setState((state) => ({ queue: [...state.queue, text] }));
      return;
    }
    this.dispatch(text);
  }

  /** Sends the oldest queued entry, if any (a turn ended, or the agent became ready). */
  runNext(): void {
    if (this.host.exiting()) return;
    const [next, ...rest] = this.store.getState().queue;
    if (next === undefined) return;
    this.store.setState({ queue: rest });
    this.dispatch(next);
  }

  /** The turn was interrupted: what was queued goes back into the input, before its text. */
  takeBack(): void {
    this.store.setState((state) => {
      if (!state.queue.length) return {};
      const text = [...state.queue, state.input.text].filter(Boolean).join('\n');
      return { queue: [], input: setText(text) };
    });
  }

  /** Text for the model that no one typed (an MCP prompt's): now, or queued behind a turn. */
  private sendPrompt(prompt: string): void {
    const agent = this.host.agent();
    if (!agent || this.host.exiting()) return;
    // A turn started while the server answered: it waits its turn, as typed prompts do.
    if (this.turns.busy) {
      this.store.setState((state) => ({ queue: [...state.queue, prompt] }));
      return;
    }
    this.turns.start((signal) => agent.run(prompt, signal));
  }

  private dispatch(text: string): void {
    const agent = this.host.agent();
    if (isSlashCommand(text)) {
      runSlashCommand(
        {
          store: this.store,
          agent,
          exit: () => this.host.exit(),
          clear: () => this.host.clear(),
          rewind: (item) => this.host.rewind(item),
          agents: () => this.host.agents(),
          compact: (focus) => this.turns.start((signal) => agent?.compact?.(focus, signal)),
          send: (prompt) => this.sendPrompt(prompt),
          prompt: (line) => agent && this.turns.start((signal) => agent.run(line, signal)),
        },
        text,
      );
      return;
    }
    if (!agent) throw new Error('the app has no agent yet');
    this.turns.start((signal) => agent.run(text, signal));
  }
}
