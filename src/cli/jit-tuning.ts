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

/** Sets the flag for this process; a runtime that refuses it keeps its defaults. */
export function optimiseLazily(): void {
  try {
    v8.setFlagsFromString(lazierOptimisationFlag(process.versions.v8));
  } catch {
    // Only a tuning: V8's defaults are correct, just costlier.
  }
}
