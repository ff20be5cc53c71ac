import { calendarDate } from '@parking-hub/contracts/business-day';
import type {
  AgentRate,
  Commission,
  CommissionRateBody,
  CompensationBody,
  CompensationRow,
  PayCompensationBody,
} from '@parking-hub/contracts/finance';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import { readFinanceSettings } from './settings.ts';

const monthStart = (m: string) => `${m}-01`;
const monthText = (d: string) => d.slice(0, 7);

/** An agent sees only their own compensation; asking for another's is refused. */
function agentFilter(ctx: AuthedContext, agentId: string | undefined): string | undefined {
  if (ctx.actor.role === 'AGENT') {
    if (agentId && agentId !== ctx.actor.id) throw forbidden();
    return ctx.actor.id;
  }
  return agentId;
}

type GroupRow = {
  agent_id: string;
  agent_name: string;
  month: string;
  rate_bp: number;
  base: string;
  amount: string;
  paid: string;
  pending: string;
  payable: string;
  payouts: Array<{ id: string; amount: string; reference: string; paid_at: string }> | null;
};

/** `POST /v1/compensation?page=N`: per agent and month (agents: their own), with the totals. */
export async function listCompensation(db: Db, ctx: AuthedContext, body: CompensationBody) {
  const agentId = agentFilter(ctx, body.agentId);
  const where: SQL[] = [sql`true`];
  if (agentId) where.push(sql`c.agent_id = ${agentId}`);
  if (body.month) where.push(sql`c.month = ${monthStart(body.month)}`);
  const having =
    body.status === 'PENDING'
      ? sql`having sum(c.amount) filter (where c.status = 'PENDING') <> 0`
      : body.status === 'PAID'
        ? sql`having coalesce(sum(c.amount) filter (where c.status = 'PENDING'), 0) = 0`
        : sql``;
  const grouped = sql`
    select c.agent_id, c.month,
           (array_agg(c.rate_bp order by c.created_at desc))[1] as rate_bp,
           sum(c.base) as base, sum(c.amount) as amount,
           coalesce(sum(c.amount) filter (where c.status = 'PAID'), 0) as paid,
           coalesce(sum(c.amount) filter (where c.status = 'PENDING'), 0) as pending
    from agent_commissions c where ${sql.join(where, sql` and `)}
    group by c.agent_id, c.month ${having}`;
  const [page, totals] = await Promise.all([
    db.execute<GroupRow>(sql`
      select g.agent_id, u.full_name as agent_name, to_char(g.month, 'YYYY-MM') as month, g.rate_bp,
             g.base, g.amount, g.paid, g.pending,
             (select coalesce(sum(x.amount), 0) from agent_commissions x
               where x.agent_id = g.agent_id and x.status = 'PENDING' and x.month <= g.month) as payable,
             (select json_agg(json_build_object('id', p.id, 'amount', p.amount, 'reference', p.reference,
                                                'paid_at', p.paid_at) order by p.paid_at)
                from commission_payouts p where p.agent_id = g.agent_id and p.month = g.month) as payouts
      from (${grouped}) g join users u on u.id = g.agent_id
      order by g.month desc, u.full_name, g.agent_id
      limit ${body.pageSize} offset ${pageOffset(body)}`),
    db.execute<{ n: number; base: string; amount: string; paid: string; pending: string }>(sql`
      select count(*)::int as n, coalesce(sum(base), 0) as base, coalesce(sum(amount), 0) as amount,
             coalesce(sum(paid), 0) as paid, coalesce(sum(pending), 0) as pending
      from (${grouped}) g`),
  ]);
  const t = totals.rows[0];
  const data: CompensationRow[] = page.rows.map((r) => ({
    agentId: r.agent_id,
    agentName: r.agent_name,
    month: r.month,
    rateBp: Number(r.rate_bp),
    base: Number(r.base),
    amount: Number(r.amount),
    paid: Number(r.paid),
    pending: Number(r.pending),
    payable: Number(r.payable),
    status: Number(r.pending) !== 0 ? 'PENDING' : 'PAID',
    payouts: (r.payouts ?? []).map((p) => ({
      id: p.id,
      amount: Number(p.amount),
      reference: p.reference,
      paidAt: iso(new Date(p.paid_at)),
    })),
  }));
  return {
    data,
    meta: {
      ...pageMeta(body, t?.n ?? 0),
      totals: {
        base: Number(t?.base ?? 0),
        amount: Number(t?.amount ?? 0),
        paid: Number(t?.paid ?? 0),
        pending: Number(t?.pending ?? 0),
      },
    },
  };
}

