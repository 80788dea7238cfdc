import stringWidth from 'string-width';
import { afterEach, expect, test } from 'vitest';
import { StatusLine } from '../../components/StatusLine';
import { mcpSpan } from '../../components/lines/status-line';
import { EMPTY_LIVE } from '../../src/store/reducer';
import type { AppState } from '../../src/store/types';
import { mount, settle, waitFor, type Mounted } from './helpers';
import { lookOf } from '../../src/tools/registry';

const mounted: Mounted[] = [];
afterEach(() => mounted.splice(0).forEach((m) => m.unmount()));

const base: Partial<AppState> = {
  model: 'qwen2.5-coder:32b',
  demo: false,
  mode: 'default',
  usage: { inputTokens: 12_345, outputTokens: 678 },
};

async function status(state: Partial<AppState>, width: number): Promise<Mounted> {
  const m = await mount(<StatusLine width={width} />, {
    state: { ...base, ...state },
    columns: width,
  });
  mounted.push(m);
  return m;
}

async function line(state: Partial<AppState>, width: number): Promise<string> {
  return (await status(state, width)).rows()[0];
}

const busy = (seconds: number): Partial<AppState> => ({
  status: 'busy',
  turnStartedAt: Date.now() - seconds * 1000 - 100,
});

test('wide: model, mode, tokens and key hints', async () => {
  expect(await line({}, 120)).toBe(
    'qwen2.5-coder:32b · default · ↑12k ↓678 · shift+tab mode · ctrl+t todos · ctrl+c twice quit',
  );
});

test('busy: a spinner, the turn time and the interrupt hint', async () => {
  expect(await line(busy(12), 120)).toMatch(
    /^qwen2\.5-coder:32b · default · [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] working 12s · ↑12k ↓678 · esc interrupt · ctrl\+t todos · ctrl\+c twice quit$/,
  );
});

test('the spinner turns while busy; idle, nothing is drawn again', async () => {
  const working = await status(busy(1), 120);
  const spinner = () => working.rows()[0].split(' · ')[2][0];
  const first = spinner();
  await waitFor(() => spinner() !== first, 1000, 'the spinner to turn');
  expect(spinner()).not.toBe(first);
  const idle = await status({}, 120);
  const frames = idle.stdout.frames.length;
  // A fixed wait on purpose (a few spinner steps): nothing may be drawn meanwhile.
  await settle(250);
  expect(idle.stdout.frames.length).toBe(frames);
});

/** A turn two seconds old with `rm -rf build` asked about; `note`: its note box is open. */
const asking = (note?: string): Partial<AppState> => ({
  ...busy(2),
  pendingApproval: {
    request: {
      callId: 'c',
      toolName: 'bash',
      look: lookOf('bash'),
      subject: 'rm -rf build',
      reason: 'deletes',
    },
    noteMode: note !== undefined,
    note: note ?? '',
    previewTop: 0,
    guarded: false,
  },
});

test('waiting for an approval: no spinner, a question mark', async () => {
  const shown = await line(asking(), 120);
  expect(shown).toContain(' · ? waiting for you 2s · ');
  // Esc answers the question (deny) there; it does not interrupt the turn.
  expect(shown).toContain(' · esc deny · ');
  expect(shown).not.toContain('interrupt');
});

test("in the question's note box the hints say what Enter and Esc do there", async () => {
  const shown = await line(asking('use the trash'), 140);
  expect(shown).toContain(' · enter deny with note · esc back · ');
  expect(shown).not.toContain('esc deny');
});

test('a retry shows on the status line, counting down, in place of "working"', async () => {
  const shown = await line(
    {
      ...busy(5),
      retry: { attempt: 2, until: Date.now() + 2_900, reason: '503 Service Unavailable' },
    },
    120,
  );
  expect(shown).toMatch(/ · [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] retrying in 3s \(attempt 2\): 503 Service Unavailable · /);
  expect(shown).not.toContain('working');
});

