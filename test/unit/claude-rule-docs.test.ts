import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../src/permissions/classify-command';
import { PermissionPolicy } from '../../src/permissions/policy';
import {
  matchRules,
  parseRuleList,
  type RuleCall,
  type RuleList,
} from '../../src/permissions/rules';
import { toolNaming } from '../../src/tools/registry';
import { corpus } from '../support/corpora';

/*
 * Every rule example of Claude Code's permission docs (../shared/corpora/claude-settings/
 * docs-examples.txt) with what the docs say it matches: where tick has the tool, the
 * rule must match exactly that (MCP tools too, by their mcp__server__tool names); where it
 * has not (WebFetch, PowerShell, Cd), the rule
 * must be reported as one that cannot apply. tick's Agent tool has one kind of subagent and no
 * model or isolation settings: a specifier on Agent is reported and the rule ignored.
 */

const tools = toolNaming();
const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'tick-rule-docs-')));
const cwd = path.join(root, 'project');
const home = path.join(root, 'home');
const tickHome = path.join(home, '.tick');
for (const dir of [cwd, home, tickHome]) mkdirSync(dir, { recursive: true });
const ctx = { cwd, home };

/** `mcp`: a call of the MCP tool named by the subject (`mcp__github__get_issue`). */
type Tool = 'bash' | 'read_file' | 'write_file' | 'edit_file' | 'glob' | 'mcp';
interface Check {
  list: RuleList;
  tool: Tool;
  /** A command for bash, else a path (`~/` is home, relative is under the project). */
  subject: string;
  matches: boolean;
  /** For `/path` rules from user settings: their folder. */
  sourceDir?: string;
}

const kindOf = (tool: Exclude<Tool, 'mcp'>): 'read' | 'write' =>
  tool === 'read_file' || tool === 'glob' ? 'read' : 'write';
const abs = (p: string) =>
  p.startsWith('~/') ? path.join(home, p.slice(2)) : path.isAbsolute(p) ? p : path.join(cwd, p);

function matches(rule: string, check: Check): boolean {
  const parsed = parseRuleList([rule], check.list, 'project', {
    tools,
    sourceDir: check.sourceDir ?? cwd,
  });
  expect(parsed.problems, rule).toEqual([]);
  const names = [check.tool, ...(tools.find((t) => t.name === check.tool)?.claudeNames ?? [])];
  const call: RuleCall =
    check.tool === 'mcp'
      ? { toolName: check.subject, names: [check.subject], kind: 'mcp', paths: [] }
      : check.tool === 'bash'
        ? {
            toolName: 'bash',
            names,
            command: check.subject,
            parts: classifyCommand(check.subject, { cwd, roots: [cwd], home }).parts,
          }
        : { toolName: check.tool, names, kind: kindOf(check.tool), paths: [abs(check.subject)] };
  return matchRules(parsed.entries, call, ctx)?.decision === check.list;
}

const yes = (list: RuleList, tool: Tool, ...subjects: string[]): Check[] =>
  subjects.map((subject) => ({ list, tool, subject, matches: true }));
const no = (list: RuleList, tool: Tool, ...subjects: string[]): Check[] =>
  subjects.map((subject) => ({ list, tool, subject, matches: false }));
const CANNOT_APPLY = 'cannot apply' as const;

/** What the docs say each example matches, in calls tick can make. */
/** An Agent rule with a specifier (a subagent type, model:, isolation:): reported, ignored. */
const AGENT_SPECIFIER = /tick cannot match a specifier on Agent; write 'Agent' for the whole tool/;

