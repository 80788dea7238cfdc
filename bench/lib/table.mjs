// Prints the results: tick's figure, the floor's, their ratio, the target, pass/fail.

/**
 * A row: {bench, figure, tick, floor?, unit?, digits?, target: {ratioMax} | {max} | {min} | {label}}.
 * A ratio target compares tick/floor; max and min compare tick's figure itself; a label
 * alone makes the row information only.
 */
export function judge(row) {
  const ratio =
    Number.isFinite(row.tick) && Number.isFinite(row.floor) && row.floor > 0
      ? row.tick / row.floor
      : NaN;
  const target = row.target ?? {};
  let pass = null;
  let targetText = target.label ?? '';
  if (target.ratioMax !== undefined) {
    pass = Number.isFinite(ratio) ? ratio <= target.ratioMax : false;
    targetText ||= `≤ ${target.ratioMax}× floor`;
  } else if (target.min !== undefined) {
    pass = Number.isFinite(row.tick) ? row.tick >= target.min : false;
    targetText ||= `≥ ${format(target.min, row)}${row.unit ? ` ${row.unit}` : ''}`;
  } else if (target.max !== undefined) {
    pass = Number.isFinite(row.tick) ? row.tick <= target.max : false;
    targetText ||= `≤ ${format(target.max, row)}${row.unit ? ` ${row.unit}` : ''}`;
  }
  return { ratio, pass, targetText };
}

function format(value, row) {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  if (!Number.isFinite(value)) return 'n/a';
  const digits = row.digits ?? (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);
  return value.toFixed(digits);
}

export function renderTable(rows) {
  const header = ['benchmark', 'figure', 'tick', 'floor', 'tick/floor', 'target', 'result'];
  const body = rows.map((row) => {
    const { ratio, pass, targetText } = judge(row);
    const unit = row.unit ? ` ${row.unit}` : '';
    return [
      row.bench,
      row.figure,
      `${format(row.tick, row)}${Number.isFinite(row.tick) ? unit : ''}`,
      row.floor === undefined
        ? '—'
        : `${format(row.floor, row)}${Number.isFinite(row.floor) ? unit : ''}`,
      Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—',
      targetText || '—',
      pass === null ? 'info' : pass ? 'pass' : 'FAIL',
    ];
  });
  const widths = header.map((_, i) =>
    Math.max(...[header, ...body].map((cells) => [...cells[i]].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** The same table as GitHub Markdown, for the README. */
export function renderMarkdown(rows) {
  const lines = [
    '| benchmark | figure | tick | floor | tick/floor | target | result |',
    '| --- | --- | ---: | ---: | ---: | --- | --- |',
  ];
  for (const row of rows) {
    const { ratio, pass, targetText } = judge(row);
    const unit = row.unit ? ` ${row.unit}` : '';
    lines.push(
      `| ${row.bench} | ${row.figure} | ${format(row.tick, row)}${unit} | ${row.floor === undefined ? '—' : `${format(row.floor, row)}${unit}`} | ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—'} | ${targetText || '—'} | ${pass === null ? 'info' : pass ? 'pass' : 'FAIL'} |`,
    );
  }
  return lines.join('\n');
}
