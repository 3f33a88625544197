/** p50/p99/max of a list of milliseconds (nearest-rank percentiles). */
export function summarize(values) {
  if (values.length === 0) return { p50: null, p99: null, max: null };
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  return { p50: rank(50), p99: rank(99), max: sorted[sorted.length - 1] };
}
