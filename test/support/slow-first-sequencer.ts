import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest (10-40 s each, most of it waiting on real processes and
 * terminals), longest first. Vitest starts the files it has timings for longest first, but a
 * fresh clone (CI) has none and goes by file size: a 40 s file started near the end leaves
 * one worker running alone for its whole length. A file missing here only loses its head start.
 */
export const SLOW_TEST_FILES = [
  'test/integration/session-kill.test.ts',
  'test/integration/session-wrong-types.test.ts',
  'test/e2e/resize.e2e.test.ts',
  'test/e2e/attention.e2e.test.ts',
  'test/e2e/approval-typing.e2e.test.ts',
  'test/e2e/demo.e2e.test.ts',
  'test/integration/claude-hook-setups.test.ts',
  'test/e2e/plan-scroll.e2e.test.ts',
  'test/component/approval-guard.test.tsx',
  'test/e2e/app.e2e.test.ts',
  'test/integration/session-resume.test.ts',
  'test/integration/task-lock-faults.test.ts',
];

/** Vitest's own order, with the known slow files moved to the front. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOW_TEST_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index < 0 ? SLOW_TEST_FILES.length : index;
    };
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
