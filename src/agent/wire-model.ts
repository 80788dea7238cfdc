import { discoverContextWindow } from '../context/discover';
import { WindowBook } from '../context/window';
import { createModelClient } from '../model/client';
import { DEFAULT_BASE_URL } from '../model/api-key';
import { ollamaWindowOptions } from '../model/ollama-options';
import { withTextCallRecovery } from '../model/text-calls/recovering-client';
import type { ModelClient } from '../model/types';
import { withUnansweredNotice } from '../model/unanswered';
import type { SessionParts, Setup } from './wire-session';
import type { WiringStep } from './wiring';

/** The model in use; `/model` switches it for the next request. */
export class SessionModel {
  private current: ModelClient;

  constructor(
    private readonly connect: (name: string) => ModelClient,
    private named: string,
  ) {
    this.current = connect(named);
  }

  get name(): string {
    return this.named;
  }

  get client(): ModelClient {
    return this.current;
  }

  switchTo(name: string): void {
    this.named = name;
    this.current = this.connect(name);
  }

  /** A client for another model of the same server (the subagents' `agents.model`). */
  clientFor(name: string): ModelClient {
    return this.connect(name);
  }
}

export interface ModelParts {
  model: SessionModel;
  /** The context window per model (configured, else asked from the server). */
  windows: WindowBook;
}

/**
 * The model client: the configured server (or the demo's), its idle timeout and retries;
 * tool calls the model writes as text recovered (unless `model.recoverToolCalls` is off);
 * a configured window sent to Ollama as `options.num_ctx`; one line when the model stops at
 * its token limit without an answer; the book of context windows, asked of the same server.
 */
export const modelStep: WiringStep<Setup & Pick<SessionParts, 'baseURL' | 'apiKey'>, ModelParts> = {
  name: 'model',
  wire: ({ config, baseURL, apiKey }) => {
    const serverURL = baseURL || process.env.OPENAI_BASE_URL || DEFAULT_BASE_URL;
    // Ollama would otherwise run the model with its own window (asked once, for every model).
    const numCtx =
      !config.demo && config.contextWindow !== undefined
        ? ollamaWindowOptions(serverURL, config.contextWindow)
        : undefined;
    const connect = (model: string): ModelClient => {
      const client = createModelClient({
        baseURL,
        apiKey,
        model,
        idleTimeoutMs: config.idleTimeoutMs,
        maxRetries: config.maxRetries,
        ...(numCtx ? { extraBody: numCtx } : {}),
      });
      const recovering = config.recoverToolCalls === false ? client : withTextCallRecovery(client);
      return withUnansweredNotice(recovering);
    };
    const windows = new WindowBook(config.contextWindow, (model, signal) =>
      discoverContextWindow({
        baseURL: serverURL,
        apiKey: apiKey ?? process.env.OPENAI_API_KEY,
        model,
        signal,
      }),
    );
    return { model: new SessionModel(connect, config.demo ? 'demo' : config.model), windows };
  },
};
