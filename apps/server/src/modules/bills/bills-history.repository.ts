import { HISTORY_PAGE_DEPTH } from '@parking-hub/contracts/bills';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countUpTo } from '../../db/count-up-to.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { bills } from '../../db/schema/bills.ts';
import { shops } from '../../db/schema/shops.ts';
import { escapeLike } from '../../lib/like.ts';
import { billQuery } from './bills.repository.ts';

export interface HistoryFilter {
  shopId?: string | undefined;
  fromAt?: Date | undefined;
  toAt?: Date | undefined;
  status?: string | undefined;
  vehicleType?: string | undefined;
  staffId?: string | undefined;
  plateKey?: string | undefined;
}

/** Where the previous page ended: the last row's check-in time and id (newest first). */
export interface HistoryCursor {
  checkInAt: Date;
  id: number;
}

/** Counting stops here: past it the list says "10,000+" instead of scanning every row. */
export const COUNT_CAP = HISTORY_PAGE_DEPTH;
/**
 * A search by part of a plate counts less far, "1,000+": its count reads the matches through the
 * trigrams (each a bill to recheck), and nobody pages through a thousand of them.
 */
export const PLATE_COUNT_CAP = 1_000;

export const countCap = (f: HistoryFilter) => (f.plateKey ? PLATE_COUNT_CAP : COUNT_CAP);

/**
 * Part of a plate, in its searched spelling (plate_trgm_key, migration 0006: ຣ finds ລ, ໜ finds
 * ຫນ, and back), as the start of one of the words plate_search_words makes of every ending of the
 * plate (migration 0021): bills_plate_words_idx answers a fragment of any length, one character
 * too, and a common one is read newest first instead (the planner tells them apart).
 */
const platePart = (fragment: string) =>
  sql`plate_search_words(${bills.plateKey}) like ('% ' || plate_trgm_key(${escapeLike(fragment)}) || '%')`;

/** Every filter but the staff member's (see `staffSides`). */
function conditions(f: HistoryFilter, scope: SQL | undefined): SQL | undefined {
  return and(
    scope,
    f.shopId ? eq(bills.shopId, f.shopId) : undefined,
    f.fromAt ? gte(bills.checkInAt, f.fromAt) : undefined,
    f.toAt ? lt(bills.checkInAt, f.toAt) : undefined,
    f.status ? eq(bills.status, f.status) : undefined,
    f.vehicleType ? eq(bills.vehicleType, f.vehicleType) : undefined,
    f.plateKey ? platePart(f.plateKey) : undefined,
  );
}

/**
 * "Checked in or out by X" as two disjoint sides, each read newest first from its own index
 * (bills_in_by_idx, bills_out_by_idx): an OR would make PostgreSQL collect every bill of the
 * staff member and sort them before returning the first page.
 */
function staffSides(staffId: string): [SQL, SQL] {
  return [
    eq(bills.checkInBy, staffId),
    and(eq(bills.checkOutBy, staffId), sql`${bills.checkInBy} is distinct from ${staffId}`) as SQL,
  ];
}

const newestFirst = [desc(bills.checkInAt), desc(bills.id)];

/** The windows (days before the page's start) a plate search's page is looked for in first. */
const PLATE_WINDOW_DAYS = [7, 90];

/**
 * A page of the history, newest check-in first. With a cursor the page starts right after it
 * (an index range, as fast on page 1,000 as on page 1); without one, `offset` rows are skipped.
 */
export async function listHistory(
  db: Executor,
  filter: HistoryFilter,
  scope: SQL | undefined,
  page: { limit: number; offset: number; cursor: HistoryCursor | null },
) {
  const after = page.cursor
    ? sql`(${bills.checkInAt}, ${bills.id}) < (${page.cursor.checkInAt}, ${page.cursor.id})`
    : undefined;
  const cond = and(conditions(filter, scope), after);
  const offset = page.cursor ? 0 : page.offset;
  if (!filter.staffId) {
    const read = (where: SQL | undefined) =>
      billQuery(db)
        .where(where)
        .orderBy(...newestFirst)
        .limit(page.limit)
        .offset(offset);
    if (filter.plateKey) {
      // The newest matches of a fragment lie among the bills of the last days before the page
      // starts: there the trigrams and the check-in index meet in one small bitmap, where a
      // fragment held by one bill in a thousand would be read newest first through 25,000 bills.
      // A window that fills the page holds it (every match outside is older); else a wider one.
      const upper = page.cursor?.checkInAt ?? filter.toAt ?? new Date();
      for (const days of PLATE_WINDOW_DAYS) {
        const since = new Date(upper.getTime() - days * 86_400_000);
        if (filter.fromAt && filter.fromAt >= since) break;
        const rows = await read(and(cond, gte(bills.checkInAt, since)));
        if (rows.length === page.limit) return rows;
      }
    }
    return read(cond);
  }
  // The page's ids from both sides merged, then the bills themselves.
  const take = page.limit + offset;
  const [inSide, outSide] = staffSides(filter.staffId).map(
    (side) => sql`(select ${bills.id} as id, ${bills.checkInAt} as at from ${bills}
      where ${and(cond, side)} order by ${bills.checkInAt} desc, ${bills.id} desc limit ${take})`,
  );
  const picked = await db.execute<{ id: string }>(sql`
    select id from (${inSide} union all ${outSide}) page
    order by at desc, id desc limit ${page.limit} offset ${offset}`);
  const ids = picked.rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return billQuery(db)
    .where(inArray(bills.id, ids))
    .orderBy(...newestFirst);
}

/**
 * The same test of a fragment in the plain spelling, cheaper per bill than plate_search_words:
 * where the count reads a common fragment bill by bill (the first 1,001 matches of "15" among
 * ~90,000 bills), it runs first and the words are made only for the bills it lets through.
 */
const platePlain = (fragment: string) =>
  sql`plate_trgm_key(${bills.plateKey}) like ('%' || plate_trgm_key(${escapeLike(fragment)}) || '%')`;

/** How many bills match, counted up to countCap + 1. */
export async function countHistory(db: Executor, filter: HistoryFilter, scope: SQL | undefined) {
  const cond = and(conditions(filter, scope), filter.plateKey ? platePlain(filter.plateKey) : undefined);
  const cap = countCap(filter);
  const counted = (where: SQL | undefined) => countUpTo(db, bills, where, cap);
  if (!filter.staffId) return counted(cond);
  const [inSide, outSide] = staffSides(filter.staffId);
  const checkedIn = await counted(and(cond, inSide));
  return checkedIn > cap ? checkedIn : Math.min(cap + 1, checkedIn + (await counted(and(cond, outSide))));
}

export async function findShopTimezone(db: Executor, shopId: string): Promise<string | null> {
  const [row] = await db.select({ tz: shops.timezone }).from(shops).where(eq(shops.id, shopId)).limit(1);
  return row?.tz ?? null;
}

/** The corrections of a bill, from the audit trail (where every change to a bill is written). */
export async function listCorrections(db: Executor, billId: string) {
  return db
    .select({
      at: auditEvents.at,
      by: auditEvents.actorName,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entity, 'bill'),
        eq(auditEvents.entityId, billId),
        eq(auditEvents.action, 'bill.correct'),
      ),
    )
    .orderBy(asc(auditEvents.id));
}
