import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/model/types';
import { compactedHistory } from '../../src/context/history';
import { compactionLine, contextFigure, formatTokenCount } from '../../src/context/format';
import { ContextMeter } from '../../src/context/meter';
import { spillLimits, spilledText, spillFileName, OutputSpill } from '../../src/context/spill';
import { summaryRequest, transcriptParts } from '../../src/context/summary-prompt';
import { estimateRequestTokens } from '../../src/context/tokens';
import { renderTodos, todoPlanText } from '../../src/todos/render';
import { existsSync, readFileSync } from 'node:fs';
import { tempDir } from '../support/agent-harness';

const plan = renderTodos([
  { content: 'Read the code', status: 'completed' },
  { content: 'Fix the bug', status: 'in_progress' },
]);

describe('compactedHistory', () => {
  it('summary, then the plan from state, then the kept messages', () => {
    const kept: ChatMessage[] = [
      { role: 'assistant', content: 'Looking at it.' },
      { role: 'user', content: 'go on' },
    ];
    const history = compactedHistory('Goal: fix the bug.', plan, kept);
    expect(history).toHaveLength(3);
    const head = history[0].content as string;
    expect(history[0].role).toBe('user');
    expect(head.indexOf('<summary>')).toBeLessThan(head.indexOf('<plan>'));
    expect(head).toContain('Goal: fix the bug.');
    expect(head).toContain('[x] Read the code\n[>] Fix the bug\n\n(1/2 completed)');
    expect(history.slice(1)).toEqual(kept);
  });

  it('a kept history that starts with a user message gets the head in front of it (no two user messages in a row)', () => {
    const history = compactedHistory('S', plan, [{ role: 'user', content: 'the prompt' }]);
    expect(history).toHaveLength(1);
    expect(history[0].content).toMatch(/^<summary>[\s\S]*<\/plan>\n\nthe prompt$/);
  });

  it('no plan: no plan section; nothing kept: the model is told to go on', () => {
    const history = compactedHistory('S', todoPlanText([]), []);
    expect(history[0].content).not.toContain('<plan>');
    expect(history[0].content).toMatch(/Continue the work from where it stopped\.$/);
  });
});

describe('format', () => {
  it('the transcript line and the status figure', () => {
    expect(compactionLine(84_321, 9_100, true)).toBe(
      'Context compacted: 84k -> 9.1k tokens, plan kept',
    );
    expect(compactionLine(12_000, 900, false)).toBe('Context compacted: 12k -> 900 tokens');
    expect(contextFigure(9_920, 16_000)).toBe('ctx 62%');
    expect(contextFigure(12_400, undefined)).toBe('ctx 12k');
    expect(formatTokenCount(2_000_000)).toBe('2M');
  });
});

describe('ContextMeter', () => {
  const system: ChatMessage = { role: 'system', content: 'sys' };
  const first: ChatMessage[] = [{ role: 'user', content: 'hello' }];

  it('estimates a request it has no count for', () => {
    const meter = new ContextMeter();
    expect(meter.measure(system, first, [])).toBe(estimateRequestTokens([system, ...first], []));
  });

  it('adds an estimate of what came since to the server-reported prompt, scaled by what the server taught', () => {
    const meter = new ContextMeter();
    const estimate = estimateRequestTokens([system, ...first], []);
    // The server counts twice what we estimate (a denser tokenizer).
    meter.record(system, first, [], estimate * 2);
    const added: ChatMessage = { role: 'assistant', content: 'x'.repeat(400) };
    const history = [...first, added];
    const addedEstimate = estimateRequestTokens([added], []) - 1;
    expect(meter.measure(system, history, [])).toBeGreaterThanOrEqual(
      estimate * 2 + addedEstimate * 2 - 2,
    );
    expect(meter.measure(system, history, [])).toBeLessThanOrEqual(
      estimate * 2 + addedEstimate * 2 + 4,
    );
  });

  it('a replaced history is measured anew; a refusal raises the estimate past the stated limit', () => {
    const meter = new ContextMeter();
    meter.record(system, first, [], 1000);
    const other: ChatMessage[] = [{ role: 'user', content: 'hello' }];
    expect(meter.measure(system, other, [])).toBeLessThan(1000);

    const fresh = new ContextMeter();
    const estimated = fresh.measure(system, other, []);
    fresh.refused(estimated, { limit: estimated * 2 });
    expect(fresh.measure(system, other, [])).toBeGreaterThan(estimated * 2);
    // The server's count, when it gives one, is taken as it is.
    const counted = new ContextMeter();
    counted.refused(estimated, { limit: estimated, promptTokens: estimated * 2 });
    expect(counted.measure(system, other, [])).toBe(estimated * 2);
  });
});

