import type pg from 'pg';

/**
 * The paper tables are derived (decision 018): tickets per shop and day / month from bill_prints,
 * each shop's account from its deliveries and those days. These refill them from the rows they
 * derive from (a load with triggers off, a repair) and compare them with those rows.
 * `shops` null: every shop.
 */

type Db = Pick<pg.ClientBase, 'query'>;

/** Refill the daily and monthly counts of the shops from bill_prints, then their accounts. */
export async function rebuildPaper(db: Db, shops: string[] | null): Promise<number> {
  await db.query('delete from paper_prints_daily where $1::uuid[] is null or shop_id = any($1::uuid[])', [
    shops,
  ]);
  await db.query('delete from paper_prints_monthly where $1::uuid[] is null or shop_id = any($1::uuid[])', [
    shops,
  ]);
  await db.query('delete from paper_pace where $1::uuid[] is null or shop_id = any($1::uuid[])', [shops]);
  await db.query('delete from paper_checks where $1::uuid[] is null or shop_id = any($1::uuid[])', [shops]);
  const days = await db.query(
    `insert into paper_prints_daily (shop_id, day, prints)
     select p.shop_id, (p.printed_at at time zone s.timezone)::date, count(*)::int
     from bill_prints p join shops s on s.id = p.shop_id
     where $1::uuid[] is null or p.shop_id = any($1::uuid[])
     group by 1, 2`,
    [shops],
  );
  await db.query(
    `insert into paper_prints_monthly (shop_id, month, prints)
     select shop_id, date_trunc('month', day)::date, sum(prints)::int from paper_prints_daily
     where $1::uuid[] is null or shop_id = any($1::uuid[])
     group by 1, 2`,
    [shops],
  );
  await recountAccounts(db, shops);
  return days.rowCount ?? 0;
}

/** Each shop's account from its deliveries and its counted days (no deliveries: no account). */
export async function recountAccounts(db: Db, shops: string[] | null): Promise<void> {
  await db.query('delete from paper_checks where $1::uuid[] is null or shop_id = any($1::uuid[])', [shops]);
  await db.query(
    `delete from shop_paper p where ($1::uuid[] is null or p.shop_id = any($1::uuid[]))
       and not exists (select 1 from roll_deliveries d where d.kind = 'SHOP' and d.shop_id = p.shop_id)`,
    [shops],
  );
  await db.query(
    `insert into shop_paper (shop_id, first_delivery_on, delivered_tickets, printed, updated_at)
     select d.shop_id, d.first, d.tickets,
       coalesce((select sum(prints) from paper_prints_daily x where x.shop_id = d.shop_id and x.day >= d.first), 0),
       now()
     from (
       select shop_id, min(delivered_on) as first, sum(quantity::bigint * tickets_per_roll) as tickets
       from roll_deliveries where kind = 'SHOP' and ($1::uuid[] is null or shop_id = any($1::uuid[]))
       group by 1
     ) d
     on conflict (shop_id) do update set first_delivery_on = excluded.first_delivery_on,
       delivered_tickets = excluded.delivered_tickets, printed = excluded.printed, updated_at = now()`,
    [shops],
  );
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