/** `POST /v1/compensation/detail`: each commission row of an agent's month. */
export async function compensationDetail(
  db: Db,
  ctx: AuthedContext,
  body: { agentId: string; month: string },
): Promise<Commission[]> {
  const agentId = agentFilter(ctx, body.agentId) ?? body.agentId;
  const { rows } = await db.execute<{
    id: string;
    invoice_id: string;
    number: string;
    shop_name: string;
    payment_id: string;
    base: string;
    rate_bp: number;
    amount: string;
    status: 'PENDING' | 'PAID';
    created_at: Date;
  }>(sql`
    select c.id, c.invoice_id, i.number, s.name as shop_name, c.payment_id, c.base, c.rate_bp, c.amount,
           c.status, c.created_at
    from agent_commissions c join rent_invoices i on i.id = c.invoice_id join shops s on s.id = c.shop_id
    where c.agent_id = ${agentId} and c.month = ${monthStart(body.month)}
    order by c.created_at, c.id`);
  return rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoice_id,
    invoiceNumber: r.number,
    shopName: r.shop_name,
    paymentId: r.payment_id,
    base: Number(r.base),
    rateBp: r.rate_bp,
    amount: Number(r.amount),
    status: r.status,
    createdAt: iso(new Date(r.created_at)),
  }));
}

async function assertAgent(db: Db, agentId: string) {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from users where id = ${agentId} and role = 'AGENT'`,
  );
  if (!rows[0]) throw notFound('errors.agentNotFound');
}

/**
 * `POST /v1/compensation/paid` (admins): the agent's PENDING rows of the month AND every earlier
 * month (reversals included) become PAID with one payout of their sum, dated to the month, in one
 * transaction; a net of 0 or less → 409 (a reversal larger than a month's earnings carries into a
 * later payout instead of blocking its month). Payouts of one agent are serialized by the agent's
 * row lock, so two at once never pay a row twice nor see half of each other's rows.
 */
export async function payCompensation(
  db: Db,
  ctx: AuthedContext,
  body: PayCompensationBody,
  timezone: string,
) {
  // A month not yet begun has earned nothing: paying it would settle this month's rows under it.
  if (body.month > calendarDate(new Date(), timezone).slice(0, 7))
    throw badRequest({ month: 'validation.payoutMonthFuture' });
  await assertAgent(db, body.agentId);
  const month = monthStart(body.month);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${body.agentId} for no key update`);
    const pending = await tx.execute<{ id: string; amount: string }>(sql`
      select id, amount from agent_commissions
      where agent_id = ${body.agentId} and month <= ${month} and status = 'PENDING'
      order by id for update`);
    const net = pending.rows.reduce((s, r) => s + Number(r.amount), 0);
    if (net <= 0) throw conflict('errors.noCommissionPending');
    const payout = await tx.execute<{ id: string; paid_at: Date }>(sql`
      insert into commission_payouts (agent_id, month, amount, reference, note, paid_by)
      values (${body.agentId}, ${month}, ${net}, ${body.reference}, ${body.note ?? null}, ${ctx.actor.id})
      returning id, paid_at`);
    const row = payout.rows[0];
    if (!row) throw new Error('payout insert failed');
    const ids = pending.rows.map((r) => r.id);
    await tx.execute(sql`
      update agent_commissions set status = 'PAID', payout_id = ${row.id}
      where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    const result = {
      id: row.id,
      agentId: body.agentId,
      month: monthText(month),
      amount: net,
      reference: body.reference,
      commissions: ids.length,
      paidAt: iso(new Date(row.paid_at)),
    };
    await audit(tx, ctx, {
      action: 'compensation.pay',
      entity: 'commission_payout',
      entityId: row.id,
      after: result,
    });
    return result;
  });
}

/** `GET /v1/compensation/rates` (admins): each agent's own rate and the one in force. */
export async function agentRates(db: Db): Promise<AgentRate[]> {
  const settings = await readFinanceSettings(db);
  const { rows } = await db.execute<{ id: string; full_name: string; rate: number | null }>(sql`
    select id, full_name, commission_rate_bp as rate from users
    where role = 'AGENT' and status <> 'DELETED' order by full_name, id`);
  return rows.map((r) => ({
    agentId: r.id,
    agentName: r.full_name,
    rateBp: r.rate,
    effectiveBp: r.rate ?? settings.defaultCommissionBp,
  }));
}

/** `POST /v1/compensation/rate` (admins): an agent's own rate (null: the default); applies to later payments. */
export async function setAgentRate(db: Db, ctx: AuthedContext, body: CommissionRateBody): Promise<AgentRate> {
  await assertAgent(db, body.agentId);
  const rate = body.ratePercent === null ? null : Math.round(body.ratePercent * 100);
  return db.transaction(async (tx) => {
    const before = await tx.execute<{ rate: number | null; full_name: string }>(
      sql`select commission_rate_bp as rate, full_name from users where id = ${body.agentId} for update`,
    );
    await tx.execute(sql`update users set commission_rate_bp = ${rate} where id = ${body.agentId}`);
    const settings = await readFinanceSettings(tx);
    await audit(tx, ctx, {
      action: 'compensation.rate',
      entity: 'agent',
      entityId: body.agentId,
      before: { rateBp: before.rows[0]?.rate ?? null },
      after: { rateBp: rate },
    });
    return {
      agentId: body.agentId,
      agentName: before.rows[0]?.full_name ?? '',
      rateBp: rate,
      effectiveBp: rate ?? settings.defaultCommissionBp,
    };
  });
}
