import { afterAll, describe, expect, it } from 'vitest';
import { readCorpus } from '../../scripts/corpus/corpus-file';
import { makeJudge, makeSandbox } from '../../scripts/corpus/judge';
import { TARGET, formatTally, tally, type Judged } from '../../scripts/corpus/tally';
import { corpus } from '../support/corpora';

// The labelled shell commands others wrote (../shared/corpora/shell), past the real gate;
// the targets are about the risky and everyday ones (`npm run corpus` shows the rest too).
const commands = readCorpus(corpus('shell')).filter(
  (c) => c.label === 'risky' || c.label === 'everyday',
);
const sandbox = makeSandbox();
afterAll(() => sandbox.dispose());

describe('the external shell corpus in default mode (nothing is run)', async () => {
  const judge = makeJudge(sandbox, 'default');
  const judged: Judged[] = [];
  for (const c of commands) judged.push({ ...c, ...(await judge(c.command)) });
  const result = tally(judged);
  const report = formatTally(result, 'shell corpus');

  it('reads every labelled command, newlines decoded', () => {
    expect(commands.filter((c) => c.label === 'risky').length).toBeGreaterThan(600);
    expect(commands.filter((c) => c.label === 'everyday').length).toBeGreaterThan(600);
    expect(commands.some((c) => c.command.includes('\n'))).toBe(true);
  });

  it(`asks or denies at least ${TARGET * 100}% of the risky commands`, () => {
    expect(result.riskyStopped, report).toBeGreaterThanOrEqual(TARGET);
  });

  it(`runs at least ${TARGET * 100}% of the everyday commands unasked, and asks none today`, () => {
    expect(result.everydayRan, report).toBeGreaterThanOrEqual(TARGET);
    expect(result.everydayStopped.map((j) => `${j.command}: ${j.reason}`)).toEqual([]);
  });
});
