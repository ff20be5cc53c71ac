import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { out, type Verdict } from './stats.ts';

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface Summary {
  results: Array<{ page: string; path: string; median: Figures; pass: boolean }>;
}

/**
 * `npm run lighthouse` (scripts/lighthouse.mjs) from the bench: the login page and the signed-in
 * dashboard, 5 runs each on a server of its own; its medians become verdict lines (score ≥ 90,
 * LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1: the page passes only when all four do). It measures the web build in apps/web/dist, as it finds it.
 */
export async function lighthouseBench(): Promise<Verdict[]> {
  out('\nLighthouse, mobile with default (simulated) throttling, medians of 5 runs:');
  const dir = await mkdtemp(path.join(tmpdir(), 'ph-bench-lighthouse-'));
  const json = path.join(dir, 'lighthouse.json');
  try {
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['scripts/lighthouse.mjs', '--json', json], {
        cwd: path.resolve(import.meta.dirname, '..'),
        stdio: 'inherit',
      });
      child.once('exit', (status) => resolve(status ?? 1));
    });
    if (code !== 0)
      return [{ what: 'Lighthouse', target: 'a run', measured: `exit ${code} (see above)`, pass: false }];
    const summary = JSON.parse(await readFile(json, 'utf8')) as Summary;
    return summary.results.map(({ page, path: url, median: m, pass }) => ({
      what: `Lighthouse ${page} (${url})`,
      target: 'score ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1',
      measured: `${m.score} (LCP ${(m.lcpMs / 1000).toFixed(2)} s, CLS ${m.cls.toFixed(3)}, TBT ${Math.round(m.tbtMs)} ms)`,
      pass,
    }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
