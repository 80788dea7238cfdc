import { createModelClient } from '../model/client';
import type { ModelClient } from '../model/types';
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
}

/** The model client: the configured server (or the demo's), its idle timeout and retries. */
export const modelStep: WiringStep<Setup & Pick<SessionParts, 'baseURL' | 'apiKey'>, ModelParts> = {
  name: 'model',
  wire: ({ config, baseURL, apiKey }) => {
    const connect = (model: string) =>
      createModelClient({
        baseURL,
        apiKey,
        model,
        idleTimeoutMs: config.idleTimeoutMs,
        maxRetries: config.maxRetries,
      });
    return { model: new SessionModel(connect, config.demo ? 'demo' : config.model) };
  },
};
