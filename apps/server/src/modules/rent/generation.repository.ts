import type { InvoiceLine, InvoicePackage } from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The reads and writes of a month's invoice run (generation.ts), each one statement over every
 * shop of the run: never one query per shop.
 */

export type CandidateShop = {
  id: string;
  agentId: string | null;
  /** The day the shop was created, platform zone. */
  createdOn: string;
  /** The package in force that month (null: none). */
  packageId: string | null;
  /** CLOSED shops are invoiced only for a month with tickets, rolls or charges. */
  closed: boolean;
};

export interface MonthRange {
  /** 'YYYY-MM-01'. */
  first: string;
  last: string;
  timezone: string;
}

/**
 * The main shops to invoice for the month, in creation order: made by the month's last day,
 * without an invoice of the month (any, VOID included, when `remakeVoid` is false; a live one when
 * true), among `mainIds` when given. The package in force is the latest shop_packages row on or
 * before the month (a shop with no such rows at all: its own package_id, as promotions read it).
 */
export async function candidateShops(
  db: Executor,
  range: MonthRange,
  mainIds: readonly string[] | null,
  remakeVoid: boolean,
): Promise<CandidateShop[]> {
  const { first, last, timezone } = range;
  const res = await db.execute<CandidateShop>(sql`
    select s.id, s.agent_id as "agentId",
           to_char(s.created_at at time zone ${timezone}, 'YYYY-MM-DD') as "createdOn",
           case when exists (select 1 from shop_packages x where x.shop_id = s.id)
             then (select sp.package_id from shop_packages sp
                   where sp.shop_id = s.id and sp.from_month <= ${first}::date
                   order by sp.from_month desc limit 1)
             else s.package_id end as "packageId",
           s.status = 'CLOSED' as closed
    from shops s
    where s.parent_id is null
      and (s.created_at at time zone ${timezone})::date <= ${last}::date
      ${mainIds ? sql`and s.id = any(${sql.param([...mainIds])}::uuid[])` : sql``}
      and not exists (select 1 from rent_invoices i where i.shop_id = s.id and i.month = ${first}::date
                      ${remakeVoid ? sql`and i.status <> 'VOID'` : sql``})
    order by s.seq`);
  return res.rows;
}

/** The main shops of these shop ids (a branch stands for its main shop), existing ones only. */
export async function mainShopsOf(db: Executor, ids: readonly string[]): Promise<string[]> {
  const res = await db.execute<{ id: string }>(sql`
    select distinct coalesce(parent_id, id) as id from shops where id = any(${sql.param([...ids])}::uuid[])`);
  return res.rows.map((r) => r.id);
}

