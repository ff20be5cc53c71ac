/**
 * The bench's short mode (`npm run bench:short`, BENCH_SHORT=1), run by CI so that a broken bench
 * fails there instead of going unnoticed: every part that checks its answers runs (each report's
 * totals against its GROUP BY, the plate searches' and regular customers' baselines, bill/find and
 * the version check against their bare servers, gap-free numbering, the outbox's duplicates and
 * losses, the news' rows), on little data and for short times. Its figures are not the targets
 * (100,000 bills on a loaded CI machine): a short run fails on a wrong answer or an error only.
 *
 * Imported first by bench/run.ts: the defaults below are in place before the other bench files
 * read their settings. Any setting given explicitly wins.
 */
export const SHORT = process.env.BENCH_SHORT === '1';

const SHORT_DEFAULTS: Record<string, string> = {
  BENCH_BILLS: '100000',
  BENCH_SECONDS: '1',
  BENCH_REPORT_SECONDS: '1',
  BENCH_OUTBOX_MESSAGES: '1000',
  BENCH_NEWS_SHOPS: '500',
  // Measured on their own (npm run lighthouse), and heavy loads of their own databases.
  BENCH_LIGHTHOUSE: '0',
  BENCH_PAPER: '0',
  BENCH_MEMBERS: '0',
  BENCH_RENT: '0',
  BENCH_FINANCE: '0',
};

if (SHORT) for (const [k, v] of Object.entries(SHORT_DEFAULTS)) process.env[k] ??= v;

/** Repetitions of a timed call: a few in short mode, where only the answers count. */
export function shortRuns(o: { min: number; max: number; warmUp: number }) {
  if (!SHORT) return o;
  return { min: Math.min(o.min, 2), max: Math.min(o.max, 4), warmUp: Math.min(o.warmUp, 1) };
}
