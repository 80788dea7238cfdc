/**
 * A user's Claude Code setup in a scripted session: a nested instruction file picked up on
 * the first read there, a slash command with arguments and a `!` line (asked), a skill the
 * model invokes (its body read then, not before), an agent type with its tool list enforced.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/agent';
import type { Config } from '../../src/config/types';
import {
  startScriptedServer,
  type Script,
  type ScriptedServer,
} from '../../src/demo/scripted-server';
import type { ApprovalDecision } from '../../src/protocol/approval';
import { collect, ofType, scriptedApprove, testConfig } from '../support/agent-harness';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

async function session(
  script: Script,
  answers: ApprovalDecision[] = [],
  overrides: Partial<Config> = {},
) {
  server = await startScriptedServer(script);
  const config = testConfig(server.baseURL, overrides);
  mkdirSync(join(config.cwd, '.git'));
  return { config, server, answers };
}

async function start(config: Config, answers: ApprovalDecision[] = []) {
  const approval = scriptedApprove(answers);
  const agent = await createAgent(config, { approve: approval.approve, interactive: true });
  return { agent, asked: approval.asked };
}

/** The text of every message of request `n`, system prompt included. */
function requestText(s: ScriptedServer, n: number): string {
  return JSON.stringify(s.requests[n].body.messages);
}

describe('instruction files', () => {
  it('loads the root files and imports at start, a subfolder file on the first read there', async () => {
    const { config, server: s } = await session([
      { toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'pkg/api/handler.ts' } }] },
      { toolCalls: [{ id: 'r2', name: 'read_file', arguments: { path: 'pkg/api/other.ts' } }] },
      { text: 'done' },
    ]);
    write(config.cwd, 'AGENTS.md', '# Root\nUse tabs. See @docs/style.md for style.\n');
    write(config.cwd, 'docs/style.md', 'STYLE-RULE-42\n');
    write(config.cwd, 'CLAUDE.md', 'ROOT-CLAUDE-RULE\n@missing/file.md\n');
    write(config.cwd, 'pkg/api/CLAUDE.md', 'API-RULE: handlers return errors.\n');
    write(config.cwd, 'pkg/api/handler.ts', 'export const h = 1;\n');
    write(config.cwd, 'pkg/api/other.ts', 'export const o = 2;\n');
    write(config.home, 'AGENTS.md', 'USER-RULE: answer briefly.\n');
    const { agent } = await start(config);
    const events = await collect(agent.run('look at the handler', new AbortController().signal));
    const system = s.requests[0].body.messages[0].content as string;
    expect(system).toContain('STYLE-RULE-42');
    expect(system).toContain('ROOT-CLAUDE-RULE');
    expect(system).toContain('USER-RULE');
    expect(system).not.toContain('API-RULE');
    // The subfolder's file comes with the first read there, once.
    const afterFirst = requestText(s, 1);
    expect(afterFirst).toContain('API-RULE');
    const afterSecond = requestText(s, 2);
    expect(afterSecond.split('API-RULE').length - 1).toBe(1);
    // The missing import is named once, with its file and line.
    const notices = ofType(events, 'error').map((e) => e.message);
    expect(notices).toContain('CLAUDE.md:2: import @missing/file.md not loaded: no such file');
    await agent.close();
  });
});

describe('slash commands', () => {
  it('/name args: arguments filled, the ! line asked and its output inlined, allowed-tools for that prompt', async () => {
    const { config, server: s } = await session([{ text: 'reviewed' }, { text: 'second' }]);
    write(
      config.cwd,
      '.claude/commands/review/pr.md',
      [
        '---',
        'description: Review a pull request',
        'argument-hint: [number] [priority]',
        'allowed-tools: Bash(echo:*), Read, WebFetch',
        '---',
        'Review PR #$1 with priority $2.',
        'Branch: !`printf BRANCH-%s feature > branch.txt && cat branch.txt`',
        '',
      ].join('\n'),
    );
    const { agent, asked } = await start(config, [{ decision: 'allow_once' }]);
    const events = await collect(agent.run('/review:pr 456 high', new AbortController().signal));
    // A command that writes a file, not covered by allowed-tools (echo is): the user is asked.
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(asked[0])).toContain('printf BRANCH-%s feature > branch.txt');
    const prompt = s.requests[0].body.messages.at(-1).content as string;
    expect(prompt).toContain('Review PR #456 with priority high.');
    expect(prompt).toContain('Branch: BRANCH-feature');
    // The transcript and the session log show what was typed; the model gets the body.
    expect(ofType(events, 'user_prompt').map((e) => e.text)).toEqual(['/review:pr 456 high']);
    expect(ofType(events, 'error').map((e) => e.message)).toContain(
      '.claude/commands/review/pr.md:4: allowed-tools: WebFetch is not a tool tick has; WebFetch ignored',
    );
    // The grant held for that prompt only.
    write(
      config.cwd,
      '.claude/commands/stamp.md',
      [
        '---',
        'allowed-tools: Bash(touch:*)',
        '---',
        'Stamped: !`touch stamp.txt && echo STAMPED`',
        '',
      ].join('\n'),
    );
    const again = await start(config);
    await collect(again.agent.run('/stamp', new AbortController().signal));
    expect(again.asked).toHaveLength(0);
    expect(JSON.stringify(s.requests.at(-1)?.body.messages)).toContain('Stamped: STAMPED');
    await again.agent.close();
    expect(agent.policy.listRules().some((r) => r.rule === 'Bash(echo:*)')).toBe(false);
    await agent.close();
  });

  it('a denied ! line sends nothing', async () => {
    const { config, server: s } = await session([{ text: 'never' }]);
    write(config.cwd, '.tick/commands/deploy.md', 'Deploy: !`touch deployed.txt`\n');
    const { agent, asked } = await start(config, [{ decision: 'deny' }]);
    const events = await collect(agent.run('/deploy', new AbortController().signal));
    expect(asked).toHaveLength(1);
    expect(s.requests).toHaveLength(0);
    expect(ofType(events, 'error').at(-1)?.message).toMatch(
      /\/deploy: `touch deployed.txt` was not run/,
    );
    await agent.close();
  });
});

