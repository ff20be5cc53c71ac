import { randomBytes, randomUUID } from 'node:crypto';
import { calendarDate } from '@parking-hub/contracts/business-day';
import {
  type DiscountType,
  monthDays,
  type PromotionAudience,
  promotionApplies,
  promotionDiscount,
  promotionMonthIndex,
} from '@parking-hub/contracts/promotions';
import {
  type GenerateInvoicesResult,
  type InvoicePackage,
  invoiceDueDate,
  invoiceLines,
  invoiceNumber,
  invoiceTotals,
} from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../lib/advisory-locks.ts';
import type { RequestContext } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { appendPastAuditEvents } from '../audit/audit.repository.ts';
import { readFinanceSettings } from '../finance/settings.ts';
import {
  allPackages,
  type CandidateShop,
  candidateShops,
  countInvoiced,
  insertInvoices,
  knownShops,
  type MonthRange,
  mainShopsOf,
  type NewInvoice,
  type PendingCharge,
  type PromotionCandidate,
  pendingCharges,
  promotionsOfMonth,
  rollsByMain,
  StaleBatchError,
  takeNumbers,
  ticketsByMain,
} from './generation.repository.ts';

/**
 * Making a month's rent invoices (issue 15, decision 020): the monthly job and the admins' call.
 *
 * Everything the month needs is read once for all the shops (packages in force, tickets from
 * report_monthly, rolls, pending charges, the promotions touching the month); each shop's lines
 * are the pure `invoiceLines`; invoices are written `batch` shops per transaction, each taking its
 * numbers from the year's counter in that same transaction, so numbers never skip: a run that dies
 * leaves whole batches, and the next run (which skips shops already invoiced) makes the rest.
 * One run per month at a time: an advisory lock on the month, held by a transaction of its own on
 * another connection for the whole run (a dead process's lock goes with its connection).
 * What the month lock does not cover (a charge deleted meanwhile, or picked or a promotion's last
 * use taken by another month's run) makes a batch fail as a whole; the run reads again and plans
 * the shops left (409 errors.rentDataChanged when it keeps changing).
 */

export interface GenerateOptions {
  month: string;
  /** Chosen shops (a branch stands for its main shop): those whose invoices of the month are all VOID are made again. */
  shopIds?: readonly string[] | undefined;
  timezone: string;
  /** Who asks (null: the system's job). */
  ctx: RequestContext | null;
  now?: Date;
  /** Shops per transaction. */
  batch?: number;
  /** How long to wait for another run of the month (ms); null: as long as it takes. */
  lockWaitMs?: number | null;
}

const BATCH = 500;
/** How many times a run reads the month again after a batch found its charges or promotions changed. */
const MAX_REREADS = 5;

const monthKey = (month: string) => Number(month.replace('-', ''));

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The month before 'YYYY-MM'. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

export function assertMonthOver(month: string, today: string) {
  if (today < `${nextMonth(month)}-01`)
    throw new AppError(409, 'errors.rentMonthNotOver', { month }, { month: 'errors.rentMonthNotOver' });
}

/** Everything read once for a run. */
interface MonthData {
  packages: Map<string, InvoicePackage>;
  tickets: Map<string, number>;
  rolls: Map<string, Array<{ quantity: number; unitPrice: number }>>;
  charges: Map<string, PendingCharge[]>;
  promotions: PromotionCandidate[];
}

async function readMonth(db: Executor, range: MonthRange): Promise<MonthData> {
  const [packages, tickets, rolls, charges, promotions] = await Promise.all([
    allPackages(db),
    ticketsByMain(db, range.first),
    rollsByMain(db, range),
    pendingCharges(db, range.first),
    promotionsOfMonth(db, range),
  ]);
  return { packages, tickets, rolls, charges, promotions };
}

/**
 * The promotion a shop gets: the largest discount among those that apply (ties: the newest, as
 * promotions.service ranks them), none when it takes nothing off. `uses` counts the uses this run
 * has given so far, so a promotion with a maximum stops at it.
 */
function bestPromotion(
  data: MonthData,
  shop: CandidateShop,
  pkg: InvoicePackage | null,
  month: string,
  uses: Map<string, number>,
): { id: string; title: string; discount: number } | null {
  if (!pkg) return null;
  const terms = {
    shopId: shop.id,
    agentId: shop.agentId,
    createdAt: shop.createdOn,
    packageId: shop.packageId,
  };
  let best: { id: string; title: string; discount: number } | null = null;
  for (const p of data.promotions) {
    const audience = p.audience as PromotionAudience;
    if (!promotionApplies({ ...p, audience, uses: p.uses + (uses.get(p.id) ?? 0) }, terms, month)) continue;
    const index = promotionMonthIndex(p, shop.createdOn, month);
    const discount = promotionDiscount(
      { discountType: p.discountType as DiscountType, discountValue: p.discountValue },
      pkg.monthlyPrice,
      index,
    );
    if (discount > 0 && (!best || discount > best.discount)) best = { id: p.id, title: p.title, discount };
  }
  return best;
}

interface Planned {
  shop: CandidateShop;
  pkg: InvoicePackage | null;
  tickets: number;
  promotionId: string | null;
  charges: PendingCharge[];
  lines: ReturnType<typeof invoiceLines>;
}