const EXPECTED: Record<string, Check[] | typeof CANNOT_APPLY | RegExp> = {
  Bash: [...yes('deny', 'bash', 'ls -la', 'npm test'), ...yes('allow', 'bash', 'npm test')],
  WebFetch: CANNOT_APPLY,
  Read: [...yes('allow', 'read_file', 'src/a.ts', '/etc/hosts'), ...yes('deny', 'glob', 'src')],
  'Bash(*)': yes('deny', 'bash', 'ls', 'git push'),
  'Bash(npm run build)': [
    ...yes('allow', 'bash', 'npm run build'),
    ...no('allow', 'bash', 'npm run build --prod', 'npm run buildx'),
  ],
  'Read(./.env)': [...yes('deny', 'read_file', '.env'), ...no('deny', 'read_file', 'sub/.env')],
  'WebFetch(domain:example.com)': CANNOT_APPLY,
  'Agent(model:opus)': AGENT_SPECIFIER,
  'Agent(isolation:worktree)': AGENT_SPECIFIER,
  'Bash(run_in_background:true)': /tick's bash has no run_in_background setting/,
  'Agent(isolation:*)': AGENT_SPECIFIER,
  'Bash(command:rm *)': /cannot match the command itself/,
  'Bash(npm run *)': [
    ...yes('allow', 'bash', 'npm run lint', 'npm run test -- --watch'),
    ...no('allow', 'bash', 'npm install'),
  ],
  'Bash(git commit *)': [
    ...yes('allow', 'bash', 'git commit -m "fix"'),
    // "allows the command, not the target" of a redirection.
    ...no('allow', 'bash', 'git commit -m x > /etc/motd', 'git push'),
  ],
  'Bash(git * main)': [
    ...yes('allow', 'bash', 'git checkout main', 'git log --oneline main'),
    ...yes('deny', 'bash', 'git push origin main', 'git merge main'),
    ...no('deny', 'bash', 'git checkout dev'),
  ],
  'Bash(* --version)': [
    ...yes('allow', 'bash', 'node --version', 'python3 --version'),
    ...no('allow', 'bash', 'node --version-x'),
  ],
  'Bash(* --help *)': [
    ...yes('allow', 'bash', 'git --help commit'),
    ...no('allow', 'bash', 'git commit'),
  ],
  'Bash(git push *)': [
    ...yes('deny', 'bash', 'git push', 'git push origin main', 'cd sub && git push -f'),
    ...no('deny', 'bash', 'git pushx', 'git status'),
  ],
  'Bash(ls:*)': [
    ...yes('allow', 'bash', 'ls', 'ls -la'),
    ...yes('deny', 'bash', 'ls -la'),
    ...no('deny', 'bash', 'lsof -i'),
    ...no('allow', 'bash', 'lsof'),
  ],
  'Bash(git:* push)': no('deny', 'bash', 'git push', 'git push origin'),
  '*': [
    ...yes('deny', 'bash', 'ls'),
    ...yes('deny', 'read_file', 'a.txt'),
    ...yes('ask', 'glob', 'src'),
  ],
  'mcp__*': [
    ...yes('deny', 'mcp', 'mcp__github__get_issue', 'mcp__puppeteer__puppeteer_navigate'),
    ...no('deny', 'bash', 'ls'),
  ],
  'mcp__puppeteer__*': [
    ...yes('allow', 'mcp', 'mcp__puppeteer__puppeteer_navigate', 'mcp__puppeteer__click'),
    ...no('allow', 'mcp', 'mcp__github__get_issue', 'mcp__puppeteerx__click'),
  ],
  'mcp__github__get_*': [
    ...yes('allow', 'mcp', 'mcp__github__get_issue', 'mcp__github__get_me'),
    ...no('allow', 'mcp', 'mcp__github__create_issue', 'mcp__gitlab__get_issue'),
  ],
  'B*': /only deny and ask rules take one/,
  'Bash(npm run test *)': [
    ...yes('allow', 'bash', 'npm run test', 'npm run test -- --watch'),
    ...no('allow', 'bash', 'npm run testing'),
  ],
  'Bash(npm *)': [
    ...yes('allow', 'bash', 'npm install', 'npm ci'),
    ...no('allow', 'bash', 'npx x'),
  ],
  'Bash(* install)': [
    ...yes('allow', 'bash', 'npm install', 'pip install'),
    ...no('allow', 'bash', 'npm install x'),
  ],
  'Bash(git *)': yes('allow', 'bash', 'git log --oneline --all'),
  'Bash(ls *)': [...yes('allow', 'bash', 'ls -la'), ...no('allow', 'bash', 'lsof')],
  'Bash(ls*)': yes('deny', 'bash', 'ls -la', 'lsof'),
  'Bash(safe-cmd *)': [
    ...yes('allow', 'bash', 'safe-cmd --flag'),
    ...no('allow', 'bash', 'safe-cmd && other-cmd', 'safe-cmd; other-cmd', 'safe-cmd | other-cmd'),
  ],
  'Bash(npm test *)': [
    ...yes('allow', 'bash', 'npm test', 'timeout 30 npm test', 'NODE_ENV=test npm test'),
    ...yes('deny', 'bash', 'nice npm test'),
  ],
  'Bash(rm *)': [...yes('deny', 'bash', 'FOO=bar rm -rf tmp/', 'rm -rf tmp/')],
  'Bash(devbox run *)': yes('allow', 'bash', 'devbox run npm test'),
  'Bash(devbox run npm test)': [
    ...yes('allow', 'bash', 'devbox run npm test'),
    ...no('allow', 'bash', 'devbox run rm -rf .'),
  ],
  // Exec wrappers are not auto-approved by a prefix rule: the inner command decides.
  'Bash(watch *)': no('allow', 'bash', 'watch rm -rf build'),
  'Bash(curl http://github.com/ *)': [
    ...yes('allow', 'bash', 'curl http://github.com/ -o x'),
    ...no(
      'allow',
      'bash',
      'curl -X GET http://github.com/x',
      'curl https://github.com/x',
      'curl -L http://short.example.com/xyz',
    ),
  ],
  'PowerShell(Get-ChildItem *)': CANNOT_APPLY,
  'PowerShell(git commit *)': CANNOT_APPLY,
  'PowerShell(Remove-Item *)': CANNOT_APPLY,
  'Read(//Users/alice/secrets/**)': [
    ...yes('deny', 'read_file', '/Users/alice/secrets/key', '/Users/alice/secrets'),
    ...no('deny', 'read_file', 'Users/alice/secrets/key'),
  ],
  'Read(~/Documents/*.pdf)': [
    ...yes('allow', 'read_file', '~/Documents/a.pdf'),
    ...no('allow', 'read_file', '~/Documents/x/a.pdf', 'Documents/a.pdf'),
  ],
  'Edit(/src/**/*.ts)': [
    ...yes('allow', 'edit_file', 'src/a.ts', 'src/x/y/b.ts'),
    ...yes('allow', 'write_file', 'src/new.ts'),
    ...no('allow', 'edit_file', '/src/a.ts', 'lib/src/a.ts'),
  ],
  'Read(*.env)': [
    ...yes('allow', 'read_file', 'prod.env'),
    ...no('allow', 'read_file', 'sub/prod.env'),
  ],
  'Read(/secrets/**)': [
    {
      list: 'deny',
      tool: 'read_file',
      subject: `${tickHome}/secrets/a`,
      matches: true,
      sourceDir: tickHome,
    },
    { list: 'deny', tool: 'read_file', subject: 'secrets/a', matches: false, sourceDir: tickHome },
  ],
  'Edit(/docs/**)': [
    ...yes('deny', 'edit_file', 'docs/a.md'),
    ...no('deny', 'edit_file', '/docs/a.md', '.claude/docs/a.md'),
  ],
  'Read(~/.zshrc)': [...yes('deny', 'read_file', '~/.zshrc'), ...no('deny', 'read_file', '.zshrc')],
  'Edit(//tmp/scratch.txt)': [
    ...yes('allow', 'edit_file', '/tmp/scratch.txt'),
    ...no('allow', 'edit_file', 'tmp/scratch.txt'),
  ],
  'Read(src/**)': [
    ...yes('allow', 'read_file', 'src/a.ts'),
    ...no('allow', 'read_file', 'vendor/src/a.ts'),
    ...yes('deny', 'read_file', 'src/a.ts', 'vendor/pkg/src/a.ts'),
  ],
  'Read(.env)': [
    ...yes('deny', 'read_file', '.env', 'apps/web/.env'),
    ...yes('deny', 'write_file', '.env'),
    ...no('deny', 'read_file', `${root}/.env`, `${root}/other/.env`),
  ],
  'Read(**/.env)': [
    ...yes('deny', 'read_file', '.env', 'apps/web/.env'),
    ...no('deny', 'read_file', `${root}/.env`),
  ],
  'Read(//**/.env)': yes('deny', 'read_file', '/.env', `${root}/other/.env`, '/srv/app/.env'),
  // Listed bare in the file; the docs write it as Read(//c/**/.env) (Windows drive C:).
  '//c/**/.env': [
    ...yes('deny', 'read_file', '/c/Users/alice/.env', '/c/.env'),
    ...no('deny', 'read_file', '/d/.env'),
  ],
  'Edit(src/**)': [
    ...yes('allow', 'edit_file', 'src/app.ts'),
    ...no('allow', 'edit_file', 'vendor/pkg/src/lib.js'),
    ...yes('deny', 'edit_file', 'src/app.ts', 'vendor/pkg/src/lib.js'),
  ],
  'Edit(**/src/**)': [
    ...yes('allow', 'edit_file', 'src/app.ts', 'vendor/pkg/src/lib.js'),
    ...yes('deny', 'edit_file', 'src/app.ts', 'vendor/pkg/src/lib.js'),
  ],
  'Edit(src/components/**)': [
    ...yes('deny', 'edit_file', 'src/components/a.tsx'),
    ...no('deny', 'edit_file', 'lib/src/components/a.tsx'),
  ],
  'Read(secrets/**)': yes('deny', 'read_file', 'secrets/a', 'config/secrets/a'),
  'Read(./project/**)': [
    ...yes('allow', 'read_file', 'project/a'),
    ...no('allow', 'read_file', 'other/project/a'),
  ],
  'Read(~/.ssh/**)': [
    ...yes('deny', 'read_file', '~/.ssh/id_rsa'),
    ...yes('deny', 'edit_file', '~/.ssh/config'),
    ...no('deny', 'read_file', '.ssh/id_rsa'),
  ],
  'Write(docs/**)': /never consults them.*write Edit\(docs\/\*\*\)/,
  'Glob(docs/**)': /never consults them.*write Read\(docs\/\*\*\)/,
  'WebFetch(domain:*.example.com)': CANNOT_APPLY,
  'WebFetch(domain:*)': CANNOT_APPLY,
  'WebFetch(domain:example.*)': CANNOT_APPLY,
  mcp__puppeteer: [
    ...yes('allow', 'mcp', 'mcp__puppeteer__puppeteer_navigate'),
    ...yes('deny', 'mcp', 'mcp__puppeteer__click'),
    ...no('allow', 'mcp', 'mcp__puppeteer2__click', 'mcp__github__get_issue'),
  ],
  mcp__puppeteer__puppeteer_navigate: [
    ...yes('allow', 'mcp', 'mcp__puppeteer__puppeteer_navigate'),
    ...no('allow', 'mcp', 'mcp__puppeteer__puppeteer_navigate_back', 'mcp__puppeteer__click'),
  ],
  'Agent(Explore)': AGENT_SPECIFIER,
  'Agent(Plan)': AGENT_SPECIFIER,
  'Agent(my-custom-agent)': AGENT_SPECIFIER,
  'Cd(~/code/*)': CANNOT_APPLY,
  'Cd(~/code/**)': CANNOT_APPLY,
  'Cd(**/node_modules)': CANNOT_APPLY,
  'Read(./.env.*)': [
    ...yes('deny', 'read_file', '.env.local', '.env.production'),
    ...no('deny', 'read_file', '.env', 'app/.env.local'),
  ],
  'Read(./secrets/**)': [
    ...yes('deny', 'read_file', 'secrets/key'),
    ...no('deny', 'read_file', 'a/secrets/key'),
  ],
  'Read(./config/credentials.json)': yes('deny', 'read_file', 'config/credentials.json'),
  'Bash(curl *)': [
    ...yes('deny', 'bash', 'curl https://x.io', 'echo x && curl -s y'),
    ...no('deny', 'bash', 'curlie x'),
  ],
  'Bash(npm run lint)': [
    ...yes('allow', 'bash', 'npm run lint'),
    ...no('allow', 'bash', 'npm run lint --fix'),
  ],
  'Bash(git diff:*)': [
    ...yes('allow', 'bash', 'git diff', 'git diff HEAD~1'),
    ...no('allow', 'bash', 'git diffx'),
  ],
  'Bash(npm run test:*)': yes('allow', 'bash', 'npm run test', 'npm run test -- -t x'),
  'Bash(safe-cmd:*)': no('allow', 'bash', 'safe-cmd && other-cmd'),
  'Edit(docs/**)': [
    ...yes('allow', 'edit_file', 'docs/a.md'),
    ...yes('allow', 'write_file', 'docs/new.md'),
  ],
  'Bash(curl:*)': [...yes('deny', 'bash', 'curl x'), ...no('deny', 'bash', 'curlx')],
};

