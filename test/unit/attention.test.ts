import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AttentionWatcher, type Alert } from '../../src/app/attention';
import { createAppStore, type AppStore } from '../../src/store/store';
import type { ApprovalRequest } from '../../src/protocol/approval';
import { alertSequence, desktopProtocol, takeFocusReports } from '../../src/cli/terminal-alerts';

const request: ApprovalRequest = {
  callId: 'c1',
  toolName: 'bash',
  look: { role: 'shell', resultShape: 'log' },
  subject: 'rm -rf build',
  reason: 'deletes files',
};

describe('AttentionWatcher', () => {
  let store: AppStore;
  let alerts: Alert[];
  let watcher: AttentionWatcher;
  beforeEach(() => {
    vi.useFakeTimers();
    store = createAppStore({ model: 'm', mode: 'default', demo: false, cwd: '/w' });
    alerts = [];
    watcher = new AttentionWatcher(store, {
      now: Date.now,
      alert: (alert) => alerts.push(alert),
      quietMs: 5000,
    });
  });
  afterEach(() => {
    watcher.dispose();
    vi.useRealTimers();
  });
  const ask = () =>
    store.setState({
      pendingApproval: { request, noteMode: false, note: '', previewTop: 0, guarded: false },
    });

  test('a question rings once nothing has been typed for the quiet time; typing puts it off', () => {
    ask();
    vi.advanceTimersByTime(4000);
    watcher.typed();
    vi.advanceTimersByTime(4000);
    expect(alerts).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(alerts).toEqual([
      { kind: 'approval', message: 'tick needs your approval (bash: rm -rf build)' },
    ]);
    vi.advanceTimersByTime(60_000);
    expect(alerts).toHaveLength(1);
  });

  test('losing focus rings at once; answered before the quiet time, nothing rings', () => {
    ask();
    store.setState({ pendingApproval: null });
    vi.advanceTimersByTime(10_000);
    expect(alerts).toEqual([]);
    ask();
    watcher.focus(false);
    expect(alerts).toHaveLength(1);
  });

  test('the prompt after a finished turn rings once', () => {
    store.setState({ status: 'busy' });
    vi.advanceTimersByTime(20_000);
    expect(alerts).toEqual([]);
    store.setState({ status: 'idle' });
    vi.advanceTimersByTime(5000);
    expect(alerts).toEqual([{ kind: 'idle', message: 'tick finished and is waiting for you' }]);
    vi.advanceTimersByTime(55_000);
    expect(alerts).toHaveLength(1);
  });

  test('idle before any turn does not ring', () => {
    store.setState({ model: 'other' });
    vi.advanceTimersByTime(120_000);
    expect(alerts).toEqual([]);
  });
});

describe('terminal alerts', () => {
  test('which terminals get which desktop notification', () => {
    expect(desktopProtocol({ TERM_PROGRAM: 'iTerm.app' })).toBe('osc9');
    expect(desktopProtocol({ TERM_PROGRAM: 'WezTerm' })).toBe('osc9');
    expect(desktopProtocol({ TERM_PROGRAM: 'ghostty' })).toBe('osc9');
    expect(desktopProtocol({ TERM: 'rxvt-unicode-256color' })).toBe('osc777');
    expect(desktopProtocol({ TERM: 'foot' })).toBe('osc777');
    expect(desktopProtocol({ TERM: 'xterm-256color' })).toBeUndefined();
    expect(desktopProtocol({ TERM_PROGRAM: 'Apple_Terminal' })).toBeUndefined();
    // Inside tmux an OSC would not reach the terminal (or be printed): bell only.
    expect(
      desktopProtocol({ TERM_PROGRAM: 'iTerm.app', TMUX: '/tmp/tmux-1/default,1,0' }),
    ).toBeUndefined();
  });

  test('the sequences; a message cannot end the OSC early', () => {
    const alert: Alert = { kind: 'approval', message: 'run\x07 this\x1b]0;x\nnow' };
    expect(alertSequence(alert, { bell: true, desktop: true }, 'osc9')).toBe(
      '\x07\x1b]9;run this ]0;x now\x07',
    );
    expect(alertSequence(alert, { bell: false, desktop: true }, 'osc777')).toBe(
      '\x1b]777;notify;tick;run this ]0;x now\x07',
    );
    expect(alertSequence(alert, { bell: true, desktop: false }, 'osc9')).toBe('\x07');
    expect(alertSequence(alert, { bell: false, desktop: false }, 'osc9')).toBe('');
  });

  test('focus reports are taken out of the input', () => {
    expect(takeFocusReports('ab')).toEqual({ rest: 'ab' });
    expect(takeFocusReports('\x1b[O')).toEqual({ rest: '', focused: false });
    expect(takeFocusReports('x\x1b[Oy\x1b[I')).toEqual({ rest: 'xy', focused: true });
    // SS3 arrows (ESC O A) are keys, not focus reports.
    expect(takeFocusReports('\x1bOA')).toEqual({ rest: '\x1bOA' });
  });
});