/** The lines of every candidate, in order; shops with no line are left out. */
function plan(data: MonthData, shops: CandidateShop[], month: string): Planned[] {
  const uses = new Map<string, number>();
  const out: Planned[] = [];
  for (const shop of shops) {
    const pkg = shop.packageId ? (data.packages.get(shop.packageId) ?? null) : null;
    const tickets = data.tickets.get(shop.id) ?? 0;
    const charges = data.charges.get(shop.id) ?? [];
    const rolls = data.rolls.get(shop.id) ?? [];
    // A closed shop owes nothing for a month in which it (and its branches) did nothing.
    if (shop.closed && tickets === 0 && rolls.length === 0 && charges.length === 0) continue;
    const promotion = bestPromotion(data, shop, pkg, month, uses);
    const lines = invoiceLines({
      package: pkg,
      tickets,
      rolls,
      charges,
      promotion,
    });
    if (!lines.length) continue;
    const used = lines.some((l) => l.kind === 'PROMOTION') ? (promotion?.id ?? null) : null;
    if (used) uses.set(used, (uses.get(used) ?? 0) + 1);
    out.push({ shop, pkg, tickets, promotionId: used, charges, lines });
  }
  return out;
}

/** Make the month's invoices. Answers what it made, what was there already and what had nothing to invoice. */
export async function generateMonth(db: Db, o: GenerateOptions): Promise<GenerateInvoicesResult> {
  const now = o.now ?? new Date();
  const today = calendarDate(now, o.timezone);
  assertMonthOver(o.month, today);
  const { first, last } = monthDays(o.month);
  const range: MonthRange = { first, last, timezone: o.timezone };
  const batch = o.batch ?? BATCH;
  if (o.shopIds?.length && (await knownShops(db, o.shopIds)) < new Set(o.shopIds).size)
    throw badRequest({ shopIds: 'errors.shopNotFound' });
  return db.transaction(async (lockTx) => {
    await takeMonthLock(lockTx, o.month, o.lockWaitMs ?? null);
    const explicit = o.shopIds ? await mainShopsOf(db, o.shopIds) : null;
    const existing = await countInvoiced(db, first, explicit, explicit !== null);
    /** The shops still to invoice (those invoiced by this run's committed batches drop out) and their lines. */
    const readAndPlan = async () => {
      const candidates = await candidateShops(db, range, explicit, explicit !== null);
      const planned = plan(await readMonth(db, range), candidates, o.month);
      return { planned, skipped: candidates.length - planned.length };
    };
    let { planned, skipped } = await readAndPlan();
    const settings = await readFinanceSettings(db);
    const dueDate = invoiceDueDate(o.month, settings.dueDay);
    const year = Number(today.slice(0, 4));
    const numbers: string[] = [];
    let rereads = 0;
    while (planned.length) {
      const chunk = planned.slice(0, batch);
      const made = await db
        .transaction(async (tx) => {
          const firstSeq = await takeNumbers(tx, year, chunk.length);
          const rows: NewInvoice[] = chunk.map((p, k) => {
            const seq = firstSeq + k;
            const totals = invoiceTotals(p.lines);
            return {
              id: randomUUID(),
              number: invoiceNumber(year, seq),
              year,
              seq,
              shopId: p.shop.id,
              month: first,
              agentId: p.shop.agentId,
              packageId: p.pkg?.id ?? null,
              promotionId: p.promotionId,
              status: totals.total > 0 ? 'UNPAID' : 'PAID',
              tickets: p.tickets,
              ticketsIncluded: p.pkg?.ticketsIncluded ?? 0,
              ...totals,
              dueDate,
              publicToken: randomBytes(24).toString('base64url'),
              createdBy: o.ctx?.actor?.id ?? null,
              lines: p.lines,
              chargeIds: p.charges.map((c) => c.id),
            };
          });
          await insertInvoices(tx, rows);
          await auditMade(tx, o.ctx, rows);
          return rows.map((r) => r.number);
        })
        .catch((error: unknown) => {
          // A charge or a promotion's last use went elsewhere while this run planned: the batch was
          // rolled back (its numbers too); read again and plan the shops left.
          if (!(error instanceof StaleBatchError)) throw error;
          if (++rereads > MAX_REREADS) throw new AppError(409, 'errors.rentDataChanged');
          return null;
        });
      if (made) {
        numbers.push(...made);
        planned = planned.slice(batch);
      } else ({ planned, skipped } = await readAndPlan());
    }
    return { month: o.month, created: numbers.length, existing, skipped, numbers };
  });
}

/** The month's lock, held by `lockTx` until the run ends; 409 errors.rentGenerationBusy after `waitMs`. */
async function takeMonthLock(lockTx: Executor, month: string, waitMs: number | null) {
  if (waitMs !== null) await lockTx.execute(sql`select set_config('lock_timeout', ${`${waitMs}ms`}, true)`);
  try {
    await lockTx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.rentMonth}, ${monthKey(month)})`);
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } }).cause?.code === '55P03')
      throw new AppError(409, 'errors.rentGenerationBusy');
    if ((error as { code?: string }).code === '55P03') throw new AppError(409, 'errors.rentGenerationBusy');
    throw error;
  }
}

/** One event per invoice ('invoice.generate'), by the caller or the system, as the batch's last statement. */
async function auditMade(tx: Executor, ctx: RequestContext | null, rows: NewInvoice[]) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
  const at = new Date();
  await appendPastAuditEvents(
    tx,
    rows.map((r) => ({
      at,
      actorId: ctx?.actor?.id ?? null,
      actorName: ctx?.actor?.fullName ?? 'system',
      actorRole: ctx?.actor?.role ?? null,
      shopId: r.shopId,
      action: 'invoice.generate',
      entity: 'invoice',
      entityId: r.id,
      before: null,
      after: {
        number: r.number,
        month: r.month.slice(0, 7),
        status: r.status,
        subtotal: r.subtotal,
        discount: r.discount,
        total: r.total,
        lines: r.lines.length,
      },
      ip: ctx?.ip ?? null,
      requestId: ctx?.requestId ?? null,
    })),
  );
}
