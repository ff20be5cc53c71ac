/**
 * Regular customers (`POST /v1/report/customer-important`, minVisits 3) over the last 1, 3 and 12
 * whole months, for all shops (the admin), one agent's shops (the agent signed in) and one shop
 * (the busiest), sequential requests (issue 26). Each next to the same totals by a named prepared
 * statement over pg in the same process (a GROUP BY over the bills: plates with at least three
 * visits per shop); the totals must be equal, or the bench fails. Target p95 ≤ 150 ms.
 *
 * Inside `npm run bench`, or alone on its kept database:
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/ph_bench npm run bench:regulars
 */
import type pg from 'pg';
import { login, onLoadedDatabase } from './load.ts';
import { ms, out, runAlone, timed, type Verdict } from './stats.ts';

const MIN_VISITS = 3;
const TARGET_MS = 150;

interface Scope {
  name: string;
  token: string;
  shopId?: string;
  agentId?: string;
}

type Totals = { totalPlates: number; totalVisits: number; totalAmount: number };

/** The last `n` whole calendar months before this one, as [from, to]. */
function lastMonths(n: number, now = new Date()): [string, string] {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)];
}

/** The plain form: every plated check-in not cancelled of the period, grouped per shop and plate. */
async function plain(
  db: pg.ClientBase,
  s: Scope,
  from: string,
  to: string,
  byClosing: boolean,
): Promise<Totals> {
  const date = byClosing ? 'b.business_date' : '(b.check_in_at at time zone s.timezone)::date';
  const res = await db.query<{ plates: string; visits: string; amount: string }>({
    name: `bench-regulars-${byClosing ? 'biz' : 'cal'}`,
    text: `select count(*) as plates, coalesce(sum(visits), 0) as visits, coalesce(sum(amount), 0) as amount
      from (select b.shop_id, b.plate_key, count(*) as visits, coalesce(sum(b.fee), 0) as amount
            from bills b join shops s on s.id = b.shop_id
            where b.plate_key is not null and b.status <> 'CANCELLED'
              and ${date} between $1::date and $2::date
              and ($3::uuid is null or b.shop_id = $3) and ($4::uuid is null or s.agent_id = $4)
            group by 1, 2 having count(*) >= ${MIN_VISITS}) v`,
    values: [from, to, s.shopId ?? null, s.agentId ?? null],
  });
  const r = res.rows[0];
  return { totalPlates: Number(r?.plates), totalVisits: Number(r?.visits), totalAmount: Number(r?.amount) };
}

export async function regularsBench(base: string, adminToken: string, db: pg.ClientBase, shopId: string) {
  const agent = await db.query<{ id: string; username: string; shops: string }>(
    `select u.id, u.username, count(s.id) as shops from users u join shops s on s.agent_id = u.id
     where u.role = 'AGENT' group by 1, 2 order by count(s.id) desc, u.username limit 1`,
  );
  const scopes: Scope[] = [{ name: 'all shops', token: adminToken }];
  const a = agent.rows[0];
  // The demo's agents sign in with the demo's password (bench databases are loaded by the demo).
  if (a)
    scopes.push({
      name: `agent (${a.shops} shops)`,
      token: await login(base, a.username, 'demo1234'),
      agentId: a.id,
    });
  scopes.push({ name: 'one shop', token: adminToken, shopId });
  out(`\nRegular customers (minVisits ${MIN_VISITS}), last whole months, sequential requests:`);
  out(
    '  months  scope                counting     endpoint p50 / p95        prepared GROUP BY p50 / p95    ratio',
  );
  const verdicts: Verdict[] = [];
  for (const months of [1, 3, 12]) {
    const [from, to] = lastMonths(months);
    for (const s of scopes) {
      for (const byClosing of months === 12 && !s.shopId && !s.agentId ? [false, true] : [false]) {
        let got: Totals = { totalPlates: Number.NaN, totalVisits: 0, totalAmount: 0 };
        const endpoint = await timed(
          async () => {
            const res = await fetch(`${base}/parking-hub-api/v1/report/customer-important`, {
              method: 'POST',
              headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ from, to, byClosing, minVisits: MIN_VISITS, shopId: s.shopId }),
            });
            const body = (await res.json()) as { data?: Totals };
            if (res.status !== 200 || !body.data)
              throw new Error(`customer-important ${res.status}: ${JSON.stringify(body)}`);
            got = body.data;
          },
          { min: 10, max: 40, budgetMs: 6000, warmUp: 2 },
        );
        let want: Totals = got;
        const sql = await timed(
          async () => {
            want = await plain(db, s, from, to, byClosing);
          },
          { min: 2, max: 10, budgetMs: 4000, warmUp: 0 },
        );
        const equal =
          got.totalPlates === want.totalPlates &&
          got.totalVisits === want.totalVisits &&
          got.totalAmount === want.totalAmount;
        const mode = byClosing ? 'by closing' : 'calendar';
        out(
          `  ${String(months).padStart(6)}  ${s.name.padEnd(20)} ${mode.padEnd(11)} ${ms(endpoint.p50).padStart(9)} / ${ms(endpoint.p95).padStart(9)}     ${ms(sql.p50).padStart(10)} / ${ms(sql.p95).padStart(10)}    ×${(sql.p50 / endpoint.p50).toFixed(0).padStart(4)}   ${equal ? `equal (${got.totalPlates} plates)` : `DIFFER ${JSON.stringify({ got, want })}`}`,
        );
        verdicts.push({
          what: `regular customers, ${months} month${months > 1 ? 's' : ''}, ${s.name}, ${mode}`,
          target: `p95 ≤ ${TARGET_MS} ms`,
          measured: `p95 ${ms(endpoint.p95)} (GROUP BY ${ms(sql.p95)})`,
          pass: equal && endpoint.p95 <= TARGET_MS,
          correct: equal,
        });
      }
    }
  }
  return verdicts;
}

/** `npm run bench:regulars`: on DATABASE_URL as it is, the busiest shop as the one shop. */
runAlone(import.meta.url, () =>
  onLoadedDatabase(async (base, token, db) => {
    const busiest = await db.query<{ shop_id: string }>(
      'select shop_id from shop_bill_counters order by last_number desc limit 1',
    );
    const shopId = busiest.rows[0]?.shop_id;
    if (!shopId) throw new Error('no bills');
    return regularsBench(base, token, db, shopId);
  }),
);