describe('skills', () => {
  it('only name and description are in the prompt; the skill tool reads the body', async () => {
    const { config, server: s } = await session([
      {
        toolCalls: [{ id: 's1', name: 'skill', arguments: { skill: 'release-notes', args: 'v2' } }],
      },
      { text: 'notes written' },
    ]);
    write(
      config.cwd,
      '.claude/skills/release-notes/SKILL.md',
      [
        '---',
        'name: release-notes',
        'description: Write release notes from the git log. Use when asked for release notes.',
        '---',
        'SKILL-BODY-MARKER: notes for $ARGUMENTS; see reference.md',
        '',
      ].join('\n'),
    );
    write(config.cwd, '.claude/skills/release-notes/reference.md', 'ref\n');
    const { agent } = await start(config);
    await collect(agent.run('write release notes', new AbortController().signal));
    const first = requestText(s, 0);
    expect(first).toContain('release-notes: Write release notes from the git log.');
    expect(first).not.toContain('SKILL-BODY-MARKER');
    const tools = s.requests[0].body.tools.map(
      (t: { function: { name: string } }) => t.function.name,
    );
    expect(tools).toContain('skill');
    const second = requestText(s, 1);
    expect(second).toContain('SKILL-BODY-MARKER: notes for v2');
    expect(second).toContain('reference.md');
    await agent.close();
  });
});

describe('agent types', () => {
  it('subagent_type picks a definition: its prompt, only its tools, and a call outside them refused', async () => {
    const CHILD = 'CHILD: list the files';
    const { config, server: s } = await session({
      main: [
        {
          toolCalls: [
            {
              id: 'a1',
              name: 'agent',
              arguments: { description: 'List files', prompt: CHILD, subagent_type: 'lister' },
            },
          ],
        },
        { text: 'parent done' },
      ],
      conversations: {
        [CHILD]: [
          {
            toolCalls: [
              { id: 'w1', name: 'write_file', arguments: { path: 'x.txt', content: 'no' } },
            ],
          },
          { text: 'listed' },
        ],
      },
    });
    write(
      config.cwd,
      '.claude/agents/lister.md',
      [
        '---',
        'name: lister',
        'description: Lists files.',
        'tools: Glob, Read',
        '---',
        'LISTER-PROMPT',
        '',
      ].join('\n'),
    );
    const { agent } = await start(config);
    await collect(agent.run('go', new AbortController().signal));
    const agentTool = s.requests[0].body.tools.find(
      (t: { function: { name: string } }) => t.function.name === 'agent',
    );
    expect(agentTool.function.description).toContain(
      '- lister: Lists files. (Tools: glob, read_file)',
    );
    expect(agentTool.function.description).toContain('- explore:');
    const child = s.requests.find((r) => JSON.stringify(r.body.messages).includes(CHILD));
    expect(child?.body.messages[0].content).toContain('LISTER-PROMPT');
    expect(
      child?.body.tools.map((t: { function: { name: string } }) => t.function.name).sort(),
    ).toEqual(['glob', 'read_file']);
    const childSecond = s.requests.filter((r) =>
      JSON.stringify(r.body.messages).includes(CHILD),
    )[1];
    expect(JSON.stringify(childSecond.body.messages)).toMatch(
      /unknown tool|not .*available|Unknown tool/i,
    );
    await agent.close();
  });
});
