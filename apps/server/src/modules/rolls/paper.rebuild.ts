import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from '../../db/client.ts';
import { lockShopsForPaper } from './rolls.repository.ts';

/**
 * The paper tables are derived (decision 018): tickets per shop and day / month from bill_prints,
 * each shop's account from its deliveries and those days. These refill them from the rows they
 * derive from (a load with triggers off, a repair, a shop's new time zone) and compare them with
 * those rows. `shops` null: every shop.
 */

type Db = Pick<pg.ClientBase, 'query'>;
type Run = (statement: SQL) => Promise<{ rowCount: number | null }>;

const dialect = new PgDialect();
const onPg =
  (db: Db): Run =>
  (statement) => {
    const q = dialect.sqlToQuery(statement);
    return db.query(q.sql, q.params);
  };
const onDrizzle =
  (db: Executor): Run =>
  (statement) =>
    db.execute(statement);

/** The shops as one uuid[] parameter (null: every shop). */
const list = (shops: string[] | null) => sql`${sql.param(shops)}::uuid[]`;
const among = (column: SQL, shops: string[] | null) =>
  sql`(${list(shops)} is null or ${column} = any(${list(shops)}))`;

/**
 * The daily and monthly counts of the shops from bill_prints, then their accounts; their kept
 * paces and ticket checks are emptied. Callers hold the tables against prints, deliveries and
 * lists (rebuildPaper, rebuildShopsPaper).
 */
async function refill(run: Run, shops: string[] | null): Promise<number> {
  await run(sql`delete from paper_prints_daily where ${among(sql`shop_id`, shops)}`);
  await run(sql`delete from paper_prints_monthly where ${among(sql`shop_id`, shops)}`);
  await run(sql`delete from paper_pace where ${among(sql`shop_id`, shops)}`);
  const days = await run(sql`
    insert into paper_prints_daily (shop_id, day, prints)
    select p.shop_id, (p.printed_at at time zone s.timezone)::date, count(*)::int
    from bill_prints p join shops s on s.id = p.shop_id
    where ${among(sql`p.shop_id`, shops)}
    group by 1, 2`);
  await run(sql`
    insert into paper_prints_monthly (shop_id, month, prints)
    select shop_id, date_trunc('month', day)::date, sum(prints)::int from paper_prints_daily
    where ${among(sql`shop_id`, shops)}
    group by 1, 2`);
  await recountAccounts(run, shops);
  return days.rowCount ?? 0;
}

/**
 * Each shop's account from its deliveries and its counted days (no deliveries: no account), its
 * generation bumped (a new account starts past any check row left of an old one).
 */
async function recountAccounts(run: Run, shops: string[] | null): Promise<void> {
  await run(sql`delete from paper_checks where ${among(sql`shop_id`, shops)}`);
  await run(sql`
    delete from shop_paper p where ${among(sql`p.shop_id`, shops)}
      and not exists (select 1 from roll_deliveries d where d.kind = 'SHOP' and d.shop_id = p.shop_id)`);
  await run(sql`
    insert into shop_paper as t (shop_id, first_delivery_on, delivered_tickets, printed, generation, updated_at)
    select d.shop_id, d.first, d.tickets,
      coalesce((select sum(prints) from paper_prints_daily x where x.shop_id = d.shop_id and x.day >= d.first), 0),
      coalesce((select max(generation) + 1 from paper_checks k where k.shop_id = d.shop_id), 0),
      now()
    from (
      select shop_id, min(delivered_on) as first, sum(quantity::bigint * tickets_per_roll) as tickets
      from roll_deliveries where kind = 'SHOP' and ${among(sql`shop_id`, shops)}
      group by 1
    ) d
    order by d.shop_id
    on conflict (shop_id) do update set first_delivery_on = excluded.first_delivery_on,
      delivered_tickets = excluded.delivered_tickets, printed = excluded.printed,
      generation = t.generation + 1, updated_at = now()`);
}

