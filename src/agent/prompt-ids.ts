import { randomUUID } from 'node:crypto';
import type { HookRegistry } from '../hooks/registry';

/**
 * Claude Code's `prompt_id`: a fresh id for each user prompt, sent with every hook event
 * that prompt leads to (none before the first). A new one is taken as UserPromptSubmit
 * fires, before the hooks that read it.
 */
export class PromptIds {
  private id: string | undefined;

  constructor(hooks: HookRegistry) {
    // Registered before the command hooks, and run in that order (synchronously up to
    // their first await), so they read the new id.
    hooks.on('UserPromptSubmit', async () => {
      this.id = randomUUID();
      return {};
    });
  }

  current(): string | undefined {
    return this.id;
  }
}
