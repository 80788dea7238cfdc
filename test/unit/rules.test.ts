import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../src/permissions/classify-command';
import {
  matchRules,
  parseRule,
  parseRuleList,
  type RuleEntry,
  type RuleList,
} from '../../src/permissions/rules';
import { toolNaming } from '../../src/tools/registry';

const ws = '/work/ws';
const home = '/home/tester';
const ctx = { cwd: ws, home };
const tools = toolNaming();
const namesOf = (toolName: string) => [
  toolName,
  ...(tools.find((t) => t.name === toolName)?.claudeNames ?? []),
];

function entries(lists: Partial<Record<RuleList, string[]>>, sourceDir?: string): RuleEntry[] {
  const out: RuleEntry[] = [];
  for (const list of ['allow', 'ask', 'deny'] as const) {
    const parsed = parseRuleList(lists[list] ?? [], list, 'project', { tools, sourceDir });
    expect(parsed.problems).toEqual([]);
    out.push(...parsed.entries);
  }
  return out;
}

function bash(rules: Partial<Record<RuleList, string[]>>, command: string) {
  const { parts } = classifyCommand(command, { cwd: ws, roots: [ws], home });
  const call = { toolName: 'bash', names: namesOf('bash'), command, parts };
  const match = matchRules(entries(rules), call, ctx);
  return match && { decision: match.decision, rule: match.entry.rule.text };
}

function file(rules: Partial<Record<RuleList, string[]>>, toolName: string, ...paths: string[]) {
  const kind = toolName === 'read_file' || toolName === 'glob' ? 'read' : 'write';
  const call = { toolName, names: namesOf(toolName), kind, paths } as const;
  return matchRules(entries(rules), call, ctx)?.decision;
}

const problemOf = (text: string, list: RuleList = 'allow') => {
  const parsed = parseRule(text, { list, tools });
  return 'problem' in parsed ? parsed.problem : undefined;
};

describe('parseRule problems', () => {
  it.each([
    ['bash(npm', "unbalanced parentheses: missing ')'"],
    ['Bash(git status', "unbalanced parentheses: missing ')'"],
    ['bash(git status))', "unbalanced parentheses: a ')' without its '('"],
    ['bash)', "unbalanced parentheses: a ')' without its '('"],
    ['Bash(a)(b)', "text after the closing ')'"],
    ['', 'the rule is empty'],
    ['   ', 'the rule is empty'],
    ['bash()', "empty parentheses (write 'bash' for the whole tool)"],
    ['(ls)', "it does not start with a tool name (found '')"],
    ['bash(:*)', "nothing before ':*'"],
  ])('%j is an error: %s', (text, message) => {
    expect(problemOf(text)).toEqual({ level: 'error', message });
  });

  it('warns about a tool tick does not have, loudly for a deny rule', () => {
    expect(problemOf('WebFetch(domain:example.com)')).toEqual({
      level: 'warning',
      message: 'tick has no WebFetch tool, so the rule cannot apply',
      missingTool: 'WebFetch',
    });
    expect(problemOf('Foo(bar)', 'deny')).toEqual({
      level: 'warning',
      message: 'tick has no Foo tool, so this deny rule cannot apply (it blocks nothing)',
      missingTool: 'Foo',
    });
  });

  it('reads MCP rules by server and tool, and says what an MCP rule cannot take', () => {
    expect(problemOf('mcp__sentry__find_teams')).toBeUndefined();
    expect(problemOf('mcp__sequential-thinking__*', 'deny')).toBeUndefined();
    expect(problemOf('mcp__sentry(x)')?.message).toBe(
      "MCP rules take no specifier; write 'mcp__sentry' for the whole tool",
    );
    expect(problemOf('mcp__')).toEqual({
      level: 'error',
      message: "'mcp__' names no MCP server (write mcp__server or mcp__server__tool)",
    });
  });

  it('warns about Write and Glob path rules, which Claude Code never consults', () => {
    expect(problemOf('Write(docs/**)')?.message).toBe(
      'Claude Code accepts Write(...) path rules but never consults them, and neither does tick; write Edit(docs/**)',
    );
    expect(problemOf('Glob(docs/**)')?.message).toContain('write Read(docs/**)');
  });

  it('warns about matching Bash by its command field and by fields tick has not', () => {
    expect(problemOf('Bash(command:rm *)', 'deny')?.message).toBe(
      'Bash(command:...) cannot match the command itself (Claude Code ignores it too); write Bash(rm *)',
    );
    expect(problemOf('Bash(run_in_background:true)', 'deny')?.message).toBe(
      "tick's bash has no run_in_background setting, so the rule never matches",
    );
  });

  it('takes tool-name wildcards in deny and ask rules only', () => {
    expect(problemOf('B*', 'deny')).toBeUndefined();
    expect(problemOf('*', 'ask')).toBeUndefined();
    expect(problemOf('B*', 'allow')?.message).toContain('only deny and ask rules take one');
  });

  it('reports each bad rule of a list with its index and text', () => {
    const parsed = parseRuleList(['bash(ls)', 'bash(npm', 'Grep'], 'allow', 'local', { tools });
    expect(parsed.entries.map((e) => e.rule.text)).toEqual(['bash(ls)']);
    expect(parsed.problems.map((p) => [p.index, p.text, p.level])).toEqual([
      [1, 'bash(npm', 'error'],
      [2, 'Grep', 'warning'],
    ]);
  });
});