const examples = readFileSync(corpus('claude-settings', 'docs-examples.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => line.split('\t')[0]);

describe("Claude Code's documented rule examples", () => {
  it('covers every example of the docs file', () => {
    expect(examples.length).toBeGreaterThan(80);
    expect(examples.filter((rule) => !(rule in EXPECTED))).toEqual([]);
  });

  it.each([...new Set(examples)])('%s', (rule) => {
    const expected = EXPECTED[rule];
    if (expected === CANNOT_APPLY || expected instanceof RegExp) {
      const parsed = parseRuleList([rule], 'deny', 'project', { tools });
      const allow = parseRuleList([rule], 'allow', 'project', { tools });
      const problems = [...parsed.problems, ...allow.problems].map((p) => p.message);
      if (expected === CANNOT_APPLY) expect(problems.join(' ')).toMatch(/cannot apply/);
      else expect(problems.join(' ')).toMatch(expected);
      return;
    }
    const text = rule.startsWith('//') ? `Read(${rule})` : rule;
    for (const check of expected) {
      expect(matches(text, check), `${check.list} ${rule} on ${check.tool} ${check.subject}`).toBe(
        check.matches,
      );
    }
  });

  it('skips mcp__* as an allow rule, as Claude Code does: it would allow unknown tools', () => {
    const allow = parseRuleList(['mcp__*'], 'allow', 'project', { tools });
    expect(allow.entries).toEqual([]);
    expect(allow.problems[0].message).toMatch(/only deny and ask rules take one/);
  });

  it('blocks a symlink inside an allowed folder that points into a denied one', () => {
    mkdirSync(path.join(cwd, 'project'), { recursive: true });
    mkdirSync(path.join(home, '.ssh'), { recursive: true });
    writeFileSync(path.join(home, '.ssh', 'id_rsa'), 'secret');
    symlinkSync(path.join(home, '.ssh', 'id_rsa'), path.join(cwd, 'project', 'key'));
    const policy = new PermissionPolicy({
      mode: 'default',
      roots: [cwd],
      cwd,
      home,
      interactive: true,
      rules: { allow: ['Read(./project/**)'], ask: [], deny: ['Read(~/.ssh/**)'] },
    });
    const link = path.join(cwd, 'project', 'key');
    expect(
      policy.decide({ toolName: 'read_file', input: {}, access: { kind: 'read', paths: [link] } }),
    ).toMatchObject({ action: 'deny', by: 'rule deny Read(~/.ssh/**)' });
  });
});