/** How many of these ids are shops. */
export async function knownShops(db: Executor, ids: readonly string[]): Promise<number> {
  const res = await db.execute<{ n: string }>(
    sql`select count(*)::text as n from shops where id = any(${sql.param([...new Set(ids)])}::uuid[])`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** How many of these main shops (all main shops when null) already have an invoice of the month (a live one when `liveOnly`). */
export async function countInvoiced(
  db: Executor,
  first: string,
  mainIds: readonly string[] | null,
  liveOnly: boolean,
): Promise<number> {
  const res = await db.execute<{ n: string }>(sql`
    select count(distinct shop_id)::text as n from rent_invoices
    where month = ${first}::date ${liveOnly ? sql`and status <> 'VOID'` : sql``}
      ${mainIds ? sql`and shop_id = any(${sql.param([...mainIds])}::uuid[])` : sql``}`);
  return Number(res.rows[0]?.n ?? 0);
}

export async function allPackages(db: Executor): Promise<Map<string, InvoicePackage>> {
  const res = await db.execute<{
    id: string;
    nameLo: string;
    nameEn: string;
    monthlyPrice: number;
    ticketsIncluded: number;
    extraTicketPrice: number;
  }>(sql`select id, name_lo as "nameLo", name_en as "nameEn", monthly_price as "monthlyPrice",
              tickets_included as "ticketsIncluded", extra_ticket_price as "extraTicketPrice" from packages`);
  return new Map(res.rows.map((r) => [r.id, r]));
}

/** Tickets issued in the month (cancelled ones too) per main shop, its branches included. */
export async function ticketsByMain(db: Executor, first: string): Promise<Map<string, number>> {
  const res = await db.execute<{ main: string; tickets: string }>(sql`
    select coalesce(s.parent_id, s.id) as main, sum(t.n)::text as tickets
    from (select shop_id, sum(bills_in) as n from report_monthly where cal_month = ${first}::date group by shop_id) t
    join shops s on s.id = t.shop_id
    group by 1`);
  return new Map(res.rows.map((r) => [r.main, Number(r.tickets)]));
}

/** Rolls delivered to a main shop or its branches in the month, per unit price. */
export async function rollsByMain(
  db: Executor,
  range: MonthRange,
): Promise<Map<string, Array<{ quantity: number; unitPrice: number }>>> {
  const res = await db.execute<{ main: string; unitPrice: number; quantity: string }>(sql`
    select coalesce(s.parent_id, s.id) as main, r.unit_price as "unitPrice", sum(r.quantity)::text as quantity
    from roll_deliveries r join shops s on s.id = r.shop_id
    where r.kind = 'SHOP' and r.delivered_on between ${range.first}::date and ${range.last}::date
    group by 1, 2`);
  const out = new Map<string, Array<{ quantity: number; unitPrice: number }>>();
  for (const r of res.rows) {
    const list = out.get(r.main) ?? [];
    list.push({ quantity: Number(r.quantity), unitPrice: r.unitPrice });
    out.set(r.main, list);
  }
  return out;
}

export type PendingCharge = {
  id: string;
  shopId: string;
  descriptionLo: string;
  descriptionEn: string;
  quantity: number;
  unitPrice: number;
};

/** Charges no invoice has picked up, for months up to this one, oldest first. */
export async function pendingCharges(db: Executor, first: string): Promise<Map<string, PendingCharge[]>> {
  const res = await db.execute<Omit<PendingCharge, 'unitPrice'> & { unitPrice: string }>(sql`
    select id, shop_id as "shopId", description_lo as "descriptionLo", description_en as "descriptionEn",
           quantity, unit_price::text as "unitPrice"
    from rent_charges where invoice_id is null and month <= ${first}::date
    order by month, created_at, id`);
  const out = new Map<string, PendingCharge[]>();
  for (const r of res.rows) {
    const list = out.get(r.shopId) ?? [];
    list.push({ ...r, unitPrice: Number(r.unitPrice) });
    out.set(r.shopId, list);
  }
  return out;
}

export type PromotionCandidate = {
  id: string;
  title: string;
  discountType: string;
  discountValue: number;
  validFrom: string;
  validUntil: string;
  packageIds: string[];
  audience: string;
  agentId: string | null;
  shopIds: string[];
  maxUses: number | null;
  uses: number;
  active: boolean;
  ownerAgentId: string | null;
};

/** Switched-on promotions whose dates touch the month, newest first (the order promotions.service ranks ties in). */
export async function promotionsOfMonth(db: Executor, range: MonthRange): Promise<PromotionCandidate[]> {
  const res = await db.execute<PromotionCandidate>(sql`
    select id, title, discount_type as "discountType", discount_value as "discountValue",
           valid_from::text as "validFrom", valid_until::text as "validUntil",
           package_ids::text[] as "packageIds", audience, agent_id as "agentId", shop_ids::text[] as "shopIds",
           max_uses as "maxUses", uses, active, owner_agent_id as "ownerAgentId"
    from promotions
    where active and valid_from <= ${range.last}::date and valid_until >= ${range.first}::date
    order by created_at desc`);
  return res.rows;
}

/** Take `n` numbers of the year in the caller's transaction (the counter row stays locked until it ends): the first one. */
export async function takeNumbers(tx: Executor, year: number, n: number): Promise<number> {
  const res = await tx.execute<{ last: number }>(sql`
    insert into invoice_counters (year, last_number) values (${year}, ${n})
    on conflict (year) do update set last_number = invoice_counters.last_number + excluded.last_number
    returning last_number as last`);
  const last = res.rows[0]?.last;
  if (last === undefined) throw new Error('invoice counter returned nothing');
  return last - n + 1;
}

export interface NewInvoice {
  id: string;
  number: string;
  year: number;
  seq: number;
  shopId: string;
  month: string;
  agentId: string | null;
  packageId: string | null;
  promotionId: string | null;
  status: 'UNPAID' | 'PAID';
  tickets: number;
  ticketsIncluded: number;
  subtotal: number;
  discount: number;
  total: number;
  dueDate: string;
  publicToken: string;
  createdBy: string | null;
  lines: InvoiceLine[];
  chargeIds: string[];
}

/**
 * What a batch read has changed under it (a charge deleted or picked by another month's run, a
 * promotion's last use taken by another month's run): the batch is undone; the run reads again.
 */
export class StaleBatchError extends Error {
  constructor(readonly what: 'charges' | 'promotions') {
    super(`rent ${what} changed during the invoice run`);
    this.name = 'StaleBatchError';
  }
}

/**
 * The invoices, their lines, their charges picked up and their promotions' uses: four statements,
 * one array per column. Throws StaleBatchError (the caller's transaction is to be rolled back)
 * when a charge is no longer pending or a promotion would go past its max_uses.
 */
export async function insertInvoices(tx: Executor, rows: readonly NewInvoice[]): Promise<void> {
  if (!rows.length) return;
  const col = <T>(pick: (r: NewInvoice) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    insert into rent_invoices (id, number, year, seq, shop_id, month, agent_id, package_id, promotion_id,
      status, tickets, tickets_included, subtotal, discount, total, due_date, public_token, created_by)
    select * from unnest(${col((r) => r.id)}::uuid[], ${col((r) => r.number)}::text[], ${col((r) => r.year)}::int[],
      ${col((r) => r.seq)}::int[], ${col((r) => r.shopId)}::uuid[], ${col((r) => r.month)}::date[],
      ${col((r) => r.agentId)}::uuid[], ${col((r) => r.packageId)}::uuid[], ${col((r) => r.promotionId)}::uuid[],
      ${col((r) => r.status)}::text[], ${col((r) => r.tickets)}::int[], ${col((r) => r.ticketsIncluded)}::int[],
      ${col((r) => r.subtotal)}::bigint[], ${col((r) => r.discount)}::bigint[], ${col((r) => r.total)}::bigint[],
      ${col((r) => r.dueDate)}::date[], ${col((r) => r.publicToken)}::text[], ${col((r) => r.createdBy)}::uuid[])`);
  const lines = rows.flatMap((r) => r.lines.map((l, i) => ({ ...l, invoiceId: r.id, position: i + 1 })));
  const lc = <T>(pick: (l: (typeof lines)[number]) => T) => sql.param(lines.map(pick));
  if (lines.length)
    await tx.execute(sql`
      insert into rent_invoice_lines (invoice_id, position, kind, description_lo, description_en, quantity,
        unit_price, amount, ref_id)
      select * from unnest(${lc((l) => l.invoiceId)}::uuid[], ${lc((l) => l.position)}::smallint[],
        ${lc((l) => l.kind)}::text[], ${lc((l) => l.descriptionLo)}::text[], ${lc((l) => l.descriptionEn)}::text[],
        ${lc((l) => l.quantity)}::int[], ${lc((l) => l.unitPrice)}::bigint[], ${lc((l) => l.amount)}::bigint[],
        ${lc((l) => l.refId)}::uuid[])`);
  const charges = rows.flatMap((r) => r.chargeIds.map((id) => ({ id, invoiceId: r.id })));
  if (charges.length) {
    const res = await tx.execute(sql`
      update rent_charges c set invoice_id = x.invoice_id
      from unnest(${sql.param(charges.map((c) => c.id))}::uuid[], ${sql.param(charges.map((c) => c.invoiceId))}::uuid[])
        as x(id, invoice_id)
      where c.id = x.id and c.invoice_id is null`);
    // A charge deleted (or picked by another month's run) since it was read.
    if (res.rowCount !== charges.length) throw new StaleBatchError('charges');
  }
  const uses = new Map<string, number>();
  for (const r of rows) if (r.promotionId) uses.set(r.promotionId, (uses.get(r.promotionId) ?? 0) + 1);
  if (uses.size) {
    // The month's lock does not keep another month's run off a promotion: the row's own lock and
    // this condition (checked again on the row as committed when it waited) keep uses ≤ max_uses.
    const res = await tx.execute(sql`
      update promotions p set uses = p.uses + x.n, updated_at = now()
      from unnest(${sql.param([...uses.keys()])}::uuid[], ${sql.param([...uses.values()])}::int[]) as x(id, n)
      where p.id = x.id and (p.max_uses is null or p.uses + x.n <= p.max_uses)`);
    if (res.rowCount !== uses.size) throw new StaleBatchError('promotions');
  }
}
