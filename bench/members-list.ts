/**
 * (c) of bench/members.ts: `GET /v1/membership` over the members bench's 100,000 members, through
 * the real server, sequential requests: the first, a middle and the last page, for a shop's
 * manager (500 members) and for an admin across the 200 shops, each without and with a search
 * (a name shared by half the members, part of a card number, a whole plate) and filtered (expired,
 * ending within 7 days). Target (issue 14): every page ≤ 20 ms
 * p95.
 */
import type pg from 'pg';
import { login } from './load.ts';
import { ms, out, timed, type Verdict } from './stats.ts';

const TARGET_MS = 20;
const PASSWORD = 'bench-password-1';

interface ListAnswer {
  data?: unknown[];
  meta?: { total: number; totalPages: number };
}

async function list(base: string, token: string, query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${base}/parking-hub-api/v1/membership?${qs}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as ListAnswer;
  return { status: res.status, body };
}

export async function membersListBench(base: string, db: pg.Client): Promise<Verdict[]> {
  const admin = await login(base, 'bench-admin', PASSWORD);
  const manager = await login(base, 'mb-manager-42', PASSWORD);
  const probe = await list(base, admin, { page: 1 });
  if (probe.status === 404 || probe.status === 405) {
    out('\n(c) GET /v1/membership: skipped (the server has no members list yet).');
    return [];
  }
  const shop = await db.query<{ id: string }>(`select id from shops where code = 'MB042'`);
  const shopId = shop.rows[0]?.id ?? '';
  const cases: Array<{ who: string; token: string; query: Record<string, string | number> }> = [
    { who: 'a shop (manager)', token: manager, query: {} },
    { who: 'a shop, search name', token: manager, query: { search: 'ສົມພອນ' } },
    { who: 'a shop, search plate', token: manager, query: { search: 'ກຂ 020742' } },
    { who: 'one shop (admin)', token: admin, query: { shopId } },
    { who: 'every shop (admin)', token: admin, query: {} },
    { who: 'every shop, search name', token: admin, query: { search: 'ສົມພອນ' } },
    { who: 'every shop, search card', token: admin, query: { search: 'M-04' } },
    { who: 'every shop, search plate', token: admin, query: { search: 'ກຂ 000421' } },
    { who: 'every shop, expired', token: admin, query: { status: 'EXPIRED' } },
    { who: 'every shop, ending in 7 days', token: admin, query: { expiringWithin: 7 } },
  ];
  out('\n(c) GET /v1/membership over 100,000 members (sequential requests, 20 a page):');
  out(
    '  list                          rows      page 1 p50 / p95        middle p50 / p95         last p50 / p95',
  );
  const verdicts: Verdict[] = [];
  for (const c of cases) {
    const first = await list(base, c.token, { ...c.query, page: 1, pageSize: 20 });
    if (first.status !== 200) throw new Error(`${c.who}: ${first.status} ${JSON.stringify(first.body)}`);
    const pages = Math.max(1, first.body.meta?.totalPages ?? 1);
    const line: string[] = [];
    let worst = 0;
    for (const page of [1, Math.ceil(pages / 2), pages]) {
      const t = await timed(
        async () => {
          const res = await list(base, c.token, { ...c.query, page, pageSize: 20 });
          if (res.status !== 200) throw new Error(`${c.who} page ${page}: ${res.status}`);
        },
        { min: 30, max: 200, budgetMs: 4000, warmUp: 3 },
      );
      worst = Math.max(worst, t.p95);
      line.push(`${ms(t.p50).padStart(8)} / ${ms(t.p95).padStart(8)}`);
    }
    out(`  ${c.who.padEnd(28)} ${String(first.body.meta?.total ?? '?').padStart(7)}   ${line.join('   ')}`);
    verdicts.push({
      what: `members list: ${c.who}, any page (p95)`,
      target: `≤ ${TARGET_MS} ms`,
      measured: ms(worst),
      pass: worst <= TARGET_MS,
    });
  }
  return verdicts;
}
