import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCorpus } from '../../scripts/corpus/corpus-file';
import { sampleFigures } from '../support/shell-sample-figures';

// tick's own sample (test/fixtures/shell-samples, see its SOURCES.md): GTFOBins, CI
// workflows and tldr pages of many ecosystems, Continue's terminal-security tests,
// incident write-ups. None of it is in the shared corpus.
const commands = readCorpus(path.join(__dirname, '..', 'fixtures', 'shell-samples'));

describe('the collected shell sample', () => {
  it('holds several hundred risky and everyday commands from each kind of source', () => {
    const count = (file: string, label: string) =>
      commands.filter((c) => c.file === file && c.label === label).length;
    expect(count('gtfobins.txt', 'risky')).toBeGreaterThan(200);
    expect(count('ci-workflows.txt', 'everyday')).toBeGreaterThan(200);
    expect(count('tldr-docs.txt', 'everyday')).toBeGreaterThan(200);
    expect(count('continue-tests.txt', 'risky')).toBeGreaterThan(100);
    expect(count('incidents.txt', 'risky')).toBeGreaterThan(10);
  });
});

sampleFigures('the collected shell sample', commands);
