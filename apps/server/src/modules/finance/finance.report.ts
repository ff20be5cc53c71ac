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
 * The finance report's statement over `source`: the monthly rollup (finance_monthly, kept by
 * triggers; migration 0016) or, when the platform's zone is not the rollup's, the same rows made
 * from the money rows (finance_monthly_expected). $1 first month's first day, $2 last month's first
 * day, $3 one agent or null, $4 today (platform zone) for what is overdue; $5 the zone (expected
 * rows only). Invoices count in the month invoiced (VOID left out) for their agent; payments in
 * the month paid, reversals taken off, for the invoice's agent; top-ups in their month for the
 * shop's agent; commissions in their month.
 */
function financeReportSql(source: string): string {
  return `
select to_char(f.month, 'YYYY-MM') as m, nullif(f.agent_key, '${NO_AGENT}') as a, u.full_name as agent_name,
       sum(f.invoiced)::bigint as invoiced, sum(f.invoices)::bigint as invoices,
       sum(f.outstanding)::bigint as outstanding,
       coalesce(sum(f.outstanding) filter (where f.due_date < $4::date), 0)::bigint as overdue,
       sum(f.promotions)::bigint as promotions,
       sum(f.paid_cash)::bigint as cash, sum(f.paid_transfer)::bigint as transfer, sum(f.paid_qr)::bigint as qr,
       sum(f.paid_wallet)::bigint as wallet, sum(f.top_ups)::bigint as top_ups,
       sum(f.commissions)::bigint as commissions, sum(f.commissions_paid)::bigint as commissions_paid,
       (select coalesce(sum(w.balance), 0) from wallets w
         where $3::uuid is null or w.shop_id in (select id from shops where agent_id = $3::uuid))::bigint as wallet_balance
from ${source} f left join users u on u.id = f.agent_key
where f.month between $1::date and $2::date and ($3::uuid is null or f.agent_key = $3::uuid)
group by f.month, f.agent_key, u.full_name`;
}

const NO_AGENT = '00000000-0000-0000-0000-000000000000';
/** The report over the rollup (the platform's zone is the rollup's). */
export const FINANCE_REPORT_SQL = financeReportSql('finance_monthly');
/** The report over rows made from the money rows in zone $5 (slow: every row grouped). */
export const FINANCE_REPORT_DIRECT_SQL = financeReportSql('finance_monthly_expected($5::text)');

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
  const params = [`${body.from}-01`, `${body.to}-01`, body.agentId ?? null, today];
  const zone = await preparedQuery<{ tz: string }>(
    db,
    'finance_rollup_zone',
    'select finance_rollup_tz() as tz',
    [],
  );
  const { rows } =
    zone.rows[0]?.tz === timezone
      ? await preparedQuery<FinanceRow>(db, 'finance_report', FINANCE_REPORT_SQL, params)
      : await preparedQuery<FinanceRow>(db, 'finance_report_direct', FINANCE_REPORT_DIRECT_SQL, [
          ...params,
          timezone,
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
