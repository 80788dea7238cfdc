/**
 * The formats' grammar as Claude Code documents it, with cases written from the docs (and
 * the awkward spellings real files use): frontmatter, `@` references, `!` lines, tool lists,
 * path globs.
 */
import { describe, expect, test } from 'vitest';
import { parseFrontmatter } from '../../../src/extensions/frontmatter';
import { atReferences } from '../../../src/extensions/markdown-refs';
import { findShellInjections } from '../../../src/extensions/commands/shell-lines';
import { splitToolList } from '../../../src/extensions/tool-names';
import { pathMatcher } from '../../../src/extensions/path-globs';

describe('frontmatter', () => {
  test('YAML lists, block scalars, and the line of each key', async () => {
    const fm = await parseFrontmatter(
      [
        '---',
        'name: x',
        'description: |',
        '  two',
        '  lines',
        'tools:',
        '  - Read',
        '  - Bash',
        '---',
        'Body',
      ].join('\n'),
    );
    expect(fm.data).toEqual({ name: 'x', description: 'two\nlines\n', tools: ['Read', 'Bash'] });
    expect(fm.keyLines.get('tools')).toBe(6);
    expect(fm.body).toBe('Body');
    expect(fm.bodyLine).toBe(10);
  });

  test("values strict YAML refuses are read as text, as Claude Code's retry does", async () => {
    const fm = await parseFrontmatter(
      [
        '---',
        'description: Use this agent when: the user asks',
        'argument-hint: [path] [what]',
        '---',
        '',
      ].join('\n'),
    );
    expect(fm.problems).toEqual([]);
    expect(fm.data).toEqual({
      description: 'Use this agent when: the user asks',
      'argument-hint': '[path] [what]',
    });
  });

  test('unreadable or unclosed frontmatter is a problem with a line; no frontmatter is none', async () => {
    const bad = await parseFrontmatter(
      ['---', 'name: a', '  - : [', 'x: {', '---', 'body'].join('\n'),
    );
    expect(bad.problems[0]?.message).toMatch(/not valid YAML/);
    expect(bad.problems[0]?.line).toBeGreaterThan(1);
    expect(bad.body).toBe('body');
    const open = await parseFrontmatter('---\nname: a\n');
    expect(open.problems).toEqual([
      { line: 1, message: 'frontmatter opened with `---` is never closed' },
    ]);
    expect((await parseFrontmatter('# Title\n---\n')).present).toBe(false);
  });
});

describe('@ references', () => {
  test('in prose at a line start or after a space; never in code, or an e-mail', () => {
    const refs = atReferences(
      [
        '@AGENTS.md',
        'Please follow: @docs/style.md.',
        'Mention `@not-this.md` in code, mail me@example.com.',
        '```',
        '@also/not.md',
        '```',
        '<!-- @hidden.md -->',
        'Home: @~/.claude/mine.md and @./local.md#section',
      ].join('\n'),
    );
    expect(refs.map((r) => r.spelling)).toEqual([
      'AGENTS.md',
      'docs/style.md',
      '~/.claude/mine.md',
      './local.md',
    ]);
  });

  test('a bare word is not path-like (used only when such a file exists)', () => {
    expect(atReferences('ask @alice or see @README')).toEqual([
      { spelling: 'alice', pathLike: false },
      { spelling: 'README', pathLike: false },
    ]);
  });
});

describe('! lines', () => {
  test('inline after a space or at a line start, ```! blocks; examples in other code blocks are not run', () => {
    const body = [
      'Status: !`git status --short`',
      '!`git diff HEAD`',
      'not!`this`',
      '```!',
      'ls -1',
      '```',
      '```md',
      'Example: !`rm -rf x`',
      '```',
    ].join('\n');
    expect(findShellInjections(body).map((i) => i.command)).toEqual([
      'git status --short',
      'git diff HEAD',
      'ls -1',
    ]);
  });
});

describe('tool lists', () => {
  test('commas or spaces outside parentheses, YAML lists, a JSON list read as text', () => {
    expect(
      splitToolList('Bash(git add:*), Bash(git commit:*) Read').entries.map((e) => e.text),
    ).toEqual(['Bash(git add:*)', 'Bash(git commit:*)', 'Read']);
    expect(splitToolList(['Read', 'Grep, Glob']).entries.map((e) => e.tool)).toEqual([
      'Read',
      'Grep',
      'Glob',
    ]);
    expect(splitToolList('["Read", "Grep"]').entries.map((e) => e.tool)).toEqual(['Read', 'Grep']);
    expect(splitToolList({ a: 1 }).problem).toMatch(/expected a list of tools/);
  });
});

describe('paths: globs', () => {
  test('braces expand; ** spans folders; a trailing slash means everything below', () => {
    const matches = pathMatcher(['src/**/*.{ts,tsx}', 'docs/']);
    expect(matches('src/a/b.tsx')).toBe(true);
    expect(matches('src/b.ts')).toBe(true);
    expect(matches('src/b.js')).toBe(false);
    expect(matches('docs/x/y.md')).toBe(true);
  });
});
