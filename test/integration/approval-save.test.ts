import { afterEach, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgent } from '../../src/agent/agent';
import { saveLocalRule } from '../../src/config/local-rules';
import {
  startScriptedServer,
  type ScriptedServer,
  type ScriptedTurn,
} from '../../src/demo/scripted-server';
import { collect, ofType, scriptedApprove, tempDir, testConfig } from '../support/agent-harness';

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const clean: ScriptedTurn = {
  toolCalls: [{ name: 'bash', arguments: { command: 'rm -rf build' } }],
};

async function agentFor(cwd: string, answers: Parameters<typeof scriptedApprove>[0]) {
  const server = await startScriptedServer([clean, { text: 'one' }, clean, { text: 'two' }]);
  servers.push(server);
  const { approve, asked } = scriptedApprove(answers);
  const agent = await createAgent(testConfig(server.baseURL, { cwd }), {
    approve,
    interactive: true,
  });
  return { agent, asked };
}

test('allow always with save writes the rule to .tick/settings.local.json', async () => {
  const cwd = tempDir('tick-ws-');
  mkdirSync(join(cwd, 'build'));
  const { agent, asked } = await agentFor(cwd, [{ decision: 'allow_always', save: true }]);
  const events = await collect(agent.run('clean', new AbortController().signal));
  expect(ofType(events, 'error')).toEqual([]);
  expect(existsSync(join(cwd, 'build'))).toBe(false);
  const saved = JSON.parse(readFileSync(join(cwd, '.tick', 'settings.local.json'), 'utf8'));
  expect(saved).toEqual({ permissions: { allow: [asked[0].alwaysRule] } });
  await agent.close();
});

test('allow always without save leaves the settings alone', async () => {
  const cwd = tempDir('tick-ws-');
  const { agent } = await agentFor(cwd, [{ decision: 'allow_always' }]);
  await collect(agent.run('clean', new AbortController().signal));
  expect(existsSync(join(cwd, '.tick', 'settings.local.json'))).toBe(false);
  await agent.close();
});

test('a malformed settings.local.json is left untouched, the user is told, the grant still applies', async () => {
  const cwd = tempDir('tick-ws-');
  mkdirSync(join(cwd, '.tick'));
  const broken = '{ "permissions": { "allow": [ }\n';
  writeFileSync(join(cwd, '.tick', 'settings.local.json'), broken);
  mkdirSync(join(cwd, 'build'));
  const { agent, asked } = await agentFor(cwd, [{ decision: 'allow_always', save: true }]);
  const first = await collect(agent.run('clean', new AbortController().signal));
  const errors = ofType(first, 'error');
  expect(errors).toHaveLength(1);
  expect(errors[0].fatal).toBe(false);
  expect(errors[0].message).toContain(
    'bash(rm -rf build) is allowed for this session but was not saved',
  );
  expect(errors[0].message).toContain('settings.local.json');
  expect(ofType(first, 'tool_result')[0].status).toBe('ok');
  expect(ofType(first, 'turn_end')[0].reason).toBe('done');
  expect(readFileSync(join(cwd, '.tick', 'settings.local.json'), 'utf8')).toBe(broken);

  // The session grant stands: the same command runs again without a question.
  mkdirSync(join(cwd, 'build'));
  const second = await collect(agent.run('clean again', new AbortController().signal));
  expect(asked).toHaveLength(1);
  expect(ofType(second, 'tool_result')[0].status).toBe('ok');
  expect(existsSync(join(cwd, 'build'))).toBe(false);
  await agent.close();
});

/** Real git in `cwd`, with an identity so commits work on a bare CI machine. */
function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=tick test', '-c', 'user.email=test@example.com', ...args],
    { cwd, encoding: 'utf8' },
  );
}

describe('the saved rule file stays out of git', () => {
  test('in a repository: git status stays clean and the tracked .gitignore is untouched', async () => {
    const repo = tempDir('tick-repo-');
    git(repo, 'init', '-q');
    const gitignore = 'node_modules/\n';
    writeFileSync(join(repo, '.gitignore'), gitignore);
    git(repo, 'add', '.gitignore');
    git(repo, 'commit', '-q', '-m', 'start');
    mkdirSync(join(repo, 'build'));
    const { agent } = await agentFor(repo, [{ decision: 'allow_always', save: true }]);
    await collect(agent.run('clean', new AbortController().signal));
    await agent.close();

    expect(existsSync(join(repo, '.tick', 'settings.local.json'))).toBe(true);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    expect(readFileSync(join(repo, '.gitignore'), 'utf8')).toBe(gitignore);
    const exclude = readFileSync(join(repo, '.git', 'info', 'exclude'), 'utf8');
    expect(exclude.trimEnd().split('\n').at(-1)).toBe('/.tick/settings.local.json');

    // Saving again does not add the line twice.
    mkdirSync(join(repo, 'build'));
    await saveLocalRule(repo, 'allow', 'bash(make clean)');
    expect(readFileSync(join(repo, '.git', 'info', 'exclude'), 'utf8')).toBe(exclude);
  });

  test('a workspace in a sub-folder of a linked worktree: the shared exclude file names its path', async () => {
    const repo = tempDir('tick-repo-');
    git(repo, 'init', '-q');
    writeFileSync(join(repo, 'README'), 'hi\n');
    git(repo, 'add', 'README');
    git(repo, 'commit', '-q', '-m', 'start');
    const linked = join(tempDir('tick-wt-'), 'linked');
    git(repo, 'worktree', 'add', '-q', linked);
    const workspace = join(linked, 'pkg');
    mkdirSync(workspace);

    await saveLocalRule(workspace, 'allow', 'bash(npm test)');
    expect(git(linked, 'status', '--porcelain')).toBe('');
    expect(readFileSync(join(repo, '.git', 'info', 'exclude'), 'utf8')).toContain(
      '\n/pkg/.tick/settings.local.json\n',
    );
  });

  test('outside a repository nothing else is written', async () => {
    const cwd = tempDir('tick-ws-');
    await saveLocalRule(cwd, 'allow', 'bash(npm test)');
    expect(readdirSync(cwd)).toEqual(['.tick']);
    expect(readdirSync(join(cwd, '.tick'))).toEqual(['settings.local.json']);
  });
});
