/** The p-th percentile (nearest rank) of ascending values; NaN when there are none, so an empty run never meets a target. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}
