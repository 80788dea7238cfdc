import v8 from 'node:v8';

/**
 * The V8 flag that makes its optimising compiler (TurboFan) wait eight times longer before
 * compiling a function. tick's code is broad and warm rather than narrow and hot: in a
 * long session (bench/: 310 rounds, one bash call each) the compiler's thread took about a
 * fifth of the app's CPU, compiling React, Ink and SDK functions that then ran a few
 * hundred times. Truly hot code (parsers, loops over big outputs) still gets compiled.
 * V8 11 (Node 20) counts the budget in bytecode executed; V8 12 and later (Node 22, 24)
 * count calls, after Maglev's cheaper tier.
 */
export function lazierOptimisationFlag(v8Version: string): string {
  const major = Number.parseInt(v8Version, 10);
  return major >= 12 ? '--invocation-count-for-turbofan=24000' : '--interrupt-budget=540672';
}

/**
 * WebAssembly stays on V8's baseline compiler (Liftoff). The wasm tick runs is Node's own
 * HTTP parser (undici's llhttp, under fetch and so under the model stream) and Ink's layout
 * engine (yoga). Once a response of a few hundred KB has streamed, V8 recompiles llhttp's
 * one big parse function with TurboFan: ~160 ms of CPU on Node 20, ~70 ms on 22, for a
 * parse that then runs at most a few percent faster (bench/: 20-40 ms of main-thread time
 * over 10 MB of stream, against 240 ms less on the compiler's thread).
 */
export const BASELINE_WASM_FLAG = '--liftoff-only';

/** The flags this runtime gets: the lazier optimiser, and baseline-only WebAssembly. */
export function tuningFlags(v8Version: string): string[] {
  return [lazierOptimisationFlag(v8Version), BASELINE_WASM_FLAG];
}

/**
 * Sets the flags for this process, before anything is compiled that they concern; a
 * runtime that refuses one keeps its default.
 */
export function optimiseLazily(): void {
  for (const flag of tuningFlags(process.versions.v8)) {
    try {
      v8.setFlagsFromString(flag);
    } catch {
      // Only a tuning: V8's defaults are correct, just costlier.
    }
  }
}
