import type { InvoiceLine, RentReportBody, RentTotals } from '@parking-hub/contracts/rent';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/context.ts';

/** Invoices' reads and writes (report, detail, update, void, charges). */

/**
 * The invoices an actor may read, as a condition on `i` (rent_invoices): admins all; an agent those
 * of the shops they serve now; a manager their main shop's; anyone else none.
 */
export function invoiceScope(actor: Actor): SQL {
  switch (actor.role) {
    case 'SUPER-ADMIN':
    case 'ADMIN':
      return sql`true`;
    case 'AGENT':
      return sql`i.shop_id in (select id from shops where agent_id = ${actor.id})`;
    case 'MANAGER':
      return actor.shopId
        ? sql`i.shop_id = (select coalesce(parent_id, id) from shops where id = ${actor.shopId})`
        : sql`false`;
    default:
      return sql`false`;
  }
}

export type InvoiceRow = {
  id: string;
  number: string;
  month: string;
  shopId: string;
  shopName: string;
  shopCode: string;
  agentId: string | null;
  agentName: string | null;
  packageName: string | null;
  status: string;
  tickets: number;
  ticketsIncluded: number;
  subtotal: string;
  discount: string;
  total: string;
  paid: string;
  dueDate: string;
  overdue: boolean;
  sentAt: Date | string | null;
  sendCount: number;
  messageStatus: string | null;
  createdAt: Date | string;
  promotionId: string | null;
  adjustReason: string | null;
  adjustedAt: Date | string | null;
  voidReason: string | null;
  voidedAt: Date | string | null;
  publicToken: string;
};

const overdueSql = (today: string) =>
  sql`(i.status in ('UNPAID','PARTLY_PAID') and i.due_date < ${today}::date)`;

