import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../src/permissions/classify-command';
import {
  matchRules,
  parseRule,
  parseRuleList,
  type RuleEntry,
  type RuleList,
} from '../../src/permissions/rules';

const ws = '/work/ws';
const home = '/home/tester';
const ctx = { cwd: ws, home };

function entries(lists: Partial<Record<RuleList, string[]>>): RuleEntry[] {
  const out: RuleEntry[] = [];
  for (const list of ['allow', 'ask', 'deny'] as const) {
    const { entries: parsed, errors } = parseRuleList(lists[list] ?? [], list, 'project');
    expect(errors).toEqual([]);
    out.push(...parsed);
  }
  return out;
}

function bash(rules: Partial<Record<RuleList, string[]>>, command: string) {
  const { parts } = classifyCommand(command, { cwd: ws, roots: [ws], home });
  const match = matchRules(entries(rules), { toolName: 'bash', command, parts }, ctx);
  return match && { decision: match.decision, rule: match.entry.rule.text };
}

function file(rules: Partial<Record<RuleList, string[]>>, toolName: string, ...paths: string[]) {
  return matchRules(entries(rules), { toolName, paths }, ctx)?.decision;
}

describe('parseRule errors', () => {
  it.each([
    ['bash(npm', "Invalid permission rule 'bash(npm': missing ')'"],
    ['Bash(git status', "Invalid permission rule 'Bash(git status': missing ')'"],
    ['bash)', "Invalid permission rule 'bash)': ')' without '('"],
    ['', 'Invalid permission rule: it is empty'],
    ['   ', 'Invalid permission rule: it is empty'],
    [
      'bash()',
      "Invalid permission rule 'bash()': empty parentheses (write 'bash' for the whole tool)",
    ],
    ['(ls)', "Invalid permission rule '(ls)': expected a tool name, found ''"],
    ['bash(npm:*run)', "Invalid permission rule 'bash(npm:*run)': ':*' only works at the end"],
    ['bash(:*)', "Invalid permission rule 'bash(:*)': nothing before ':*'"],
    ['TodoWrite(x)', "Invalid permission rule 'TodoWrite(x)': todo_write rules take no specifier"],
  ])('%j -> %s', (text, error) => {
    expect(parseRule(text)).toEqual({ error });
  });

  it('names the unknown tool and lists the known ones', () => {
    const result = parseRule('WebFetch(domain:example.com)');
    expect(result).toEqual({
      error:
        "Invalid permission rule 'WebFetch(domain:example.com)': unknown tool 'WebFetch' " +
        '(tools: bash, read_file, write_file, edit_file, glob, todo_write (or Bash, Read, Write, Edit, Glob, TodoWrite))',
    });
  });

  it('reports bad rules of a settings list with their list and source', () => {
    const { entries: good, errors } = parseRuleList(['bash(ls)', 'bash(npm'], 'allow', 'local');
    expect(good.map((e) => e.rule.text)).toEqual(['bash(ls)']);
    expect(errors).toEqual([
      "Invalid permission rule 'bash(npm': missing ')' (permissions.allow, local)",
    ]);
  });
});

describe('parseRule accepts both naming schemes', () => {
  it.each([
    ['Bash(git status)', 'bash'],
    ['Read(~/.ssh/**)', 'read_file'],
    ['Write(/tmp/*)', 'write_file'],
    ['Edit(src/**)', 'edit_file'],
    ['Glob', 'glob'],
    ['TodoWrite', 'todo_write'],
    ['edit_file(src/**)', 'edit_file'],
  ])('%s is a %s rule', (text, tool) => {
    expect(parseRule(text)).toMatchObject({ tool, text });
  });

  it('treats bash(*) like bash (the whole tool)', () => {
    expect(parseRule('bash(*)')).toEqual({ text: 'bash(*)', tool: 'bash' });
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

  it('matches a deny prefix more loosely than an allow prefix', () => {
    expect(bash({ deny: ['bash(rm:*)'] }, 'rmdir build')?.decision).toBe('deny');
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
    expect(file({ allow: ['edit_file(*.md)'] }, 'edit_file', `${ws}/docs/deep/x.md`)).toBe('allow');
    expect(
      file({ allow: ['edit_file(./README.md)'] }, 'edit_file', `${ws}/docs/README.md`),
    ).toBeUndefined();
    expect(file({ allow: ['edit_file(./README.md)'] }, 'edit_file', `${ws}/README.md`)).toBe(
      'allow',
    );
  });

  it('expands ~ to home and takes //abs and /abs as absolute', () => {
    expect(file({ deny: ['read_file(~/.ssh/**)'] }, 'read_file', `${home}/.ssh/id_rsa`)).toBe(
      'deny',
    );
    expect(file({ allow: ['write_file(//tmp/*)'] }, 'write_file', '/tmp/x.txt')).toBe('allow');
    expect(file({ allow: ['write_file(/tmp/*)'] }, 'write_file', '/tmp/x.txt')).toBe('allow');
    expect(file({ allow: ['write_file(/tmp/*)'] }, 'write_file', '/tmp/a/x.txt')).toBeUndefined();
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
    const parsed = parseRuleList(['edit_file(src/**)'], 'allow', 'flag').entries;
    expect(
      matchRules(parsed, { toolName: 'edit_file', paths: ['/work/[x]/src/a.ts'] }, odd)?.decision,
    ).toBe('allow');
    expect(
      matchRules(parsed, { toolName: 'edit_file', paths: ['/work/x/src/a.ts'] }, odd),
    ).toBeUndefined();
  });

  it('applies a whole-tool rule to every path', () => {
    expect(file({ deny: ['Write'] }, 'write_file', '/anywhere/x')).toBe('deny');
    expect(file({ deny: ['Write'] }, 'edit_file', '/anywhere/x')).toBeUndefined();
  });
});
