/**
 * The bill history deep down: `POST /v1/bills-in-shop` for one shop, 100 rows a page, following
 * meta.nextCursor past row 10,000, then timing the pages beyond (sequential requests).
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { ms, out, pct, timed, type Verdict } from './stats.ts';

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

interface Search {
  what: string;
  body: Record<string, unknown>;
}

/**
 * The history's searches over every shop, as the admin, sequential requests: part of a plate
 * (no match; a fragment that matches; with a status on top), a staff member's bills (the busiest
 * check-in user and the busiest check-out user; with a month on top). p95 ≤ 50 ms each.
 */
export async function searchBench(base: string, token: string, db: pg.ClientBase): Promise<Verdict[]> {
  const pick = async (q: string) => (await db.query<{ v: string }>(q)).rows[0]?.v;
  // A fragment of a real plate (its last four characters) and the busiest staff on each side.
  const fragment =
    (await pick(
      `select right(plate_key, 4) as v from bills where plate_key is not null and id > (select max(id) / 2 from bills) limit 1`,
    )) ?? 'A123';
  const checkedIn = await pick(
    `select check_in_by::text as v from bills where id > (select max(id) - 200000 from bills) group by 1 order by count(*) desc limit 1`,
  );
  const checkedOut = await pick(
    `select check_out_by::text as v from bills where id > (select max(id) - 200000 from bills) and check_out_by is not null group by 1 order by count(*) desc limit 1`,
  );
  const month = new Date();
  month.setUTCMonth(month.getUTCMonth() - 2);
  const from = `${month.toISOString().slice(0, 7)}-01`;
  const to = `${month.toISOString().slice(0, 7)}-28`;
  // Three digits (a common fragment) and the province letters with two digits.
  const short = fragment.slice(-3);
  const lettered = await pick(
    `select left(plate_key, 4) as v from bills where plate_key is not null and id > (select max(id) / 3 from bills) limit 1`,
  );
  const searches: Search[] = [
    { what: 'plate, no match', body: { plate: 'QQ9999' } },
    { what: `plate "${fragment}"`, body: { plate: fragment } },
    { what: `plate "${short}"`, body: { plate: short } },
    ...(lettered ? [{ what: `plate "${lettered}"`, body: { plate: lettered } }] : []),
    { what: `plate "${fragment}", closed`, body: { plate: fragment, status: 'CLOSED' } },
    ...(checkedIn ? [{ what: 'staff (checked in most)', body: { staffId: checkedIn } }] : []),
    ...(checkedOut ? [{ what: 'staff (checked out most)', body: { staffId: checkedOut } }] : []),
    ...(checkedIn ? [{ what: 'staff, one month', body: { staffId: checkedIn, from, to } }] : []),
  ];
  out('\nPOST /v1/bills-in-shop searches over all shops (admin), 25 a page, sequential:');
  const verdicts: Verdict[] = [];
  for (const s of searches) {
    let rows = 0;
    const t = await timed(
      async () => {
        const res = await fetch(`${base}/parking-hub-api/v1/bills-in-shop`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ pageSize: 25, ...s.body }),
        });
        const body = (await res.json()) as { data?: unknown[] };
        if (res.status !== 200 || !body.data)
          throw new Error(`search ${res.status}: ${JSON.stringify(body)}`);
        rows = body.data.length;
      },
      { min: 30, max: 200, budgetMs: 5000, warmUp: 2 },
    );
    out(
      `  ${s.what.padEnd(28)} ${String(rows).padStart(3)} rows   p50 ${ms(t.p50).padStart(9)}   p95 ${ms(t.p95).padStart(9)} (${t.runs})`,
    );
    verdicts.push({
      what: `history search: ${s.what}`,
      target: 'p95 ≤ 50 ms',
      measured: `p95 ${ms(t.p95)} (${rows} rows)`,
      pass: t.p95 <= 50,
    });
  }
  return verdicts;
}
