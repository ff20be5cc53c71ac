/**
 * `npm run bench:members` (and part of `npm run bench` when DATABASE_URL is set): members at the
 * gate (issue 14) with 100,000 members over 200 shops, in a database of their own on the
 * DATABASE_URL server (BENCH_MEMBERS_DATABASE, default ph_members_bench: loaded once with SQL,
 * reused by later runs). Against the real server in its own process:
 *  (a) the member lookup of a check-in, by card number and by plate, as the server runs it
 *      (bills.repository findGateMember over Drizzle) next to the plainest named prepared
 *      statement doing the same lookup over pg; and sequential check-ins over HTTP with a card
 *      number, with a member's plate and with neither, so the lookup's share of a check-in shows;
 *  (b) check-ins per second at 50 connections, staff of shops with 500 members each (a card or a
 *      member's plate on two in three tickets, a stranger's plate on the rest; a plate on every
 *      ticket) against staff of shops without members (a plate on every ticket: the same single
 *      lookup, finding nothing), alternated twice in the same run;
 *  (c) `GET /v1/membership` (bench/members-list.ts) when the server has it;
 *  and what the hourly members job's two scans cost over the 100,000 (nothing written).
 * Targets (issue 14): the lookup adds ≤ 1 ms p95; check-ins per second fall by at most 10%.
 */
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { findGateMember } from '../apps/server/src/modules/bills/bills.repository.ts';
import { REMINDER_HOURS } from '../apps/server/src/modules/members/members.jobs.ts';
import { expireDuePasses, remindersDue } from '../apps/server/src/modules/members/members-jobs.repository.ts';
import { ownDatabase } from './database.ts';
import { type Load, load, login, row, seconds } from './load.ts';
import {
  loadMembers,
  MEMBER_SHOPS,
  MEMBERS_ADMIN,
  PASSWORD,
  type Sample,
  validMembers,
} from './members-data.ts';
import { membersListBench } from './members-list.ts';
import { startBenchServer } from './server.ts';
import { ms, out, pct, runAlone, timed, type Verdict } from './stats.ts';

type By = 'number' | 'plate';
const BY: readonly By[] = ['number', 'plate'];

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date());

/** (a) the lookup alone: the server's own code next to the plainest prepared statement. */
async function lookupBench(url: string, db: pg.Client): Promise<Verdict[]> {
  const sample = await validMembers(db, 2000);
  const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off -c work_mem=32MB' });
  const orm = drizzle({ client: pool, schema });
  const day = today();
  const verdicts: Verdict[] = [];
  // Each lookup and its baseline in turn, after a warm-up: side by side in the same moments, so
  // the machine's other load touches both alike.
  const server = async (by: By, m: Sample) => {
    const found = await findGateMember(
      orm,
      m.shopId,
      by === 'number' ? { number: m.number } : { plateKey: m.plateKey },
      day,
    );
    if (!found) throw new Error(`member ${m.code} ${m.number} not found by ${by}`);
  };
  const plain = async (by: By, m: Sample) => {
    const { rows } = await pool.query(
      by === 'number'
        ? {
            name: 'bench_member_by_number',
            text: 'select id from members where shop_id = $1 and number = $2 limit 1',
            values: [m.shopId, m.number],
          }
        : {
            name: 'bench_member_by_plate',
            text: 'select id from members where shop_id = $1 and plate_keys @> array[$2] limit 1',
            values: [m.shopId, m.plateKey],
          },
    );
    if (!rows.length) throw new Error(`member ${m.code} ${m.number} not found by ${by} (plain)`);
  };
  const runs = 3000;
  const warmUp = 300;
  const times: Record<string, number[]> = Object.fromEntries(
    BY.flatMap((by) => [`server ${by}`, `plain ${by}`]).map((k) => [k, []]),
  );
  const take = async (key: string, call: () => Promise<void>, keep: boolean) => {
    const t0 = performance.now();
    await call();
    if (keep) times[key]?.push(performance.now() - t0);
  };
  try {
    for (let i = 0; i < warmUp + runs; i++) {
      const m = sample[i % sample.length] as Sample;
      for (const by of BY) {
        await take(`server ${by}`, () => server(by, m), i >= warmUp);
        await take(`plain ${by}`, () => plain(by, m), i >= warmUp);
      }
    }
    const at = (key: string, p: number) =>
      pct(
        [...(times[key] ?? [])].sort((x, y) => x - y),
        p,
      );
    out(
      `\n(a) The member lookup of a check-in over ${sample.length} valid members at random, ${runs} of each in turn:`,
    );
    out('  lookup        server code (findGateMember) p50 / p95      plain prepared statement p50 / p95');
    for (const by of BY) {
      const [s50, s95, p50, p95] = [
        at(`server ${by}`, 50),
        at(`server ${by}`, 95),
        at(`plain ${by}`, 50),
        at(`plain ${by}`, 95),
      ];
      out(
        `  by ${by.padEnd(8)}  ${ms(s50).padStart(9)} / ${ms(s95).padStart(9)}                  ${ms(p50).padStart(9)} / ${ms(p95).padStart(9)}`,
      );
      verdicts.push({
        what: `members: lookup by ${by} at check-in (p95)`,
        target: '≤ 1 ms',
        measured: `${ms(s95)} (plain ${ms(p95)})`,
        pass: s95 <= 1,
      });
    }
  } finally {
    await pool.end();
  }
  return verdicts;
}

