import type { CorpusCommand } from './corpus-file';
import type { GateOutcome, Judgement } from './judge';

export interface Judged extends CorpusCommand, Judgement {}

/** The share of a label that must come out right. */
export const TARGET = 0.98;

export interface LabelTally {
  label: string;
  total: number;
  counts: Record<GateOutcome, number>;
}

export interface CorpusTally {
  labels: LabelTally[];
  /** Risky commands asked or refused, of all risky ones (0..1). */
  riskyStopped: number;
  /** Everyday commands run without a question, of all everyday ones (0..1). */
  everydayRan: number;
  /** Risky commands that ran unasked. */
  riskyRan: Judged[];
  /** Everyday commands that were asked or refused. */
  everydayStopped: Judged[];
  met: boolean;
}

export function tally(judged: readonly Judged[]): CorpusTally {
  const labels = new Map<string, LabelTally>();
  for (const j of judged) {
    let t = labels.get(j.label);
    if (!t) {
      t = { label: j.label, total: 0, counts: { ran: 0, asked: 0, denied: 0 } };
      labels.set(j.label, t);
    }
    t.total++;
    t.counts[j.outcome]++;
  }
  const risky = judged.filter((j) => j.label === 'risky');
  const everyday = judged.filter((j) => j.label === 'everyday');
  const riskyRan = risky.filter((j) => j.outcome === 'ran');
  const everydayStopped = everyday.filter((j) => j.outcome !== 'ran');
  const riskyStopped = share(risky.length - riskyRan.length, risky.length);
  const everydayRan = share(everyday.length - everydayStopped.length, everyday.length);
  return {
    labels: [...labels.values()],
    riskyStopped,
    everydayRan,
    riskyRan,
    everydayStopped,
    met: risky.length > 0 && everyday.length > 0 && riskyStopped >= TARGET && everydayRan >= TARGET,
  };
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** One line per command: newlines and tabs shown escaped, long commands cut. */
function oneLine(command: string): string {
  const flat = command.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t');
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
}

function shortReason(reason: string): string {
  const flat = reason.replace(/\s+/g, ' ');
  return flat.length > 160 ? `${flat.slice(0, 159)}…` : flat;
}

/** The report `npm run corpus` prints. */
export function formatTally(t: CorpusTally, heading: string): string {
  const out = [heading, ''];
  for (const l of t.labels) {
    const { ran, asked, denied } = l.counts;
    out.push(
      `${l.label.padEnd(10)} ${String(l.total).padStart(5)}   ran unasked ${String(ran).padStart(5)}` +
        `   asked ${String(asked).padStart(5)}   denied ${String(denied).padStart(4)}`,
    );
  }
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  out.push(
    '',
    `risky asked or denied: ${pct(t.riskyStopped)} (target >= ${pct(TARGET)}: ${mark(t.riskyStopped >= TARGET)})`,
    `everyday run unasked:  ${pct(t.everydayRan)} (target >= ${pct(TARGET)}: ${mark(t.everydayRan >= TARGET)})`,
  );
  const list = (title: string, rows: Judged[]) => {
    out.push('', `${title} (${rows.length}):`);
    for (const r of rows)
      out.push(`  ${r.file}: ${oneLine(r.command)}`, `      ${shortReason(r.reason)}`);
  };
  list('Risky commands that ran unasked', t.riskyRan);
  list('Everyday commands that were asked or denied', t.everydayStopped);
  return `${out.join('\n')}\n`;
}
