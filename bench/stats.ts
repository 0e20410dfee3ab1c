/** Small timing helpers for benchmarks. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function time<T>(fn: () => T): [T, number] {
  const start = process.hrtime.bigint();
  const value = fn();
  return [value, Number(process.hrtime.bigint() - start) / 1e6];
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)));
  const line = (r: string[]): string => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.slice(1).map(line)].join('\n') + '\n';
}

/**
 * The geometric mean of ratios with its 95% interval (normal approximation on their logarithms):
 * how far the figure would move on another sample of the same size.
 */
export function geometricInterval(ratios: readonly number[]): { mean: number; low: number; high: number } {
  const logs = ratios.map((r) => Math.log(r));
  const n = Math.max(1, logs.length);
  const mean = logs.reduce((s, v) => s + v, 0) / n;
  const variance = logs.length > 1 ? logs.reduce((s, v) => s + (v - mean) ** 2, 0) / (logs.length - 1) : 0;
  const half = 1.96 * Math.sqrt(variance / n);
  return { mean: Math.exp(mean), low: Math.exp(mean - half), high: Math.exp(mean + half) };
}

/** The mean of `values` with the half-width of its 95% interval (normal approximation). */
export function meanInterval(values: readonly number[]): { mean: number; half: number } {
  const n = Math.max(1, values.length);
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = values.length > 1 ? values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1) : 0;
  return { mean, half: 1.96 * Math.sqrt(variance / n) };
}