/**
 * Refill the paper counts of the shops (null: all) in one transaction of its own, on one
 * connection (`db` a pool, or a client outside any transaction): deliveries and prints wait
 * until it commits (SHARE on their tables, after those in flight), and so do the lists that would
 * keep a pace or a ticket check (EXCLUSIVE on paper_pace and paper_checks), so none of them
 * reads or keeps half-rebuilt counts. Returns the shop days counted.
 */
export async function rebuildPaper(db: pg.Pool | pg.ClientBase, shops: string[] | null): Promise<number> {
  const client = db instanceof pg.Pool ? await db.connect() : db;
  try {
    await client.query('begin');
    // Deliveries before prints (a delivery waits for prints, never the other way round), then
    // the caches: nothing here waits while holding a row.
    await client.query('lock table roll_deliveries, bill_prints in share mode');
    await client.query('lock table paper_pace, paper_checks in exclusive mode');
    const days = await refill(onPg(client), shops);
    await client.query('commit');
    return days;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    if (client !== db) (client as pg.PoolClient).release();
  }
}

/**
 * Refill the paper counts of a few shops in the caller's transaction (a shop's new time zone moves
 * its prints to other days): the shops held as for a delivery (prints and deliveries of them wait
 * until the commit), and the caches as in rebuildPaper.
 */
export async function rebuildShopsPaper(tx: Executor, shops: string[]): Promise<void> {
  await lockShopsForPaper(tx, shops);
  await tx.execute(sql`lock table paper_pace, paper_checks in exclusive mode`);
  await refill(onDrizzle(tx), shops);
}

export interface PaperDifference {
  side: string;
  shop_id: string;
  key: string;
  value: string;
}

/**
 * Rows where the paper tables and what they derive from disagree: `side` says which table has
 * the row or the figure ('daily', 'prints', 'monthly', 'account', 'deliveries'); none when equal.
 */
export async function checkPaper(db: Db): Promise<PaperDifference[]> {
  const { rows } = await db.query<PaperDifference>(`
    with counted as (
      select p.shop_id, (p.printed_at at time zone s.timezone)::date as day, count(*)::bigint as prints
      from bill_prints p join shops s on s.id = p.shop_id group by 1, 2
    ), daily as (
      select 'daily' as side, shop_id, day::text as key, prints::text as value from paper_prints_daily
      except select 'daily', shop_id, day::text, prints::text from counted
    ), prints as (
      select 'prints' as side, shop_id, day::text as key, prints::text as value from counted
      except select 'prints', shop_id, day::text, prints::text from paper_prints_daily
    ), months as (
      select shop_id, date_trunc('month', day)::date as month, sum(prints)::bigint as prints
      from paper_prints_daily group by 1, 2
    ), monthly as (
      (select 'monthly' as side, shop_id, month::text as key, prints::text as value from paper_prints_monthly
       except select 'monthly', shop_id, month::text, prints::text from months)
      union all
      (select 'days', shop_id, month::text, prints::text from months
       except select 'days', shop_id, month::text, prints::text from paper_prints_monthly)
    ), accounts as (
      select d.shop_id, d.first, d.tickets,
        coalesce((select sum(prints) from paper_prints_daily x where x.shop_id = d.shop_id and x.day >= d.first), 0) as printed
      from (
        select shop_id, min(delivered_on) as first, sum(quantity::bigint * tickets_per_roll) as tickets
        from roll_deliveries where kind = 'SHOP' group by 1
      ) d
    ), account as (
      (select 'account' as side, shop_id, first_delivery_on::text as key, delivered_tickets || '/' || printed as value
       from shop_paper
       except select 'account', shop_id, first::text, tickets || '/' || printed from accounts)
      union all
      (select 'deliveries', shop_id, first::text, tickets || '/' || printed from accounts
       except select 'deliveries', shop_id, first_delivery_on::text, delivered_tickets || '/' || printed from shop_paper)
    )
    select * from daily union all select * from prints union all select * from monthly
    union all select * from account
    order by shop_id, key, side`);
  return rows;
}
