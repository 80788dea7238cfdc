import { describe, expect, it } from 'vitest';
import { loadScript } from '../../src/demo/scripted-server';

describe('loadScript', () => {
  it('accepts an array of turns or {turns}', () => {
    const turns = [
      { text: 'hi', dialect: 'ollama', chunkSize: 2 },
      {
        toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }],
        fault: { kind: 'drop', afterChunks: 1, times: 1 },
      },
    ];
    expect(loadScript(turns)).toEqual(turns);
    expect(loadScript({ turns })).toEqual(turns);
  });

  it('names the place and the problem of a bad turn', () => {
    expect(() => loadScript([{ text: 'ok' }, { dialect: 'klingon' }])).toThrow(
      /^Invalid script: \[1\]\.dialect: Invalid option: expected one of "openai"/,
    );
    expect(() => loadScript([{ toolCalls: [{ name: '', arguments: '{}' }] }])).toThrow(
      /^Invalid script: \[0\]\.toolCalls\[0\]\.name: /,
    );
    expect(() => loadScript([{ fault: { kind: 'explode' } }])).toThrow(
      /^Invalid script: \[0\]\.fault\.kind: /,
    );
    expect(() => loadScript([{ txt: 'typo' }])).toThrow('Unrecognized key: "txt"');
  });

  it('rejects something that is not a script at all', () => {
    expect(() => loadScript('hello')).toThrow(
      'Invalid script: expected an array of turns or {"turns": [...]}',
    );
    expect(() => loadScript({ steps: [] })).toThrow('expected an array of turns');
    expect(() => loadScript({ turns: [{ delayMs: -1 }] })).toThrow(
      /^Invalid script: turns\[0\]\.delayMs: /,
    );
  });
});
