import {
  FINANCE_MAX_MONTHS,
  type FinanceFigures,
  type FinanceReport,
  type FinanceReportBody,
} from '@parking-hub/contracts/finance';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** Months from 'YYYY-MM' to 'YYYY-MM', both included. */
export function monthsBetween(from: string, to: string): string[] {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = fy * 12 + fm - 1; i <= ty * 12 + tm - 1; i++)
    out.push(`${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  return out;
}

/**
 * The finance report's one statement: each source grouped by month and agent. $1 first month's
 * first day, $2 last month's first day, $3 the platform's time zone, $4 one agent or null, $5 today
 * (platform zone). Invoices count by the month invoiced (VOID left out) and by their agent;
 * payments by the month paid (platform zone), reversals taken off, by the invoice's agent;
 * top-ups by month and the shop's agent; commissions by their month and agent.
 */
export const FINANCE_REPORT_SQL = `
with bounds as (
  select ($1::date::timestamp at time zone $3) as t0,
         (($2::date + interval '1 month')::timestamp at time zone $3) as t1
),
inv as (
  select to_char(i.month, 'YYYY-MM') as m, i.agent_id as a,
         sum(i.total) as invoiced, count(*) as invoices, sum(i.total - i.paid) as outstanding,
         coalesce(sum(i.total - i.paid) filter (where i.due_date < $5::date), 0) as overdue,
         sum(i.discount) as promotions
  from rent_invoices i
  where i.month between $1::date and $2::date and i.status <> 'VOID' and ($4::uuid is null or i.agent_id = $4::uuid)
  group by 1, 2
),
pay as (
  select to_char(p.paid_at at time zone $3, 'YYYY-MM') as m, i.agent_id as a,
         coalesce(sum(p.amount) filter (where p.method = 'CASH'), 0) as cash,
         coalesce(sum(p.amount) filter (where p.method = 'TRANSFER'), 0) as transfer,
         coalesce(sum(p.amount) filter (where p.method = 'QR'), 0) as qr,
         coalesce(sum(p.amount) filter (where p.method = 'WALLET'), 0) as wallet
  from rent_payments p join rent_invoices i on i.id = p.invoice_id, bounds b
  where p.paid_at >= b.t0 and p.paid_at < b.t1 and ($4::uuid is null or i.agent_id = $4::uuid)
  group by 1, 2
),
top as (
  select to_char(e.created_at at time zone $3, 'YYYY-MM') as m, s.agent_id as a, sum(e.amount) as top_ups
  from wallet_entries e join shops s on s.id = e.shop_id, bounds b
  where e.kind = 'TOP_UP' and e.created_at >= b.t0 and e.created_at < b.t1
    and ($4::uuid is null or s.agent_id = $4::uuid)
  group by 1, 2
),
com as (
  select to_char(c.month, 'YYYY-MM') as m, c.agent_id as a, sum(c.amount) as commissions,
         coalesce(sum(c.amount) filter (where c.status = 'PAID'), 0) as commissions_paid
  from agent_commissions c
  where c.month between $1::date and $2::date and ($4::uuid is null or c.agent_id = $4::uuid)
  group by 1, 2
),
keys as (
  select m, a from inv union select m, a from pay union select m, a from top union select m, a from com
)
select k.m, k.a, u.full_name as agent_name,
       coalesce(inv.invoiced, 0)::bigint as invoiced, coalesce(inv.invoices, 0)::bigint as invoices,
       coalesce(inv.outstanding, 0)::bigint as outstanding, coalesce(inv.overdue, 0)::bigint as overdue,
       coalesce(inv.promotions, 0)::bigint as promotions,
       coalesce(pay.cash, 0)::bigint as cash, coalesce(pay.transfer, 0)::bigint as transfer,
       coalesce(pay.qr, 0)::bigint as qr, coalesce(pay.wallet, 0)::bigint as wallet,
       coalesce(top.top_ups, 0)::bigint as top_ups,
       coalesce(com.commissions, 0)::bigint as commissions,
       coalesce(com.commissions_paid, 0)::bigint as commissions_paid,
       (select coalesce(sum(w.balance), 0) from wallets w
         where $4::uuid is null or w.shop_id in (select id from shops where agent_id = $4::uuid))::bigint as wallet_balance
from keys k
left join inv on inv.m = k.m and inv.a is not distinct from k.a
left join pay on pay.m = k.m and pay.a is not distinct from k.a
left join top on top.m = k.m and top.a is not distinct from k.a
left join com on com.m = k.m and com.a is not distinct from k.a
left join users u on u.id = k.a`;

export type FinanceRow = {
  m: string;
  a: string | null;
  agent_name: string | null;
  invoiced: string;
  invoices: string;
  outstanding: string;
  overdue: string;
  promotions: string;
  cash: string;
  transfer: string;
  qr: string;
  wallet: string;
  top_ups: string;
  commissions: string;
  commissions_paid: string;
  wallet_balance: string;
};

const zero = (): FinanceFigures => ({
  invoiced: 0,
  invoices: 0,
  paidCash: 0,
  paidTransfer: 0,
  paidQr: 0,
  paidWallet: 0,
  paid: 0,
  outstanding: 0,
  overdue: 0,
  topUps: 0,
  commissions: 0,
  commissionsPaid: 0,
  promotions: 0,
});

function add(into: FinanceFigures, r: FinanceRow) {
  const n = (v: string) => Number(v);
  into.invoiced += n(r.invoiced);
  into.invoices += n(r.invoices);
  into.paidCash += n(r.cash);
  into.paidTransfer += n(r.transfer);
  into.paidQr += n(r.qr);
  into.paidWallet += n(r.wallet);
  into.paid += n(r.cash) + n(r.transfer) + n(r.qr) + n(r.wallet);
  into.outstanding += n(r.outstanding);
  into.overdue += n(r.overdue);
  into.topUps += n(r.top_ups);
  into.commissions += n(r.commissions);
  into.commissionsPaid += n(r.commissions_paid);
  into.promotions += n(r.promotions);
}

/** The rows of the statement folded into the report: every month of the range, each agent, the totals. */
export function foldFinance(rows: FinanceRow[], months: string[], walletBalance: number): FinanceReport {
  const byMonth = new Map(months.map((m) => [m, zero()]));
  const byAgent = new Map<string, { agentId: string | null; agentName: string | null; f: FinanceFigures }>();
  const totals = zero();
  for (const r of rows) {
    const month = byMonth.get(r.m);
    if (month) add(month, r);
    const key = r.a ?? '';
    let agent = byAgent.get(key);
    if (!agent) {
      agent = { agentId: r.a, agentName: r.agent_name, f: zero() };
      byAgent.set(key, agent);
    }
    add(agent.f, r);
    add(totals, r);
  }
  return {
    months: [...byMonth].map(([month, f]) => ({ month, ...f })),
    agents: [...byAgent.values()]
      .sort((x, y) => (x.agentName ?? '\uffff').localeCompare(y.agentName ?? '\uffff'))
      .map(({ agentId, agentName, f }) => ({ agentId, agentName, ...f })),
    totals,
    walletBalance,
  };
}

/** `POST /v1/reports/finance` (admins): at most FINANCE_MAX_MONTHS months. */
export async function financeReport(
  db: Executor,
  timezone: string,
  today: string,
  body: FinanceReportBody,
): Promise<FinanceReport> {
  const months = monthsBetween(body.from, body.to);
  if (months.length > FINANCE_MAX_MONTHS)
    throw new AppError(
      400,
      'errors.invalidInput',
      { months: FINANCE_MAX_MONTHS },
      { to: 'validation.monthRangeTooLong' },
    );
  const { rows } = await preparedQuery<FinanceRow>(db, 'finance_report', FINANCE_REPORT_SQL, [
    `${body.from}-01`,
    `${body.to}-01`,
    timezone,
    body.agentId ?? null,
    today,
  ]);
  let balance = rows[0]?.wallet_balance;
  if (balance === undefined) {
    const r = await preparedQuery<{ b: string }>(
      db,
      'finance_wallet_balance',
      'select coalesce(sum(balance), 0)::bigint as b from wallets where $1::uuid is null or shop_id in (select id from shops where agent_id = $1::uuid)',
      [body.agentId ?? null],
    );
    balance = r.rows[0]?.b ?? '0';
  }
  return foldFinance(rows, months, Number(balance));
}
