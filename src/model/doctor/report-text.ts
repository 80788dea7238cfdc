/** The doctor's report as text: the whole report (tick doctor, /doctor) or one line. */
import type { DoctorLine, DoctorReport, Verdict } from './types';

const MARKS: Record<Verdict, { unicode: string; ascii: string }> = {
  ok: { unicode: '✓', ascii: 'ok' },
  warn: { unicode: '!', ascii: '!!' },
  fail: { unicode: '✗', ascii: 'XX' },
  skip: { unicode: '·', ascii: '--' },
};

function lineText(line: DoctorLine): string {
  return line.fix ? `${line.text} — ${line.fix}` : line.text;
}

export function reportLines(report: DoctorReport, unicode: boolean): string[] {
  const width = Math.max(...report.lines.map((line) => line.check.length));
  const rows = report.lines.map((line) => {
    const mark = MARKS[line.verdict][unicode ? 'unicode' : 'ascii'].padEnd(2);
    return `  ${mark} ${line.check.padEnd(width)}  ${lineText(line)}`;
  });
  return [
    `tick doctor: ${report.baseURL}, model ${report.model}`,
    ...rows,
    verdictText(report, unicode),
  ];
}

export function verdictText(report: DoctorReport, unicode: boolean): string {
  const warnings = report.lines.filter((line) => line.verdict === 'warn').length;
  if (!report.works) {
    const mark = MARKS.fail[unicode ? 'unicode' : 'ascii'];
    return `tick cannot work with this server yet: fix the lines marked ${mark}.`;
  }
  return warnings
    ? `tick can work with this server (${warnings} warning${warnings === 1 ? '' : 's'}).`
    : 'tick can work with this server.';
}

/** The line shown after a session's first failed request: the first fault, else all clear. */
export function oneLine(report: DoctorReport): string {
  const fault =
    report.lines.find((line) => line.verdict === 'fail') ??
    report.lines.find((line) => line.verdict === 'warn');
  if (!fault)
    return 'tick doctor: the server and the model answer as tick needs (the failure may have been passing)';
  return `tick doctor: ${fault.check}: ${lineText(fault)}`;
}