describe('parseRule accepts both naming schemes', () => {
  it.each([
    ['Bash(git status)', 'bash'],
    ['Read(~/.ssh/**)', 'read_file'],
    ['write_file(/tmp/*)', 'write_file'],
    ['Edit(src/**)', 'edit_file'],
    ['MultiEdit', 'edit_file'],
    ['Glob', 'glob'],
    ['TodoWrite', 'todo_write'],
    ['edit_file(src/**)', 'edit_file'],
  ])('%s is a %s rule', (text, tool) => {
    expect(parseRule(text, { list: 'allow', tools })).toMatchObject({ rule: { tool, text } });
  });

  it('treats bash(*) like bash (the whole tool)', () => {
    expect(parseRule('bash(*)', { list: 'allow', tools })).toEqual({
      rule: { text: 'bash(*)', tool: 'bash' },
    });
  });

  it('reads escaped parentheses and colons of saved rules as the characters', () => {
    const parsed = parseRule('Bash(rm -rf C\\:/:*)', { list: 'deny', tools });
    expect(parsed).toMatchObject({ rule: { command: { kind: 'prefix', prefix: 'rm -rf C:/' } } });
    const rule = `Bash(python3 -c "print\\('hi'\\)")`;
    expect(bash({ allow: [rule] }, `python3 -c "print('hi')"`)).toEqual({
      decision: 'allow',
      rule,
    });
  });
});

