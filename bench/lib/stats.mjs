// Small statistics over repeated runs.

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile, p in [0, 100]. */
export function percentile(values, p) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function max(values) {
  const finite = values.filter((v) => Number.isFinite(v));
  return finite.length ? Math.max(...finite) : NaN;
}

/** The median of each numeric field over a list of per-run result objects. */
export function medianOf(runs, field) {
  return median(runs.map((run) => run[field]));
}
