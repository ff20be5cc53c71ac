import type pg from 'pg';

/** One disagreement the finance check found: what was checked, the row and both sides. */
export interface FinanceMismatch {
  check: string;
  id: string;
  expected: string;
  actual: string;
}

/**
 * Each check is one statement answering the rows that disagree (check, id, expected, actual):
 * the wallets against their ledgers, each entry's running balance, the invoices' paid amount and
 * status against their payments, their totals (and promotions) against their lines, and each
 * payment's commission.
 */
const CHECKS: Array<{ name: string; sql: string }> = [
  {
    name: 'wallet balance = sum of its entries',
    sql: `select coalesce(w.shop_id, e.shop_id)::text as id, coalesce(e.sum, 0)::text as expected,
                 coalesce(w.balance, 0)::text as actual
          from wallets w
          full join (select shop_id, sum(amount) as sum from wallet_entries group by shop_id) e on e.shop_id = w.shop_id
          where coalesce(w.balance, 0) <> coalesce(e.sum, 0)`,
  },
  {
    name: 'wallet entry balance_after = running sum of the ledger',
    sql: `select id::text, running::text as expected, balance_after::text as actual from (
            select id, balance_after, sum(amount) over (partition by shop_id order by seq) as running
            from wallet_entries) x
          where running <> balance_after`,
  },
  {
    name: 'wallet payment entry = − its payment',
    sql: `select p.id::text, (-p.amount)::text as expected, coalesce(e.amount::text, 'no entry') as actual
          from rent_payments p left join wallet_entries e on e.id = p.wallet_entry_id
          where p.method = 'WALLET' and (e.id is null or e.amount <> -p.amount or e.shop_id <> p.shop_id)`,
  },
  {
    name: 'invoice paid = sum of its payments, status from it',
    sql: `select i.id::text || ' ' || i.number as id,
                 coalesce(p.sum, 0)::text || ' ' || case when i.status = 'VOID' and coalesce(p.sum, 0) = 0 then 'VOID'
                   when coalesce(p.sum, 0) >= i.total then 'PAID'
                   when coalesce(p.sum, 0) > 0 then 'PARTLY_PAID' else 'UNPAID' end as expected,
                 i.paid::text || ' ' || i.status as actual
          from rent_invoices i
          left join (select invoice_id, sum(amount) as sum from rent_payments group by invoice_id) p on p.invoice_id = i.id
          where i.paid <> coalesce(p.sum, 0)
             or i.status <> case when i.status = 'VOID' and coalesce(p.sum, 0) = 0 then 'VOID'
                   when coalesce(p.sum, 0) >= i.total then 'PAID'
                   when coalesce(p.sum, 0) > 0 then 'PARTLY_PAID' else 'UNPAID' end`,
  },
  {
    name: 'invoice subtotal/discount/total = its lines',
    sql: `select i.id::text || ' ' || i.number as id,
                 l.subtotal::text || '/' || least(l.subtotal, l.minus)::text || '/' || (l.subtotal - least(l.subtotal, l.minus))::text as expected,
                 i.subtotal::text || '/' || i.discount::text || '/' || i.total::text as actual
          from rent_invoices i
          cross join lateral (select coalesce(sum(amount) filter (where amount > 0), 0) as subtotal,
                                     coalesce(-sum(amount) filter (where amount < 0), 0) as minus
                              from rent_invoice_lines where invoice_id = i.id) l
          where i.subtotal <> l.subtotal or i.discount <> least(l.subtotal, l.minus)
             or i.total <> l.subtotal - least(l.subtotal, l.minus)`,
  },
  {
    name: 'invoice promotion_discount = its PROMOTION lines',
    sql: `select i.id::text || ' ' || i.number as id, coalesce(l.p, 0)::text as expected,
                 i.promotion_discount::text as actual
          from rent_invoices i
          left join (select invoice_id, greatest(0, -sum(amount)) as p from rent_invoice_lines
                     where kind = 'PROMOTION' group by invoice_id) l on l.invoice_id = i.id
          where i.promotion_discount <> coalesce(l.p, 0)`,
  },
  {
    name: 'payment on an agent’s invoice has exactly one commission of the right amount',
    sql: `select p.id::text as id,
                 case when i.agent_id is null then 'none'
                      when p.reverses_id is null then '1 × ' || (sign(p.amount) * round(abs(p.amount)::numeric * max(c.rate_bp) / 10000))::bigint::text
                      else '1 × ' || coalesce((-max(o.amount))::text, '0') end as expected,
                 count(c.id)::text || ' × ' || coalesce(sum(c.amount)::text, '-') as actual
          from rent_payments p join rent_invoices i on i.id = p.invoice_id
          left join agent_commissions c on c.payment_id = p.id
          left join agent_commissions o on o.payment_id = p.reverses_id
          group by p.id, p.amount, p.reverses_id, i.agent_id
          having (i.agent_id is null and count(c.id) > 0)
              or (i.agent_id is not null and count(c.id) <> 1)
              or (i.agent_id is not null and p.reverses_id is null and count(c.id) = 1
                  and (sum(c.amount) <> sign(p.amount) * round(abs(p.amount)::numeric * max(c.rate_bp) / 10000)
                       or sum(c.base) <> p.amount))
              or (i.agent_id is not null and p.reverses_id is not null and count(c.id) = 1
                  and sum(c.amount) <> -coalesce(max(o.amount), 0))`,
  },
  {
    name: 'commission payout = sum of the commissions it paid',
    sql: `select o.id::text, coalesce(sum(c.amount), 0)::text as expected, o.amount::text as actual
          from commission_payouts o left join agent_commissions c on c.payout_id = o.id
          group by o.id, o.amount having o.amount <> coalesce(sum(c.amount), 0)`,
  },
  {
    name: 'finance report rollup = the money rows (finance_monthly)',
    sql: `with z as (select finance_rollup_tz() as tz),
          e as (select * from finance_monthly_expected((select tz from z)) where (invoiced, invoices, promotions,
                  outstanding, paid_cash, paid_transfer, paid_qr, paid_wallet, top_ups, commissions, commissions_paid)
                  <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
          f as (select * from finance_monthly where (invoiced, invoices, promotions, outstanding, paid_cash, paid_transfer,
                  paid_qr, paid_wallet, top_ups, commissions, commissions_paid) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
          select to_char(coalesce(f.month, e.month), 'YYYY-MM') || ' ' || coalesce(f.agent_key, e.agent_key)::text
                   || ' ' || coalesce(f.due_date, e.due_date)::text as id,
                 row(e.invoiced, e.invoices, e.promotions, e.outstanding, e.paid_cash, e.paid_transfer, e.paid_qr,
                     e.paid_wallet, e.top_ups, e.commissions, e.commissions_paid)::text as expected,
                 row(f.invoiced, f.invoices, f.promotions, f.outstanding, f.paid_cash, f.paid_transfer, f.paid_qr,
                     f.paid_wallet, f.top_ups, f.commissions, f.commissions_paid)::text as actual
          from f full join e using (month, agent_key, due_date)
          where row(e.invoiced, e.invoices, e.promotions, e.outstanding, e.paid_cash, e.paid_transfer, e.paid_qr,
                    e.paid_wallet, e.top_ups, e.commissions, e.commissions_paid)
                is distinct from
                row(f.invoiced, f.invoices, f.promotions, f.outstanding, f.paid_cash, f.paid_transfer, f.paid_qr,
                    f.paid_wallet, f.top_ups, f.commissions, f.commissions_paid)`,
  },
];

/** Run every check; the disagreements found (none: the money adds up). */
export async function financeCheck(pool: pg.Pool | pg.Client): Promise<FinanceMismatch[]> {
  const found: FinanceMismatch[] = [];
  for (const c of CHECKS) {
    const { rows } = await pool.query<{ id: string; expected: string; actual: string }>(c.sql);
    for (const r of rows) found.push({ check: c.name, ...r });
  }
  return found;
}

/** What the check covered, for its report line. */
export async function financeCounts(pool: pg.Pool | pg.Client) {
  const { rows } = await pool.query<{ wallets: string; entries: string; invoices: string; payments: string }>(
    `select (select count(*) from wallets) as wallets, (select count(*) from wallet_entries) as entries,
            (select count(*) from rent_invoices) as invoices, (select count(*) from rent_payments) as payments`,
  );
  return rows[0];
}
