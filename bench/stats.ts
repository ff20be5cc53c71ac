import { performance } from 'node:perf_hooks';
import { SHORT, shortRuns } from './short.ts';

export const out = (s: string) => process.stdout.write(`${s}\n`);

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
}

/**
 * Runs `call(i)` one after another (latency, not throughput): at least `min` and at most `max`
 * times, stopping after `budgetMs` once `min` is reached, after `warmUp` unmeasured calls. In
 * short mode (bench/short.ts) a few times only.
 */
export async function timed(
  call: (i: number) => Promise<unknown>,
  given: { min: number; max: number; budgetMs: number; warmUp: number },
): Promise<Timing> {
  const o = { ...given, ...shortRuns(given) };
  for (let i = 0; i < o.warmUp; i++) await call(i);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < o.max; i++) {
    if (i >= o.min && performance.now() - started > o.budgetMs) break;
    const t0 = performance.now();
    await call(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { runs: times.length, p50: pct(times, 50), p95: pct(times, 95) };
}

/** One line of the closing table: what was asked, what was measured. */
export interface Verdict {
  what: string;
  target: string;
  measured: string;
  /** Target met (and the answers right). */
  pass: boolean;
  /** False when the answers were wrong (a mismatch, a loss, an error): fails a short run too. */
  correct?: boolean;
}

/**
 * Whether a run failed: a missed target in a full run; in a short run (bench/short.ts), whose
 * figures are not the targets, only wrong answers. Errors and `process.exitCode` fail either way.
 */
export function failed(verdicts: Verdict[]): boolean {
  return verdicts.some((v) => v.correct === false || (!SHORT && !v.pass));
}

const result = (v: Verdict) =>
  v.correct === false ? 'WRONG' : v.pass ? 'pass' : SHORT ? 'miss (short run)' : 'FAIL';

export function printVerdicts(verdicts: Verdict[]): void {
  const w = Math.max(...verdicts.map((v) => v.what.length), 10);
  out(`\n${'measure'.padEnd(w)}  ${'target'.padEnd(12)}  ${'measured'.padEnd(34)}  result`);
  for (const v of verdicts)
    out(`${v.what.padEnd(w)}  ${v.target.padEnd(12)}  ${v.measured.padEnd(34)}  ${result(v)}`);
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * A bench run on its own (`npm run bench:<name>`): its table, exit 1 if a target is missed or it
 * fails. `module` is the bench file's import.meta.url: nothing runs when another file imports it.
 */
export function runAlone(module: string, bench: () => Promise<Verdict[]>): void {
  if (module !== `file://${process.argv[1]}`) return;
  bench().then(
    (verdicts) => {
      if (verdicts.length) printVerdicts(verdicts);
      process.exit(failed(verdicts) || process.exitCode ? 1 : 0);
    },
    (err: unknown) => {
      process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}