describe('bash rule matching', () => {
  it('matches an exact command only exactly', () => {
    expect(bash({ allow: ['bash(git push origin main)'] }, 'git push origin main')).toEqual({
      decision: 'allow',
      rule: 'bash(git push origin main)',
    });
    expect(
      bash({ allow: ['bash(git push origin main)'] }, 'git push origin main --force'),
    ).toBeUndefined();
  });

  it('matches a :* prefix at a word boundary', () => {
    const rules = { allow: ['bash(npm run test:*)'] };
    expect(bash(rules, 'npm publish')).toBeUndefined();
    expect(bash({ allow: ['bash(rm:*)'] }, 'rm -rf build')?.decision).toBe('allow');
    expect(bash({ allow: ['bash(rm:*)'] }, 'rmdir build')).toBeUndefined();
  });

  it('keeps the word boundary of a prefix in deny and ask rules too (ls is not lsof)', () => {
    expect(bash({ deny: ['Bash(ls:*)'] }, 'lsof -i')).toBeUndefined();
    expect(bash({ deny: ['Bash(ls:*)'] }, 'ls -la')?.decision).toBe('deny');
    expect(bash({ deny: ['bash(rm:*)'] }, 'rmdir build')).toBeUndefined();
    expect(bash({ ask: ['Bash(ls *)'] }, 'lsof')).toBeUndefined();
    expect(bash({ deny: ['Bash(ls*)'] }, 'lsof')?.decision).toBe('deny');
  });

  it('reads :* as a wildcard only at the end (Bash(git:* push) is a literal colon)', () => {
    expect(bash({ deny: ['Bash(git:* push)'] }, 'git push')).toBeUndefined();
    expect(bash({ deny: ['Bash(git:* push)'] }, 'git:x push')?.decision).toBe('deny');
  });

  it('supports * anywhere, with a space before a final * also matching the bare command', () => {
    expect(bash({ deny: ['bash(git * --force)'] }, 'git push --force')?.decision).toBe('deny');
    expect(bash({ allow: ['bash(ls *)'] }, 'ls')?.decision).toBe('allow');
    expect(bash({ allow: ['bash(ls *)'] }, 'ls -la src')?.decision).toBe('allow');
  });

  it('sees through wrappers, quoting and paths when denying', () => {
    for (const command of [
      '\\rm -rf build',
      "'rm' -rf build",
      '/bin/rm -rf build',
      'timeout 5 rm x',
      'sudo rm x',
    ]) {
      expect(bash({ deny: ['bash(rm:*)'] }, command), command).toMatchObject({ decision: 'deny' });
    }
    expect(bash({ deny: ['bash(rm:*)'] }, "bash -c 'ls; rm -rf build'")?.decision).toBe('deny');
  });

  it('orders deny > ask > allow whatever the order of the rules', () => {
    const rules = {
      allow: ['bash(git:*)'],
      ask: ['bash(git push:*)'],
      deny: ['bash(git push --force:*)'],
    };
    expect(bash(rules, 'git push --force origin')?.decision).toBe('deny');
    expect(bash(rules, 'git push origin')?.decision).toBe('ask');
    expect(bash(rules, 'git log')?.decision).toBe('allow');
  });

  it('allows a compound command only when every part is allowed or read-only', () => {
    const rules = { allow: ['bash(npm test:*)'] };
    expect(bash(rules, 'cd src && npm test')?.decision).toBe('allow');
    expect(bash(rules, 'npm test | tail -5')?.decision).toBe('allow');
    expect(bash(rules, 'npm test && rm -rf build')).toBeUndefined();
    expect(bash(rules, 'npm test; curl x | sh')).toBeUndefined();
    expect(
      bash({ allow: ['bash(npm test:*)', 'bash(rm -rf build)'] }, 'npm test && rm -rf build')
        ?.decision,
    ).toBe('allow');
  });

  it('does not let a prefix rule cover a risky redirection; an exact rule with it does', () => {
    expect(bash({ allow: ['bash(npm test:*)'] }, 'npm test > /etc/motd')).toBeUndefined();
    expect(bash({ allow: ['bash(npm test > /etc/motd)'] }, 'npm test > /etc/motd')?.decision).toBe(
      'allow',
    );
    expect(bash({ allow: ['bash(npm test:*)'] }, 'npm test > out.log')?.decision).toBe('allow');
  });

  it('never allows a part it could not parse, not even with the whole tool allowed', () => {
    expect(bash({ allow: ['bash'] }, 'ls && $CMD x')).toBeUndefined();
    expect(bash({ allow: ['bash(echo:*)'] }, 'echo "unterminated')).toBeUndefined();
    expect(bash({ deny: ['bash'] }, 'echo "unterminated')?.decision).toBe('deny');
  });

  it('does not let a plain rule allow the same command under sudo', () => {
    expect(bash({ allow: ['bash(rm:*)'] }, "sudo bash -c 'rm x'")).toBeUndefined();
    expect(bash({ allow: ['bash(sudo rm:*)'] }, "sudo bash -c 'rm x'")?.decision).toBe('allow');
  });

  it('does not let an exact rule allow xargs adding unknown arguments', () => {
    expect(bash({ allow: ['bash(rm)'] }, 'find . | xargs rm')).toBeUndefined();
  });

  it('matches a whole compound command given exactly', () => {
    const command = 'npm run build && rm -rf dist/old';
    expect(bash({ allow: [`bash(${command})`] }, command)?.decision).toBe('allow');
  });
});

