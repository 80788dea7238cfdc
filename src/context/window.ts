import type { DiscoveredWindow } from './discover';

/** Asks the server for a model's window (discover.ts, or a stub in tests). */
export type Discover = (
  model: string,
  signal: AbortSignal,
) => Promise<DiscoveredWindow | undefined>;

interface ModelWindow {
  /** A limit the server stated in a context-length error: it wins over everything. */
  learned?: number;
  discovered?: DiscoveredWindow;
  /** The running or finished discovery. */
  asking?: Promise<void>;
  /** Times the server was asked. */
  asked: number;
  /** The user was told the server cuts prompts at this window. */
  toldCut?: boolean;
}

/** Discovery is asked again at most this often (an upper bound, until the model is loaded). */
const MAX_DISCOVERIES = 2;

/**
 * The context window per model: a limit the server stated in an error, else the configured
 * window (`model.contextWindow`, TICK_CONTEXT_WINDOW), else what the server reports, else
 * unknown. Kept for the process, per model name, so `/model` back and forth asks once.
 */
export class WindowBook {
  private readonly models = new Map<string, ModelWindow>();

  constructor(
    private readonly configured: number | undefined,
    private readonly discover: Discover | undefined,
  ) {}

  /** The window to plan with, or undefined when nothing says. */
  window(model: string): number | undefined {
    const entry = this.models.get(model);
    return entry?.learned ?? this.configured ?? entry?.discovered?.window;
  }

  /**
   * Asks the server when nothing is configured (once, and once more while it only knew an
   * upper bound); waits for an answer already on its way.
   */
  async ensure(model: string, signal: AbortSignal): Promise<void> {
    if (this.configured !== undefined || !this.discover) return;
    const entry = this.entry(model);
    if (entry.learned !== undefined) return;
    const settled = entry.discovered?.loaded === true || entry.asked >= MAX_DISCOVERIES;
    if (!entry.asking && !settled) {
      entry.asked += 1;
      const discover = this.discover;
      entry.asking = discover(model, signal)
        .then((found) => {
          if (found && (found.loaded || !entry.discovered?.loaded)) entry.discovered = found;
        })
        .catch(() => undefined)
        .finally(() => (entry.asking = undefined));
    }
    await entry.asking;
  }

  /**
   * The window when the server running this model cuts longer prompts silently (Ollama drops
   * their start) rather than refusing them: tick must stay inside it. Undefined otherwise.
   */
  silentCut(model: string): number | undefined {
    const entry = this.models.get(model);
    const found = entry?.discovered;
    if (!found?.cutsPrompts || !found.loaded || entry?.learned !== undefined) return undefined;
    return this.configured === undefined ? found.window : undefined;
  }

  /** True the first time for a model: the user is told about the cut once. */
  tellCutOnce(model: string): boolean {
    const entry = this.entry(model);
    if (entry.toldCut) return false;
    entry.toldCut = true;
    return true;
  }

  /** The server refused at this size: it replaces the window for this model from now on. */
  learn(model: string, limit: number): void {
    this.entry(model).learned = limit;
  }

  private entry(model: string): ModelWindow {
    let entry = this.models.get(model);
    if (!entry) {
      entry = { asked: 0 };
      this.models.set(model, entry);
    }
    return entry;
  }
}
