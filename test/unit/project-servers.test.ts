import { expect, test } from 'vitest';
import { askAboutProjectServers, projectAnswer } from '../../src/app/project-servers';
import type { McpPort } from '../../src/app/agent-port';
import type { ProjectAnswer } from '../../src/mcp/project-choices';
import type { ApprovalDecision, ApprovalRequest } from '../../src/protocol/approval';

/** The part of the hub the question uses: which servers wait, and where answers go. */
function fakeMcp(waiting: string[]) {
  const answers: [string, ProjectAnswer][] = [];
  const port = {
    views: () =>
      waiting.map((name) => ({ name, target: `node ${name}.js`, state: 'needs-approval' })),
    hub: {
      pendingApprovals: () => [...waiting],
      answerProject: async (name: string, answer: ProjectAnswer) => {
        answers.push([name, answer]);
        if (answer === 'approve-all') waiting.length = 0;
        else waiting.splice(waiting.indexOf(name), 1);
        return '/p/.tick/settings.local.json';
      },
    },
  };
  // Only what askAboutProjectServers reads is faked: views and the hub's two methods.
  return { port: port as unknown as McpPort, answers };
}

test('each answer of the prompt means what Claude Code means by it', () => {
  expect(projectAnswer({ decision: 'allow_once' })).toBe('approve');
  expect(projectAnswer({ decision: 'allow_always' })).toBe('approve-all');
  expect(projectAnswer({ decision: 'deny' })).toBe('reject');
});

test('asks about each waiting server in turn, and remembers each answer', async () => {
  const { port, answers } = fakeMcp(['github', 'db']);
  const asked: ApprovalRequest[] = [];
  const replies: ApprovalDecision[] = [{ decision: 'allow_once' }, { decision: 'deny' }];
  const said: string[] = [];
  await askAboutProjectServers(
    port,
    async (request) => (asked.push(request), replies.shift()!),
    '/p',
    (text) => said.push(text),
    new AbortController().signal,
  );
  expect(asked.map((request) => [request.kind, request.subject])).toEqual([
    ['mcp-server', 'github: node github.js'],
    ['mcp-server', 'db: node db.js'],
  ]);
  expect(answers).toEqual([
    ['github', 'approve'],
    ['db', 'reject'],
  ]);
  expect(said).toEqual([
    'Using github (remembered in /p/.tick/settings.local.json)',
    'Not using db (remembered in /p/.tick/settings.local.json)',
  ]);
});

test('"every later server" answers for the rest: they are not asked about', async () => {
  const { port, answers } = fakeMcp(['github', 'db']);
  let questions = 0;
  await askAboutProjectServers(
    port,
    async () => (questions++, { decision: 'allow_always' }),
    '/p',
    () => undefined,
    new AbortController().signal,
  );
  expect(questions).toBe(1);
  expect(answers).toEqual([['github', 'approve-all']]);
});

test('a question cut short by exiting is not an answer: nothing is remembered', async () => {
  const { port, answers } = fakeMcp(['github']);
  const exiting = new AbortController();
  await askAboutProjectServers(
    port,
    async () => {
      exiting.abort();
      return { decision: 'deny', note: 'tick is exiting' };
    },
    '/p',
    () => undefined,
    exiting.signal,
  );
  expect(answers).toEqual([]);
});