describe('file rule matching', () => {
  it('resolves globs against the workspace, gitignore style', () => {
    expect(file({ allow: ['edit_file(src/**)'] }, 'edit_file', `${ws}/src/a/b.ts`)).toBe('allow');
    expect(
      file({ allow: ['edit_file(src/**)'] }, 'edit_file', `${ws}/lib/src/b.ts`),
    ).toBeUndefined();
    // An allow rule reads a pattern at the current directory only; deny and ask at any depth.
    expect(
      file({ allow: ['edit_file(*.md)'] }, 'edit_file', `${ws}/docs/deep/x.md`),
    ).toBeUndefined();
    expect(file({ allow: ['edit_file(*.md)'] }, 'edit_file', `${ws}/x.md`)).toBe('allow');
    expect(file({ deny: ['edit_file(*.md)'] }, 'edit_file', `${ws}/docs/deep/x.md`)).toBe('deny');
    expect(file({ deny: ['Edit(src/**)'] }, 'edit_file', `${ws}/vendor/pkg/src/lib.js`)).toBe(
      'deny',
    );
    expect(
      file({ deny: ['Edit(./src/**)'] }, 'edit_file', `${ws}/vendor/pkg/src/lib.js`),
    ).toBeUndefined();
    expect(
      file({ allow: ['edit_file(./README.md)'] }, 'edit_file', `${ws}/docs/README.md`),
    ).toBeUndefined();
    expect(file({ allow: ['edit_file(./README.md)'] }, 'edit_file', `${ws}/README.md`)).toBe(
      'allow',
    );
  });

  it('expands ~ to home, takes //abs as absolute and /path from the settings source', () => {
    expect(file({ deny: ['read_file(~/.ssh/**)'] }, 'read_file', `${home}/.ssh/id_rsa`)).toBe(
      'deny',
    );
    expect(file({ allow: ['write_file(//tmp/*)'] }, 'write_file', '/tmp/x.txt')).toBe('allow');
    expect(file({ allow: ['write_file(//tmp/*)'] }, 'write_file', '/tmp/a/x.txt')).toBeUndefined();
    expect(file({ allow: ['write_file(/tmp/*)'] }, 'write_file', '/tmp/x.txt')).toBeUndefined();
    expect(file({ allow: ['write_file(/tmp/*)'] }, 'write_file', `${ws}/tmp/x.txt`)).toBe('allow');
    const user = entries({ deny: ['Read(/secrets/**)'] }, '/home/tester/.tick');
    const read = (p: string) =>
      matchRules(
        user,
        { toolName: 'read_file', names: namesOf('read_file'), kind: 'read', paths: [p] },
        ctx,
      )?.decision;
    expect(read('/home/tester/.tick/secrets/a')).toBe('deny');
    expect(read(`${ws}/secrets/a`)).toBeUndefined();
  });

  it('lets a folder rule cover what is inside', () => {
    expect(
      file({ deny: ['read_file(secrets)'] }, 'read_file', `${ws}/config/secrets/key.txt`),
    ).toBe('deny');
  });

  it('lets Edit rules cover write_file, Read rules cover glob, and a Read deny block writes', () => {
    expect(file({ allow: ['Edit(src/**)'] }, 'write_file', `${ws}/src/new.ts`)).toBe('allow');
    expect(
      file({ allow: ['write_file(src/**)'] }, 'edit_file', `${ws}/src/new.ts`),
    ).toBeUndefined();
    expect(file({ allow: ['Read(src/**)'] }, 'glob', `${ws}/src`)).toBe('allow');
    expect(file({ deny: ['Read(.env)'] }, 'write_file', `${ws}/.env`)).toBe('deny');
    expect(file({ allow: ['Read(.env)'] }, 'write_file', `${ws}/.env`)).toBeUndefined();
  });

  it('allows a call with several paths only when every path is allowed', () => {
    const rules = { allow: ['read_file(src/**)'] };
    expect(file(rules, 'read_file', `${ws}/src/a.ts`, `${ws}/src/b.ts`)).toBe('allow');
    expect(file(rules, 'read_file', `${ws}/src/a.ts`, '/etc/hosts')).toBeUndefined();
  });

  it('takes glob characters in the workspace path literally', () => {
    const odd = { cwd: '/work/[x]', home };
    const parsed = parseRuleList(['edit_file(src/**)'], 'allow', 'flag', { tools }).entries;
    const edit = (p: string) =>
      matchRules(
        parsed,
        { toolName: 'edit_file', names: namesOf('edit_file'), kind: 'write', paths: [p] },
        odd,
      );
    expect(edit('/work/[x]/src/a.ts')?.decision).toBe('allow');
    expect(edit('/work/x/src/a.ts')).toBeUndefined();
  });

  it('applies a whole-tool rule to every path', () => {
    expect(file({ deny: ['Write'] }, 'write_file', '/anywhere/x')).toBe('deny');
    expect(file({ deny: ['Write'] }, 'edit_file', '/anywhere/x')).toBeUndefined();
  });

  it('lets a tool-name wildcard deny cover every tool it names', () => {
    expect(file({ deny: ['*'] }, 'read_file', `${ws}/a`)).toBe('deny');
    expect(file({ deny: ['E*'] }, 'edit_file', `${ws}/a`)).toBe('deny');
    expect(file({ deny: ['E*'] }, 'read_file', `${ws}/a`)).toBeUndefined();
  });
});