test('a session that plans with tasks names them in the ctrl+t hint', async () => {
  expect(await line({ taskListId: 'demo-list' }, 120)).toContain(' · ctrl+t tasks · ');
  expect(await line({ taskListId: null }, 120)).toContain(' · ctrl+t todos · ');
});

test('narrow: the model and the mode stay, the rest gives way', async () => {
  const shown = await line({ ...busy(3), mode: 'acceptEdits' }, 40);
  expect(shown.startsWith('qwen2.5-coder:32b · acceptEdits')).toBe(true);
  expect(stringWidth(shown)).toBeLessThanOrEqual(40);
});

test('the demo says "demo model"', async () => {
  expect((await line({ demo: true, model: 'demo' }, 80)).startsWith('demo model · default')).toBe(
    true,
  );
});

test('a notice comes right after the model', async () => {
  expect(await line({ notice: 'Press Ctrl+C again to exit' }, 50)).toBe(
    'qwen2.5-coder:32b · Press Ctrl+C again to exit',
  );
});

test('a very long model name is cut, never wrapped', async () => {
  const shown = await line({ model: 'x'.repeat(80) }, 40);
  expect(shown).toHaveLength(40);
  expect(shown.endsWith('…')).toBe(true);
});

test('how full the context is: ctx N% of a known window, the token count while it is unknown', async () => {
  expect(await line({ context: { tokens: 9_920, window: 16_000 } }, 120)).toBe(
    'qwen2.5-coder:32b · default · ↑12k ↓678 · ctx 62% · shift+tab mode · ctrl+t todos · ctrl+c twice quit',
  );
  expect(await line({ context: { tokens: 12_400 } }, 120)).toContain('· ↑12k ↓678 · ctx 12k ·');
  expect(await line({ context: null }, 120)).not.toContain('ctx');
});

const MCP = { servers: 3, ready: 2, starting: 0, failed: 0, waiting: 0, tools: 42, tokens: 5_120 };

test('MCP: ready servers of those meant to run, and what their tool definitions cost', async () => {
  expect(await line({ mcp: MCP }, 140)).toBe(
    'qwen2.5-coder:32b · default · ↑12k ↓678 · mcp 2/3 ~5.1k tok · shift+tab mode · ctrl+t todos · ctrl+c twice quit',
  );
  expect(
    await line({ mcp: { ...MCP, ready: 1, starting: 2, tools: 0, tokens: 0 } }, 140),
  ).toContain('· mcp 1/3 starting ·');
});

test('MCP: a failed server or one waiting for an answer turns the figure yellow', () => {
  expect(mcpSpan(MCP).style).toEqual({ dim: true });
  expect(mcpSpan({ ...MCP, failed: 1 }).style).toEqual({ fg: 'yellow' });
  expect(mcpSpan({ ...MCP, waiting: 1 }).style).toEqual({ fg: 'yellow' });
});

test('a session log that could not be written stays on the status line, after the model', async () => {
  expect(await line({ unsaved: true }, 120)).toBe(
    'qwen2.5-coder:32b · session not saved · default · ↑12k ↓678 · shift+tab mode · ctrl+t todos · ctrl+c twice quit',
  );
});

test('the sandbox in use: its setting after the mode, and "in sandbox" while a call runs there', async () => {
  expect(await line({ sandbox: 'auto' }, 120)).toBe(
    'qwen2.5-coder:32b · default · sandbox auto · ↑12k ↓678 · shift+tab mode · ctrl+t todos · ctrl+c twice quit',
  );
  const running = {
    ...busy(3),
    sandbox: 'always' as const,
    live: {
      ...EMPTY_LIVE,
      tools: [
        {
          id: 'c1',
          name: 'bash',
          summary: 'make',
          status: 'running' as const,
          output: '',
          confined: true,
        },
      ],
    },
  } as Partial<AppState>;
  expect(await line(running, 120)).toMatch(/^qwen2\.5-coder:32b · default · in sandbox · /);
  expect(await line({ sandbox: null }, 120)).not.toContain('sandbox');
});