describe('spill', () => {
  it('limits follow the window, at most 30,000 characters', () => {
    expect(spillLimits(undefined).threshold).toBe(30_000);
    expect(spillLimits(200_000).threshold).toBe(30_000);
    expect(spillLimits(8_000).threshold).toBe(8_000);
    expect(spillLimits(1_000).threshold).toBe(4_000);
    const { head, tail, threshold } = spillLimits(16_000);
    expect(head + tail).toBeLessThanOrEqual(threshold / 3);
  });

  it('the model gets the head, the tail and where the rest is', () => {
    const output = `START${'m'.repeat(50_000)}END`;
    const text = spilledText(
      output,
      '/s/tool-results/c1.txt',
      output.length,
      spillLimits(undefined),
    );
    expect(text.startsWith('START')).toBe(true);
    expect(text.endsWith('END')).toBe(true);
    expect(text).toContain('/s/tool-results/c1.txt');
    expect(text).toContain('of 50,008 characters not shown');
    // One line of 50,008 characters: read_file shows 2,000 of it per line.
    expect(text).toContain('(10 lines at a time fit)');
    const lines = 'a line of forty characters, more or less\n'.repeat(2_000);
    expect(spilledText(lines, '/f', lines.length, spillLimits(undefined))).toContain(
      '(490 lines at a time fit)',
    );
    expect(text.length).toBeLessThan(11_000);
  });

  it('call ids become safe file names', () => {
    expect(spillFileName('call_1')).toBe('call_1.txt');
    expect(spillFileName('../../etc/passwd')).toBe('______etc_passwd.txt');
  });

  it('keeps a long output whole in the session folder; a short one is left alone', async () => {
    const dir = tempDir('tick-spill-');
    const spill = new OutputSpill(dir, () => spillLimits(undefined));
    expect(await spill.forModel('short', { output: 'tiny' })).toBe('tiny');
    const output = 'line\n'.repeat(10_000);
    const text = await spill.forModel('long', { output });
    const file = spill.fileFor('long');
    expect(readFileSync(file, 'utf8')).toBe(output);
    expect(text).toContain(file);
    expect(existsSync(spill.fileFor('short'))).toBe(false);
  });
});

describe('the summarising request', () => {
  it('splits the transcript into parts that fit, cutting long tool results', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'build it' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'a',
            type: 'function',
            function: { name: 'bash', arguments: '{"command":"make"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: 'o'.repeat(20_000) },
      { role: 'assistant', content: 'Built.' },
    ];
    const parts = transcriptParts(messages, 1_500);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(1_500);
    const whole = parts.join('\n\n');
    expect(whole).toContain('[user]\nbuild it');
    expect(whole).toContain('(called bash {"command":"make"})');
    expect(whole).toContain('characters cut');
    expect(whole).toContain('[assistant]\nBuilt.');
  });

  it('asks for goal, decisions, files, errors and what remains; carries the focus and the summary so far', () => {
    const text = summaryRequest({
      part: 'T',
      previous: 'Earlier: X',
      focus: 'the API notes',
      maxWords: 500,
    });
    for (const word of [
      'goal',
      'Decisions',
      'Files',
      'Errors',
      'remains',
      'the API notes',
      'Earlier: X',
      'at most about 500 words',
    ]) {
      expect(text).toContain(word);
    }
  });
});
