import { afterEach, expect, test } from 'vitest';
import { endOf, startApp, typeLine, waitFor, type AppRig, type Turn } from './helpers';

let rig: AppRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

test('/help lists the commands and keys', async () => {
  rig = await startApp([], { columns: 100, rows: 30 });
  await typeLine(rig.app, '/help');
  for (const text of [
    '/clear',
    '/todos',
    '/mode NAME',
    '/model NAME',
    '/permissions',
    '/exit',
    'Shift+Tab',
  ]) {
    expect(rig.screen()).toContain(text);
  }
  expect(rig.agent.prompts).toEqual([]);
});

test('/clear starts a new conversation on screen and in the agent', async () => {
  const todos: Turn = async function* (prompt) {
    yield { type: 'user_prompt', text: prompt, source: 'user' };
    yield { type: 'todos_updated', todos: [{ content: 'A', status: 'pending' }] };
    yield endOf('done');
  };
  rig = await startApp([todos]);
  await typeLine(rig.app, 'remember this');
  await waitFor(() => rig!.screen().includes('Todos 0/1'));
  await typeLine(rig.app, '/clear');
  expect(rig.agent.resets).toBe(1);
  expect(rig.screen()).not.toContain('remember this');
  expect(rig.screen()).not.toContain('Todos');
  expect(rig.screen()).toContain('New conversation.');
});

test('/todos prints the list into the transcript', async () => {
  const todos: Turn = async function* (prompt) {
    yield { type: 'user_prompt', text: prompt, source: 'user' };
    yield {
      type: 'todos_updated',
      todos: [
        { content: 'Write docs', status: 'completed' },
        { content: 'Ship', status: 'pending' },
      ],
    };
    yield endOf('done');
  };
  rig = await startApp([todos], { columns: 60, rows: 30 });
  await typeLine(rig.app, '/todos');
  expect(rig.screen()).toContain('No todos yet.');
  await typeLine(rig.app, 'plan');
  await waitFor(() => !rig!.controller.busy && rig!.screen().includes('Todos 1/2'));
  await rig.app.press('\x14');
  await typeLine(rig.app, '/todos');
  const lines = rig.app.lines();
  const printed = lines.findIndex((line) => line === 'Todos 1/2');
  expect(lines.slice(printed, printed + 3)).toEqual(['Todos 1/2', '☑ Write docs', '☐ Ship']);
});

test('/mode NAME sets the mode; a bad name is an error', async () => {
  rig = await startApp([], { columns: 100, rows: 20 });
  await typeLine(rig.app, '/mode plan');
  expect(rig.agent.policy.mode).toBe('plan');
  expect(rig.app.lines().pop()).toContain('· plan ·');
  await typeLine(rig.app, '/mode yolo');
  expect(rig.screen()).toContain(
    "Unknown mode 'yolo'. Modes: default, acceptEdits, plan, bypassPermissions",
  );
  expect(rig.agent.policy.mode).toBe('plan');
});

test('/model NAME switches the model shown in the status line and the header', async () => {
  rig = await startApp([], { columns: 80, rows: 30 });
  const header = () => rig!.app.lines().find((row) => row.startsWith('tick v')) ?? '';
  expect(header()).toContain(' · fake-model · ');
  await typeLine(rig.app, '/model llama3.1:8b');
  expect(rig.agent.model).toBe('llama3.1:8b');
  expect(rig.screen()).toContain('Model: llama3.1:8b');
  expect(rig.app.lines().pop()?.startsWith('llama3.1:8b')).toBe(true);
  expect(header()).toContain(' · llama3.1:8b · ');
  // A new conversation keeps the header, with the model in use.
  await typeLine(rig.app, '/clear');
  expect(header()).toContain(' · llama3.1:8b · ');
  expect(rig.screen()).not.toContain('fake-model');
});

test('/model NAME with the demo model says why it cannot switch, and keeps the demo', async () => {
  rig = await startApp([], { columns: 100, rows: 30 });
  rig.agent.demo = true;
  await typeLine(rig.app, '/model llama3.1:8b');
  expect(rig.screen().replace(/\s+/g, ' ')).toContain(
    'The demo model plays a script and cannot switch to llama3.1:8b: set OPENAI_BASE_URL',
  );
  expect(rig.agent.model).toBe('fake-model');
});

test('/permissions lists the rules; /permissions rm RULE removes one', async () => {
  rig = await startApp([], { columns: 100, rows: 24 });
  rig.agent.rules.push(
    { source: 'local', list: 'allow', rule: 'bash(rm -rf build)' },
    { source: 'session', list: 'allow', rule: 'bash(make:*)' },
  );
  await typeLine(rig.app, '/permissions');
  // Each rule says where it lives.
  expect(rig.screen()).toContain('allow bash(npm test)  (.tick/settings.json)');
  expect(rig.screen()).toContain('allow bash(rm -rf build)  (.tick/settings.local.json)');
  expect(rig.screen()).toContain('allow bash(make:*)  (this session only)');
  await typeLine(rig.app, '/permissions rm bash(npm test)');
  expect(rig.screen()).toContain('Removed rule bash(npm test)');
  expect(rig.agent.rules.map((entry) => entry.rule)).toEqual([
    'bash(rm -rf build)',
    'bash(make:*)',
  ]);
  await typeLine(rig.app, '/permissions rm bash(nope)');
  expect(rig.screen()).toContain('No rule bash(nope).');
});

test('/exit quits', async () => {
  rig = await startApp();
  let quit = false;
  void rig.controller.exited.then(() => (quit = true));
  await rig.app.press('/exit');
  // Enter quits: there is no frame to wait for.
  rig.app.stdin.write('\r');
  await waitFor(() => quit);
});

test('an unknown command gets an error line and is not sent to the model', async () => {
  rig = await startApp();
  await typeLine(rig.app, '/frobnicate now');
  await waitFor(() => rig!.screen().includes('Unknown command'), 2000, 'the error line');
  expect(rig.screen()).toContain('Unknown command /frobnicate. Type /help for the list.');
  expect(rig.agent.prompts).toEqual([]);
});
