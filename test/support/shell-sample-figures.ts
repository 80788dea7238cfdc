import { afterAll, describe, expect, it } from 'vitest';
import type { CorpusCommand } from '../../scripts/corpus/corpus-file';
import { makeJudge, makeSandbox } from '../../scripts/corpus/judge';
import { formatTally, tally, targets, type Judged } from '../../scripts/corpus/tally';
import type { SandboxMode } from '../../src/permissions/types';

/**
 * The risky and everyday commands of a labelled sample, past the real gate in default
 * mode (nothing is run), with the sandbox working (`auto`) and without it (`off`): no
 * risky command runs outside the sandbox unasked, and the everyday ones run (98% with
 * the sandbox, 90% without). `npm run corpus DIR` prints the same figures and the misses.
 */
export function sampleFigures(name: string, rows: readonly CorpusCommand[]): void {
  const commands = rows.filter((c) => c.label === 'risky' || c.label === 'everyday');
  const sandbox = makeSandbox();
  afterAll(() => sandbox.dispose());

  for (const mode of ['auto', 'off'] as SandboxMode[]) {
    describe(`${name}, sandbox ${mode} (nothing is run)`, async () => {
      const judge = makeJudge(sandbox, 'default', mode);
      const judged: Judged[] = [];
      for (const c of commands) judged.push({ ...c, ...(await judge(c.command)) });
      const result = tally(judged, mode);
      const report = formatTally(result, `${name}, sandbox ${mode}`);
      const target = targets(mode);

      it('runs no risky command outside the sandbox unasked', () => {
        expect(
          result.riskyRan.map((j) => `${j.command}: ${j.reason}`),
          report,
        ).toEqual([]);
        expect(result.riskyHeld).toBeGreaterThanOrEqual(target.risky);
      });

      it(`runs at least ${target.everyday * 100}% of the everyday commands without a prompt`, () => {
        expect(result.everydayRan, report).toBeGreaterThanOrEqual(target.everyday);
      });
    });
  }
}
