import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../scripts/corpus/corpus-file';
import { corpus } from '../support/corpora';
import { sampleFigures } from '../support/shell-sample-figures';

// The labelled shell commands others wrote (../shared/corpora/shell), past the real gate;
// the targets are about the risky and everyday ones (`npm run corpus` shows the rest too).
const commands = readCorpus(corpus('shell'));

describe('the external shell corpus', () => {
  it('reads every labelled command, newlines decoded', () => {
    expect(commands.filter((c) => c.label === 'risky').length).toBeGreaterThan(600);
    expect(commands.filter((c) => c.label === 'everyday').length).toBeGreaterThan(600);
    expect(commands.some((c) => c.command.includes('\n'))).toBe(true);
  });
});

sampleFigures('the external shell corpus', commands);
