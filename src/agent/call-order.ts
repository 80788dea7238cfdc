/** One step of running a turn's calls: one call alone, or several together. */
export type CallStep = { kind: 'one'; index: number } | { kind: 'together'; indices: number[] };

/**
 * The order a turn's calls run in: every call in the model's order, except that the calls
 * `runsTogether` picks (the `agent` calls) all start together where the first of them stands.
 * Pure: indices into the turn's calls.
 */
export function callSteps(count: number, runsTogether: (index: number) => boolean): CallStep[] {
  const together: number[] = [];
  for (let index = 0; index < count; index++) if (runsTogether(index)) together.push(index);
  const steps: CallStep[] = [];
  for (let index = 0; index < count; index++) {
    if (!runsTogether(index)) steps.push({ kind: 'one', index });
    else if (index === together[0])
      steps.push(
        together.length > 1 ? { kind: 'together', indices: together } : { kind: 'one', index },
      );
  }
  return steps;
}
