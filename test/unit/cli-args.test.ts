import { describe, expect, it } from 'vitest';
import { HELP_TEXT, parseCliArgs, UsageError } from '../../src/cli/args';

describe('parseCliArgs', () => {
  it('reads print mode with its flags', () => {
    const { command, flags } = parseCliArgs([
      '-p',
      'fix the bug',
      '--output-format',
      'stream-json',
      '--permission-mode',
      'acceptEdits',
      '--allowedTools',
      'bash(npm test:*)',
      '--max-turns',
      '5',
    ]);
    expect(command).toMatchObject({
      kind: 'run',
      print: true,
      prompt: 'fix the bug',
      format: 'stream-json',
    });
    expect(flags).toMatchObject({
      permissionMode: 'acceptEdits',
      allowedTools: ['bash(npm test:*)'],
      maxTurns: 5,
    });
  });

  it('takes -r with and without an id', () => {
    expect(parseCliArgs(['-r']).command).toMatchObject({ resume: { kind: 'pick' } });
    expect(parseCliArgs(['-r', '-p', 'go on']).command).toMatchObject({
      resume: { kind: 'pick' },
      prompt: 'go on',
    });
    expect(parseCliArgs(['--resume', 'a1b2c3d4-e5f6', '-p', 'x']).command).toMatchObject({
      resume: { kind: 'id', id: 'a1b2c3d4-e5f6' },
    });
    expect(parseCliArgs(['-p', '-c', 'go on']).command).toMatchObject({
      resume: { kind: 'latest' },
      prompt: 'go on',
    });
  });

  it('takes a 4 or 5 character id prefix after -r (ids are hex), not a word of the prompt', () => {
    for (const id of ['a1b2', '3f9c0', 'abcd'])
      expect(parseCliArgs(['-p', '-r', id, 'go on']).command).toMatchObject({
        resume: { kind: 'id', id },
        prompt: 'go on',
      });
    for (const word of ['fix', 'test', 'a1b', 'zzzzz'])
      expect(parseCliArgs(['-p', '-r', word, 'go on']).command).toMatchObject({
        resume: { kind: 'pick' },
        prompt: `${word} go on`,
      });
  });

  it('reads the session subcommands', () => {
    expect(parseCliArgs(['sessions']).command).toEqual({ kind: 'sessions', action: 'list' });
    expect(parseCliArgs(['sessions', 'rm', 'abc123']).command).toEqual({
      kind: 'sessions',
      action: 'rm',
      id: 'abc123',
    });
    expect(parseCliArgs(['export', 'abc123', '--format', 'html']).command).toEqual({
      kind: 'export',
      id: 'abc123',
      format: 'html',
    });
    for (const name of ['markdown', 'md', 'MD', 'Markdown'])
      expect(parseCliArgs(['export', 'abc123', '--format', name]).command).toEqual({
        kind: 'export',
        id: 'abc123',
        format: 'md',
      });
    expect(() => parseCliArgs(['export', 'abc123', '--format', 'pdf'])).toThrow(
      new UsageError("--format must be md (or markdown) or html, got 'pdf'"),
    );
  });

  it('takes --sandbox alone (always), with a mode, or with =MODE; a prompt after it stays a prompt', () => {
    expect(parseCliArgs(['--sandbox']).flags.sandbox).toBe('always');
    expect(parseCliArgs(['--sandbox', 'off']).flags.sandbox).toBe('off');
    expect(parseCliArgs(['--sandbox=auto']).flags.sandbox).toBe('auto');
    expect(parseCliArgs([]).flags.sandbox).toBeUndefined();
    const { command, flags } = parseCliArgs(['-p', '--sandbox', 'list the files']);
    expect(flags.sandbox).toBe('always');
    expect(command).toMatchObject({ prompt: 'list the files' });
    expect(() => parseCliArgs(['--sandbox=maybe'])).toThrow(
      new UsageError("--sandbox must be one of auto, always, off, got 'maybe'"),
    );
  });

  it('rejects bad values with one clear line', () => {
    expect(() => parseCliArgs(['--permission-mode', 'yolo'])).toThrow(
      new UsageError(
        "--permission-mode must be one of default, acceptEdits, plan, bypassPermissions, got 'yolo'",
      ),
    );
    expect(() => parseCliArgs(['--max-turns', '0'])).toThrow(
      /--max-turns must be a positive integer, got '0'/,
    );
    expect(() => parseCliArgs(['--output-format', 'xml'])).toThrow(
      /--output-format must be one of/,
    );
    expect(() => parseCliArgs(['--bogus'])).toThrow(UsageError);
  });

  it('tasks: the --tasks switch and `tick tasks [LIST]`', () => {
    expect(parseCliArgs(['--tasks', '-p', 'go']).flags.tasks).toBe(true);
    expect(parseCliArgs(['-p', 'go']).flags.tasks).toBeUndefined();
    expect(parseCliArgs(['tasks']).command).toEqual({ kind: 'tasks' });
    expect(parseCliArgs(['tasks', 'team']).command).toEqual({ kind: 'tasks', list: 'team' });
    expect(() => parseCliArgs(['tasks', 'a', 'b'])).toThrow(
      new UsageError('tick tasks takes at most one list id'),
    );
    // With -p, "tasks" is the prompt.
    expect(parseCliArgs(['-p', 'tasks']).command).toMatchObject({ kind: 'run', prompt: 'tasks' });
  });

  it('doctor: `tick doctor`, with the model flags it checks', () => {
    expect(parseCliArgs(['doctor'])).toMatchObject({ command: { kind: 'doctor' } });
    expect(parseCliArgs(['doctor', '-m', 'qwen3:8b']).flags.model).toBe('qwen3:8b');
    expect(() => parseCliArgs(['doctor', 'now'])).toThrow(
      new UsageError('tick doctor takes no arguments'),
    );
    // With -p, "doctor" is the prompt.
    expect(parseCliArgs(['-p', 'doctor']).command).toMatchObject({ kind: 'run', prompt: 'doctor' });
  });
});

describe('--help', () => {
  it('gives --max-turns the defaults the app and print mode use', () => {
    const help = HELP_TEXT.replace(/\s+/g, ' ');
    expect(help).toContain(
      '--max-turns N model requests per prompt (default: no cap in the app, 100 in print mode)',
    );
    expect(help).not.toContain('(default 100)');
  });
});
