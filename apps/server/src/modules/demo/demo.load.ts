import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { BILL_COPY_COLUMNS, type BillCounts, type DemoShop, ShopBills } from './demo.bills.ts';
import { COPY_HEADER, COPY_TRAILER, CopyWriter } from './demo.copy.ts';
import { ROLLUP_COPY_COLUMNS } from './demo.rollup.ts';

export interface LoadOptions {
  days: number;
  seed: number;
  now: number;
  log: (line: string) => void;
}

/** Each shop's own random numbers, from the seed and its place in the list. */
const shopSeed = (seed: number, i: number) => (seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0;

/**
 * Every shop's bills as one binary COPY, a day at a time and sorted by check-in across shops, so
 * the table's rows lie as a live system writes them (a shop's month spread over the pages of
 * every shop's month, not packed together). The shops' rollup rows go to `rollup` as each day
 * is done with.
 */
function* billRows(gens: ShopBills[], days: number, rollup: Buffer[]): Generator<Buffer> {
  yield COPY_HEADER;
  const day = new CopyWriter(8 << 20);
  const out = new CopyWriter(8 << 20);
  const sums = new CopyWriter(16 << 20);
  const rows = { at: [] as number[], end: [] as number[] };
  for (let d = days - 1; d >= 0; d--) {
    day.reset();
    rows.at.length = 0;
    rows.end.length = 0;
    for (const g of gens) {
      g.writeDay(g.today - d, day, rows);
      // Later check-ins count nothing on the days before this one.
      g.rollup.flush(sums, g.today - d - 1);
    }
    const order = Array.from(rows.at.keys()).sort((a, b) => (rows.at[a] ?? 0) - (rows.at[b] ?? 0));
    for (const i of order) out.append(day, rows.end[i - 1] ?? 0, rows.end[i] ?? 0);
    yield out.take();
    if (sums.pos > 12 << 20) rollup.push(sums.take());
  }
  for (const g of gens) g.rollup.flush(sums);
  rollup.push(sums.take());
  yield COPY_TRAILER;
}

async function copyIn(client: pg.PoolClient, sql: string, chunks: Iterable<Buffer>): Promise<void> {
  await pipeline(Readable.from(chunks), client.query(copyFrom(sql)));
}

/**
 * Statements that drop the secondary indexes of `bills` and every index of `report_daily` (its
 * primary key too: no key refers to it), and the statements that make them again.
 */
async function rebuildableIndexes(client: pg.PoolClient) {
  const res = await client.query<{ drop: string; create: string }>(
    `select format('drop index %s', i.indexrelid::regclass) as drop, pg_get_indexdef(i.indexrelid) as create
     from pg_index i
     where i.indrelid = 'bills'::regclass
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     union all
     select format('alter table report_daily drop constraint %I', c.conname),
            format('alter table report_daily add constraint %I %s', c.conname, pg_get_constraintdef(c.oid))
     from pg_constraint c where c.conrelid = 'report_daily'::regclass and c.contype = 'p'
     union all
     select format('drop index %s', i.indexrelid::regclass), pg_get_indexdef(i.indexrelid)
     from pg_index i
     where i.indrelid = 'report_daily'::regclass and not i.indisprimary`,
  );
  return res.rows;
}

/**
 * The shops' bills and their report_daily rows, in the caller's open transaction. `bulk` (the
 * bills table is empty and we are superuser): the tables are truncated in this transaction so
 * COPY can FREEZE the rows (no hint-bit rewrite of every page on the first reads), and their
 * secondary indexes are dropped and built again at the end, sorted in one go instead of one
 * random insert per row. All of it commits or rolls back together.
 */
export async function loadBills(
  client: pg.PoolClient,
  shops: DemoShop[],
  o: LoadOptions,
  counts: BillCounts,
  mode: { superuser: boolean; bulk: boolean },
): Promise<Map<string, number>> {
  const gens = shops.map((shop, i) => new ShopBills(shop, shopSeed(o.seed, i), o.now, counts));
  let indexes: { drop: string; create: string }[] = [];
  if (mode.bulk) {
    // The paper counts derive from bill_prints (the seed's prints count them again, triggers on),
    // and so do the paces and ticket checks kept from them.
    await client.query(
      'truncate bills, bill_prints, report_daily, paper_prints_daily, paper_prints_monthly, paper_pace, paper_checks',
    );
    await client.query('update shop_paper set printed = 0');
    indexes = await rebuildableIndexes(client);
    for (const ix of indexes) await client.query(ix.drop);
    await client.query(`set local maintenance_work_mem = '1GB'`);
  }
  const freeze = mode.bulk ? ', freeze' : '';
  let started = Date.now();
  const rollup: Buffer[] = [];
  await copyIn(
    client,
    `copy bills (${BILL_COPY_COLUMNS.join(', ')}) from stdin with (format binary${freeze})`,
    billRows(gens, o.days, rollup),
  );
  o.log(`  ${counts.bills.toLocaleString('en')} bills generated and copied in ${secs(started)}`);
  if (mode.superuser) {
    // With session_replication_role = replica the trigger did not run: write the sums made here
    // (without it, the trigger kept report_daily row by row).
    started = Date.now();
    await copyIn(
      client,
      `copy report_daily (${ROLLUP_COPY_COLUMNS.join(', ')}) from stdin with (format binary${freeze})`,
      [COPY_HEADER, ...rollup, COPY_TRAILER],
    );
    o.log(`  report_daily rows copied in ${secs(started)}`);
  }
  for (const ix of indexes) {
    started = Date.now();
    await client.query(ix.create);
    o.log(`  ${ix.create.replace(/ USING btree| ON public\./g, ' ').slice(0, 70)}: ${secs(started)}`);
  }
  if (mode.superuser) {
    // The month rows and the platform's and agents' rows (migration 0007), from the shop rows just written.
    started = Date.now();
    const ids = shops.map((s) => s.id);
    await client.query('select report_monthly_apply($1::uuid[], 1)', [ids]);
    await client.query('select report_scope_apply($1::uuid[], 1)', [ids]);
    o.log(`  report_monthly and report_scope_daily rows added in ${secs(started)}`);
  }
  /** Each shop's last bill number, for its counter. */
  return new Map(gens.map((g, i) => [shops[i]?.id ?? '', g.number - 1]));
}

const secs = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
