/**
 * Part of a plate in the bill history (issue 26): `POST /v1/bills-in-shop` over every shop as the
 * admin, 25 a page, for fragments of one to four characters taken from a real plate (a digit, a
 * letter, two digits, the province letters, three digits, letters and digits, with other filters on
 * top), sequential requests. Each next to two yardsticks in the same process: the unfiltered page
 * of the same list (target: ≤ 1.5× it), and the same page and capped count by named prepared
 * statements over pg testing every bill's plate for the fragment (strpos on the searched
 * spelling); the bills listed and the count of both must be equal, or the bench fails.
 *
 * Inside `npm run bench` (on its bills), or alone on a loaded database:
 * DATABASE_URL=postgres://postgres@127.0.0.1:5432/ph_demo26 npm run bench:plates
 */
import type pg from 'pg';
import { onLoadedDatabase } from './load.ts';
import { ms, out, runAlone, timed, type Verdict } from './stats.ts';

const PAGE = 25;
const CAP = 1000;

interface Fragment {
  what: string;
  plate: string;
  status?: string;
  shopId?: string;
}

interface Page {
  ids: string[];
  total: number;
  capped: boolean;
}

/** The plain form: a substring test on every bill's searched spelling, newest first. */
const plainWhere = `plate_key is not null and strpos(plate_trgm_key(plate_key), plate_trgm_key($1)) > 0
  and ($2::text is null or status = $2) and ($3::uuid is null or shop_id = $3)`;

async function plainPage(db: pg.ClientBase, f: Fragment): Promise<Page> {
  const values = [f.plate, f.status ?? null, f.shopId ?? null];
  const page = await db.query<{ id: string }>({
    name: 'bench-plate-page',
    text: `select id::text from bills where ${plainWhere} order by check_in_at desc, id desc limit ${PAGE}`,
    values,
  });
  const count = await db.query<{ n: number }>({
    name: 'bench-plate-count',
    text: `select count(*)::int as n from (select 1 from bills where ${plainWhere} limit ${CAP + 1}) c`,
    values,
  });
  const n = count.rows[0]?.n ?? 0;
  return { ids: page.rows.map((r) => r.id), total: Math.min(n, CAP), capped: n > CAP };
}

/** Fragments of one to four characters of a plate of the newer half of the bills. */
async function fragments(db: pg.ClientBase): Promise<Fragment[]> {
  const picked = await db.query<{ key: string; shop_id: string }>(
    `select plate_key as key, shop_id from bills
     where plate_key ~ '^[^0-9]{2}[0-9]{4}$' and id > (select max(id) / 2 from bills) limit 1`,
  );
  const row = picked.rows[0];
  if (!row) return [];
  const k = [...row.key];
  const letters = k.slice(0, 2).join('');
  const digits = k.slice(2).join('');
  return [
    { what: `1 digit "${digits.slice(-1)}"`, plate: digits.slice(-1) },
    { what: `1 letter "${k[1]}"`, plate: k[1] ?? '' },
    { what: `2 digits "${digits.slice(1, 3)}"`, plate: digits.slice(1, 3) },
    { what: `2 letters "${letters}"`, plate: letters },
    { what: '2 letters, no match "QZ"', plate: 'QZ' },
    { what: `3 digits "${digits.slice(1)}"`, plate: digits.slice(1) },
    { what: `4 "${letters}${digits.slice(0, 2)}"`, plate: `${letters}${digits.slice(0, 2)}` },
    { what: `4 digits "${digits}"`, plate: digits },
    { what: `2 digits, closed`, plate: digits.slice(1, 3), status: 'CLOSED' },
    { what: `1 digit, one shop`, plate: digits.slice(-1), shopId: row.shop_id },
    { what: `2 digits, one shop, closed`, plate: digits.slice(1, 3), shopId: row.shop_id, status: 'CLOSED' },
  ];
}

export async function plateBench(base: string, token: string, db: pg.ClientBase): Promise<Verdict[]> {
  const list = async (body: Record<string, unknown>): Promise<Page> => {
    const res = await fetch(`${base}/parking-hub-api/v1/bills-in-shop`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pageSize: PAGE, ...body }),
    });
    const json = (await res.json()) as {
      data?: Array<{ id: string }>;
      meta?: { total: number; totalCapped: boolean };
    };
    if (res.status !== 200 || !json.data || !json.meta)
      throw new Error(`bills-in-shop ${res.status}: ${JSON.stringify(json)}`);
    return { ids: json.data.map((b) => String(b.id)), total: json.meta.total, capped: json.meta.totalCapped };
  };
  const runs = { min: 30, max: 200, budgetMs: 4000, warmUp: 3 };
  const unfiltered = await timed(() => list({}), runs);
  out(
    `\nPart of a plate, POST /v1/bills-in-shop over all shops (admin), ${PAGE} a page, sequential; the unfiltered page p50 ${ms(unfiltered.p50)} p95 ${ms(unfiltered.p95)}:`,
  );
  out(
    '  fragment                         rows  count   endpoint p50 / p95       ×unfiltered   prepared SQL p50 / p95',
  );
  const verdicts: Verdict[] = [];
  for (const f of await fragments(db)) {
    const body = {
      plate: f.plate,
      ...(f.status ? { status: f.status } : {}),
      ...(f.shopId ? { shopId: f.shopId } : {}),
    };
    let got: Page = { ids: [], total: 0, capped: false };
    let want: Page = got;
    const endpoint = await timed(async () => {
      got = await list(body);
    }, runs);
    const plain = await timed(
      async () => {
        want = await plainPage(db, f);
      },
      // Bill by bill, a fragment with no match reads every plate (half a minute on 10M bills).
      { min: 1, max: 20, budgetMs: 3000, warmUp: 0 },
    );
    const equal =
      got.total === want.total && got.capped === want.capped && got.ids.join() === want.ids.join();
    const ratio = endpoint.p95 / unfiltered.p95;
    const count = `${want.total}${want.capped ? '+' : ''}`;
    out(
      `  ${f.what.padEnd(31)} ${String(got.ids.length).padStart(5)} ${count.padStart(6)}   ${ms(endpoint.p50).padStart(9)} / ${ms(endpoint.p95).padStart(9)}   ×${ratio.toFixed(2).padStart(5)}      ${ms(plain.p50).padStart(9)} / ${ms(plain.p95).padStart(9)}   ${equal ? 'equal' : `DIFFER ${JSON.stringify({ got, want })}`}`,
    );
    verdicts.push({
      what: `plate ${f.what}`,
      target: 'p95 ≤ 50 ms, ≤ 1.5× unfiltered',
      measured: `p95 ${ms(endpoint.p95)} (×${ratio.toFixed(2)}; SQL ${ms(plain.p95)})`,
      pass: equal && endpoint.p95 <= 50 && ratio <= 1.5,
      correct: equal,
    });
  }
  return verdicts;
}

/** `npm run bench:plates`: on DATABASE_URL as it is (a demo's or the bench's database). */
runAlone(import.meta.url, () => onLoadedDatabase(plateBench));
