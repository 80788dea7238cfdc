import { describe, expect, test } from 'vitest';
import { splitArguments, substituteArguments } from '../../../src/extensions/commands/arguments';

const values = (raw: string, names: string[] = []) => ({
  raw,
  names,
  sessionId: 'S1',
  skillDir: '/skills/deploy',
  projectDir: '/work/app',
});

describe('command arguments', () => {
  test('words split as a shell would: quotes group, backslash escapes', () => {
    expect(splitArguments('"hello world" second')).toEqual(['hello world', 'second']);
    expect(splitArguments("a 'b c'  d\\ e")).toEqual(['a', 'b c', 'd e']);
    expect(splitArguments('   ')).toEqual([]);
    expect(splitArguments('""')).toEqual(['']);
  });

  test('$1..$9 are the first to ninth argument, $ARGUMENTS all of it as typed', () => {
    expect(
      substituteArguments(
        'Review PR #$1 with priority $2 and assign to $3 ($ARGUMENTS)',
        values('456 high  alice'),
      ),
    ).toBe('Review PR #456 with priority high and assign to alice (456 high  alice)');
  });

  test('a body that uses $0 counts from zero, as Claude Code 2.1 does', () => {
    expect(substituteArguments('Migrate $0 from $1 to $2', values('SearchBar React Vue'))).toBe(
      'Migrate SearchBar from React to Vue',
    );
  });

  test('$ARGUMENTS[N], escapes, and placeholders without an argument', () => {
    expect(substituteArguments('x $ARGUMENTS[1] costs \\$1.00, then $4', values('a b'))).toBe(
      'x b costs $1.00, then $4',
    );
  });

  test('named arguments from `arguments:` map to positions; a missing one is empty', () => {
    expect(substituteArguments('fix $issue on $branch', values('12', ['issue', 'branch']))).toBe(
      'fix 12 on ',
    );
  });

  test('arguments given to a body without placeholders are appended', () => {
    expect(substituteArguments('Summarise the diff.\n', values('only src/'))).toBe(
      'Summarise the diff.\n\nARGUMENTS: only src/',
    );
    expect(substituteArguments('Summarise the diff.', values(''))).toBe('Summarise the diff.');
  });

  test('session, skill and project folders', () => {
    expect(
      substituteArguments(
        '${CLAUDE_SKILL_DIR}/run.sh ${CLAUDE_PROJECT_DIR} ${CLAUDE_SESSION_ID}',
        values(''),
      ),
    ).toBe('/skills/deploy/run.sh /work/app S1');
  });
});