function reportWhere(actor: Actor, body: RentReportBody, today: string): SQL {
  const parts: SQL[] = [invoiceScope(actor)];
  if (body.month) parts.push(sql`i.month = ${`${body.month}-01`}::date`);
  if (body.status) parts.push(sql`i.status = ${body.status}`);
  if (body.overdue === true) parts.push(overdueSql(today));
  if (body.overdue === false) parts.push(sql`not ${overdueSql(today)}`);
  if (body.agentId) parts.push(sql`i.agent_id = ${body.agentId}`);
  if (body.shopId)
    parts.push(sql`i.shop_id = (select coalesce(parent_id, id) from shops where id = ${body.shopId})`);
  if (body.q) {
    const like = `%${body.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(i.number ilike ${like} or s.name ilike ${like} or s.code ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const selectRow = (today: string) => sql`
  select i.id, i.number, to_char(i.month, 'YYYY-MM') as month, i.shop_id as "shopId", s.name as "shopName",
         s.code as "shopCode", i.agent_id as "agentId", a.full_name as "agentName", p.name_lo as "packageName",
         i.status, i.tickets, i.tickets_included as "ticketsIncluded", i.subtotal, i.discount, i.total, i.paid,
         i.due_date::text as "dueDate", ${overdueSql(today)} as overdue, i.sent_at as "sentAt",
         i.send_count as "sendCount", m.status as "messageStatus", i.created_at as "createdAt",
         i.promotion_id as "promotionId", i.adjust_reason as "adjustReason", i.adjusted_at as "adjustedAt",
         i.void_reason as "voidReason", i.voided_at as "voidedAt", i.public_token as "publicToken"
  from rent_invoices i
  join shops s on s.id = i.shop_id
  left join users a on a.id = i.agent_id
  left join packages p on p.id = i.package_id
  left join outbox_messages m on m.id = i.last_message_id`;

export async function listInvoices(
  db: Executor,
  actor: Actor,
  body: RentReportBody,
  today: string,
): Promise<InvoiceRow[]> {
  const res = await db.execute<InvoiceRow>(sql`${selectRow(today)}
    where ${reportWhere(actor, body, today)}
    order by i.month desc, i.year desc, i.seq desc
    limit ${body.pageSize} offset ${(body.page - 1) * body.pageSize}`);
  return res.rows;
}

/** Totals over every invoice the filters match (VOID counted, but left out of the money). */
export async function invoiceTotalsOf(
  db: Executor,
  actor: Actor,
  body: RentReportBody,
  today: string,
): Promise<RentTotals> {
  const res = await db.execute<{
    status: string;
    count: string;
    total: string;
    paid: string;
    od_count: string;
    od: string;
  }>(sql`
    select i.status, count(*)::text as count, sum(i.total)::text as total, sum(i.paid)::text as paid,
           count(*) filter (where ${overdueSql(today)})::text as od_count,
           coalesce(sum(i.total - i.paid) filter (where ${overdueSql(today)}), 0)::text as od
    from rent_invoices i join shops s on s.id = i.shop_id
    where ${reportWhere(actor, body, today)}
    group by i.status`);
  const totals: RentTotals = {
    count: 0,
    total: 0,
    paid: 0,
    due: 0,
    overdue: 0,
    overdueCount: 0,
    byStatus: {},
  };
  for (const r of res.rows) {
    const count = Number(r.count);
    const total = Number(r.total);
    totals.count += count;
    totals.byStatus[r.status] = { count, total };
    if (r.status === 'VOID') continue;
    totals.total += total;
    totals.paid += Number(r.paid);
    totals.overdue += Number(r.od);
    totals.overdueCount += Number(r.od_count);
  }
  totals.due = totals.total - totals.paid;
  return totals;
}

export async function findInvoice(
  db: Executor,
  actor: Actor,
  id: string,
  today: string,
): Promise<InvoiceRow | null> {
  const res = await db.execute<InvoiceRow>(
    sql`${selectRow(today)} where i.id = ${id} and ${invoiceScope(actor)}`,
  );
  return res.rows[0] ?? null;
}

export type LineRow = {
  id: string;
  position: number;
  kind: string;
  descriptionLo: string;
  descriptionEn: string;
  quantity: number;
  unitPrice: string;
  amount: string;
  refId: string | null;
};

export async function invoiceLinesOf(db: Executor, invoiceId: string): Promise<LineRow[]> {
  const res = await db.execute<LineRow>(sql`
    select id, position, kind, description_lo as "descriptionLo", description_en as "descriptionEn", quantity,
           unit_price as "unitPrice", amount, ref_id as "refId"
    from rent_invoice_lines where invoice_id = ${invoiceId} order by position`);
  return res.rows;
}

export type PaymentRow = {
  id: string;
  amount: string;
  method: string;
  reference: string | null;
  note: string | null;
  reversesId: string | null;
  reversedBy: string | null;
  recordedBy: string | null;
  recordedByName: string | null;
  paidAt: Date | string;
};

export async function invoicePaymentsOf(db: Executor, invoiceId: string): Promise<PaymentRow[]> {
  const res = await db.execute<PaymentRow>(sql`
    select p.id, p.amount, p.method, p.reference, p.note, p.reverses_id as "reversesId",
           (select r.id from rent_payments r where r.reverses_id = p.id) as "reversedBy",
           p.recorded_by as "recordedBy", u.full_name as "recordedByName", p.paid_at as "paidAt"
    from rent_payments p left join users u on u.id = p.recorded_by
    where p.invoice_id = ${invoiceId} order by p.paid_at, p.created_at`);
  return res.rows;
}

export async function walletBalanceOf(db: Executor, shopId: string): Promise<number> {
  const res = await db.execute<{ balance: string }>(
    sql`select balance from wallets where shop_id = ${shopId}`,
  );
  return Number(res.rows[0]?.balance ?? 0);
}

/** The invoice row locked for a change (no scope: admins only). */
export async function lockInvoice(db: Executor, id: string) {
  const res = await db.execute<{
    id: string;
    number: string;
    shopId: string;
    status: string;
    month: string;
    promotionId: string | null;
    subtotal: string;
    discount: string;
    total: string;
    paid: string;
    dueDate: string;
  }>(sql`
    select id, number, shop_id as "shopId", status, month::text as month, promotion_id as "promotionId",
           subtotal, discount, total, paid, due_date::text as "dueDate"
    from rent_invoices where id = ${id} for update`);
  return res.rows[0] ?? null;
}

/** Replace an invoice's lines and totals. */
export async function replaceLines(
  tx: Executor,
  invoiceId: string,
  lines: ReadonlyArray<Omit<InvoiceLine, 'refId'> & { refId: string | null }>,
  change: { subtotal: number; discount: number; total: number; reason: string; by: string; dueDate: string },
) {
  await tx.execute(sql`delete from rent_invoice_lines where invoice_id = ${invoiceId}`);
  const col = <T>(pick: (l: (typeof lines)[number], i: number) => T) => sql.param(lines.map(pick));
  await tx.execute(sql`
    insert into rent_invoice_lines (invoice_id, position, kind, description_lo, description_en, quantity,
      unit_price, amount, ref_id)
    select ${invoiceId}::uuid, * from unnest(${col((_l, i) => i + 1)}::smallint[], ${col((l) => l.kind)}::text[],
      ${col((l) => l.descriptionLo)}::text[], ${col((l) => l.descriptionEn)}::text[], ${col((l) => l.quantity)}::int[],
      ${col((l) => l.unitPrice)}::bigint[], ${col((l) => l.amount)}::bigint[], ${col((l) => l.refId)}::uuid[])`);
  await tx.execute(sql`
    update rent_invoices set subtotal = ${change.subtotal}, discount = ${change.discount}, total = ${change.total},
      due_date = ${change.dueDate}::date, adjust_reason = ${change.reason}, adjusted_at = now(),
      adjusted_by = ${change.by}, updated_at = now()
    where id = ${invoiceId}`);
}

/** VOID: the charges it picked up go back to pending, its promotion's use is given back. */
export async function voidInvoiceRow(
  tx: Executor,
  inv: { id: string; promotionId: string | null },
  reason: string | null,
  by: string,
): Promise<{ chargesReleased: number }> {
  await tx.execute(sql`
    update rent_invoices set status = 'VOID', void_reason = ${reason}, voided_at = now(), voided_by = ${by},
      updated_at = now()
    where id = ${inv.id}`);
  const released = await tx.execute(
    sql`update rent_charges set invoice_id = null where invoice_id = ${inv.id}`,
  );
  if (inv.promotionId)
    await tx.execute(sql`
      update promotions set uses = greatest(uses - 1, 0), updated_at = now() where id = ${inv.promotionId}`);
  return { chargesReleased: released.rowCount ?? 0 };
}
