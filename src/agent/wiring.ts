/**
 * The seam every subsystem of a session wires in through. `createAgent` (agent.ts) is a
 * list of named steps; each step reads the parts the steps before it made and returns the
 * parts it adds. A new subsystem (MCP servers, checkpoints, skills, agent types) is one
 * more step in a file of its own and one more line in that list; the other steps do not
 * change. What a step may do besides adding parts:
 * - add tools to `tools` and `offered` (steps before `contextStep`, which reads `offered`
 *   per request for the definitions the model is offered);
 * - hang hooks on `hooks` (the session's registry: PreToolUse, PostToolUse, ...);
 * - `teardown.defer(...)` what must happen when the session closes (run last-in first-out,
 *   so a step's parts are still there when a later step closes its own);
 * - `beforeAsk.add(...)` to hear when the user is about to be asked to approve a call.
 * The types check that a step only reads what was wired before it.
 */

/** One named step: reads `Needs` from what is wired so far, adds `Adds`. */
export interface WiringStep<Needs, Adds> {
  readonly name: string;
  /** A property, not a method, so its parameter is checked strictly (what it needs is there). */
  readonly wire: (parts: Needs) => Adds | Promise<Adds>;
}

/** The session's parts so far; `add` runs the next step over them. */
export class Wiring<Parts extends object> {
  private constructor(private readonly parts: Promise<Parts>) {}

  static of<Parts extends object>(parts: Parts): Wiring<Parts> {
    return new Wiring(Promise.resolve(parts));
  }

  add<Adds extends object>(step: WiringStep<Parts, Adds>): Wiring<Parts & Adds> {
    return new Wiring(
      this.parts.then(async (parts) => ({ ...parts, ...(await step.wire(parts)) })),
    );
  }

  /** Every part, once every step has run (a step's error rejects it). */
  done(): Promise<Parts> {
    return this.parts;
  }
}

/** How a session ended (Claude Code's SessionEnd reasons that tick reports). */
export type CloseReason = 'prompt_input_exit' | 'other';

/** What happens when the session closes, registered by the steps. */
export class Teardown {
  private readonly steps: ((reason: CloseReason) => void | Promise<void>)[] = [];

  defer(step: (reason: CloseReason) => void | Promise<void>): void {
    this.steps.push(step);
  }

  /** Runs the deferred steps, the last registered first. */
  async run(reason: CloseReason): Promise<void> {
    for (const step of [...this.steps].reverse()) await step(reason);
  }
}