async function postJson(base: string, path: string, token: string, body: unknown) {
  const res = await fetch(`${base}/parking-hub-api/v1/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { data?: { member?: { state: string } | null } };
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** (a) over HTTP: check-ins one after another, the three kinds in turn, at one member shop. */
async function checkInLatency(base: string, db: pg.Client): Promise<void> {
  const code = 'MB007';
  const token = await login(base, 'mb-shop-7', PASSWORD);
  const sample = await validMembers(db, 400, [code]);
  const kinds = {
    'neither card nor plate': (_: number) => ({ vehicleType: 'MOTORBIKE' }),
    // A pass is for its vehicle type: each member comes in the vehicle it is for.
    'a member’s card number': (i: number) => ({
      vehicleType: sample[i % sample.length]?.vehicleType,
      memberNumber: sample[i % sample.length]?.number,
    }),
    'a member’s plate': (i: number) => ({
      vehicleType: sample[i % sample.length]?.vehicleType,
      plate: sample[i % sample.length]?.plate,
    }),
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
  const rounds = 400;
  const warmUp = 20;
  for (let i = 0; i < warmUp + rounds; i++) {
    for (const [name, body] of Object.entries(kinds)) {
      const t0 = performance.now();
      const data = await postJson(base, 'bill/create', token, body(i));
      const took = performance.now() - t0;
      if (name !== 'neither card nor plate' && data?.member?.state !== 'VALID')
        throw new Error(
          `${name}: no valid member in the answer: ${JSON.stringify(data)} to ${JSON.stringify(body(i))}`,
        );
      if (i >= warmUp) times[name]?.push(took);
    }
  }
  out(`\n(a) Check-ins over HTTP at ${code} (500 members), one after another, ${rounds} of each in turn:`);
  const p95 = (name: string) =>
    pct(
      [...(times[name] ?? [])].sort((a, b) => a - b),
      95,
    );
  const p50 = (name: string) =>
    pct(
      [...(times[name] ?? [])].sort((a, b) => a - b),
      50,
    );
  for (const name of Object.keys(kinds))
    out(`  ${name.padEnd(24)} p50 ${ms(p50(name)).padStart(8)}   p95 ${ms(p95(name)).padStart(8)}`);
  // The card's lookup is measured alone above; this shows its share of a whole check-in (the
  // tail of sequential HTTP on a shared machine moves by more than a millisecond either way).
  const plain = 'neither card nor plate';
  for (const name of ['a member’s card number', 'a member’s plate'])
    out(
      `  ${name} over neither: p50 +${ms(p50(name) - p50(plain))}, p95 ${p95(name) >= p95(plain) ? '+' : ''}${ms(p95(name) - p95(plain))}`,
    );
}

/** (b) check-ins per second, with members and without, alternated. */
async function throughput(base: string, db: pg.Client): Promise<Verdict[]> {
  const codes = (from: number) =>
    Array.from({ length: 10 }, (_, i) => `MB${String(from + i).padStart(3, '0')}`);
  const memberCodes = codes(21);
  const plainCodes = codes(MEMBER_SHOPS + 1);
  const tokens = new Map<string, string>();
  for (const code of [...memberCodes, ...plainCodes])
    tokens.set(code, await login(base, `mb-shop-${Number(code.slice(2))}`, PASSWORD));
  const sample = await validMembers(db, 3000, memberCodes);
  const types = ['MOTORBIKE', 'MOTORBIKE', 'CAR'];
  const stranger = (i: number) => `ນວ ${String(100_000 + ((i * 7919) % 50_000))}`;
  // With members: a card (and the member's plate) on a third, a member's plate alone on a third, a
  // stranger's plate on a third. A plate on every ticket on both sides, so both write the same
  // regular-customer rows (plate_visits) and make exactly one member lookup a check-in.
  const withMembers = sample.map((m, i) => ({
    token: tokens.get(m.code) ?? '',
    body: JSON.stringify(
      i % 3 === 0
        ? { vehicleType: m.vehicleType, memberNumber: m.number, plate: m.plate }
        : i % 3 === 1
          ? { vehicleType: m.vehicleType, plate: m.plate }
          : { vehicleType: types[i % 3], plate: stranger(i) },
    ),
  }));
  const withoutMembers = Array.from({ length: 3000 }, (_, i) => ({
    token: tokens.get(plainCodes[i % plainCodes.length] ?? '') ?? '',
    body: JSON.stringify({ vehicleType: types[i % 3], plate: stranger(i) }),
  }));
  const url = `${base}/parking-hub-api/v1/bill/create`;
  const runOf = (set: typeof withMembers) =>
    load(
      url,
      set.map((r) => r.body),
      (i) => ({ authorization: `Bearer ${set[i % set.length]?.token}` }),
    );
  out(`\n(b) Check-ins at 50 connections, staff of 10 shops each side, ${seconds()} s a run, alternated:`);
  const results: { without: Load[]; with: Load[] } = { without: [], with: [] };
  for (let round = 0; round < 2; round++) {
    const a = await runOf(withoutMembers);
    out(row('  without members (plates)', a));
    results.without.push(a);
    const b = await runOf(withMembers);
    out(row('  with 500 members a shop', b));
    results.with.push(b);
  }
  const mean = (l: Load[]) => l.reduce((s, x) => s + x.rps, 0) / l.length;
  const errors = [...results.with, ...results.without].reduce((s, x) => s + x.errors, 0);
  const ratio = mean(results.with) / mean(results.without);
  out(
    `  mean ${mean(results.with).toFixed(0)} /s with members, ${mean(results.without).toFixed(0)} /s without: ${(ratio * 100).toFixed(1)}%`,
  );
  return [
    {
      what: 'members: check-ins/s with members vs without',
      target: '≥ 90%',
      measured: `${(ratio * 100).toFixed(1)}% (${mean(results.with).toFixed(0)} vs ${mean(results.without).toFixed(0)} /s)`,
      pass: ratio >= 0.9 && errors === 0,
    },
  ];
}

/** The hourly job's two scans over every member, with nothing to write (rolled back). */
async function jobScans(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1, options: '-c jit=off -c work_mem=32MB' });
  const orm = drizzle({ client: pool, schema });
  try {
    const now = new Date();
    const due = await timed(
      () => remindersDue(orm, { now, hours: { from: 0, to: 24 }, afterId: null, limit: 500 }),
      {
        min: 10,
        max: 30,
        budgetMs: 3000,
        warmUp: 2,
      },
    );
    const expire = await timed(
      () =>
        orm
          .transaction(async (tx) => {
            await expireDuePasses(tx, now, 500);
            tx.rollback();
          })
          .catch(() => undefined),
      { min: 10, max: 30, budgetMs: 3000, warmUp: 2 },
    );
    out(
      `\nThe hourly members job's scans over every member (at any hour; the job sends only ${REMINDER_HOURS.from}:00–${REMINDER_HOURS.to}:00): reminders due p95 ${ms(due.p95)}, passes to end p95 ${ms(expire.p95)} (rolled back)`,
    );
  } finally {
    await pool.end();
  }
}

export async function membersBench(serverUrl = process.env.DATABASE_URL): Promise<Verdict[]> {
  if (!serverUrl) {
    out('\nMembers: skipped (they need DATABASE_URL, a PostgreSQL server for ph_members_bench).');
    return [];
  }
  const url = await ownDatabase(serverUrl, process.env.BENCH_MEMBERS_DATABASE ?? 'ph_members_bench');
  const server = await startBenchServer({
    DATABASE_URL: url,
    INITIAL_ADMIN_USERNAME: MEMBERS_ADMIN.username,
    INITIAL_ADMIN_PASSWORD: MEMBERS_ADMIN.password,
    JOBS_WORKERS: 'false',
  });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const verdicts: Verdict[] = [];
  try {
    await loadMembers(db);
    verdicts.push(...(await lookupBench(url, db)));
    await checkInLatency(server.base, db);
    verdicts.push(...(await throughput(server.base, db)));
    await jobScans(url);
    verdicts.push(...(await membersListBench(server.base, db)));
  } finally {
    await db.end();
    await server.stop();
  }
  return verdicts;
}

runAlone(import.meta.url, () => membersBench());
