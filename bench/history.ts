/**
 * The bill history deep down: `POST /v1/bills-in-shop` for one shop, 100 rows a page, following
 * meta.nextCursor past row 10,000, then timing the pages beyond (sequential requests).
 */
import { performance } from 'node:perf_hooks';
import { ms, out, pct, type Verdict } from './stats.ts';

const PAGE = 100;
const DEPTH = 10_000;
const DEEP_PAGES = 40;

export async function historyBench(base: string, token: string, shopId: string): Promise<Verdict> {
  const page = async (cursor: string | null) => {
    const res = await fetch(`${base}/parking-hub-api/v1/bills-in-shop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ shopId, pageSize: PAGE, ...(cursor ? { cursor } : {}) }),
    });
    const body = (await res.json()) as { data?: unknown[]; meta?: { nextCursor: string | null } };
    if (res.status !== 200 || !body.data)
      throw new Error(`bills-in-shop ${res.status}: ${JSON.stringify(body)}`);
    return { rows: body.data.length, next: body.meta?.nextCursor ?? null };
  };
  let cursor: string | null = null;
  let depth = 0;
  while (depth < DEPTH) {
    const p = await page(cursor);
    depth += p.rows;
    cursor = p.next;
    if (!cursor) throw new Error(`the shop's history ends at row ${depth}, before ${DEPTH}`);
  }
  const times: number[] = [];
  const first = depth;
  for (let i = 0; i < DEEP_PAGES && cursor; i++) {
    const t0 = performance.now();
    const p: { rows: number; next: string | null } = await page(cursor);
    times.push(performance.now() - t0);
    depth += p.rows;
    cursor = p.next;
  }
  times.sort((a, b) => a - b);
  const p95 = pct(times, 95);
  out(
    `\nPOST /v1/bills-in-shop, ${PAGE} a page by nextCursor, rows ${first.toLocaleString('en')}–${depth.toLocaleString('en')} (${times.length} pages): p50 ${ms(pct(times, 50))}  p95 ${ms(p95)}`,
  );
  return {
    what: 'bill history, rows ≥ 10,000',
    target: 'p95 ≤ 20 ms',
    measured: `p95 ${ms(p95)} (${times.length} pages)`,
    pass: p95 <= 20,
  };
}
