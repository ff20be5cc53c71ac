import { businessDate } from '@parking-hub/contracts/business-day';
import { MEMBER_SEARCH_COUNT_CAP, type MemberStatus } from '@parking-hub/contracts/members';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { shops } from '../../db/schema/shops.ts';
import { escapeLike } from '../../lib/like.ts';
import { plateKey } from '../bills/bills.mapping.ts';
import { memberColumns } from './members.repository.ts';

/**
 * `GET /v1/membership`: a page of members, of one shop or of every shop of a scope condition on
 * members.shop_id. A filter that needs each shop's business day today (a status, ending within N
 * days) takes it per group of shops that share it (most share one): the values themselves, so
 * the planner sees the dates and uses the indexes on valid_until.
 */
export interface MemberListFilter {
  shop: { id: string; today: string } | null;
  /** `shop` null: the caller's shops, as a condition on a shop-id column (undefined: every shop). */
  scope: (column: typeof shops.id | typeof members.shopId) => SQL | undefined;
  search?: string | undefined;
  status?: MemberStatus | undefined;
  expiringWithin?: number | undefined;
  /** A handful of shops (one shop, a manager's): their members are read by shop, never by trigrams. */
  few: boolean;
}

/** The scope's shops by their business day now: [today, shop ids] (the shops' hours differ). */
async function shopDays(db: Executor, scope: SQL | undefined): Promise<[string, string[]][]> {
  const rows = await db
    .select({ id: shops.id, timezone: shops.timezone, openShop: shops.openShop, closeShop: shops.closeShop })
    .from(shops)
    .where(scope);
  const now = new Date();
  const days = new Map<string, string[]>();
  for (const r of rows) {
    const today = businessDate(now, r);
    days.set(today, [...(days.get(today) ?? []), r.id]);
  }
  return [...days];
}

/**
 * Part of a name, card number or phone (search_key: the three as one text, upper-case, its Lao
 * letters spelt for trigrams by plate_trgm_key, so members_search_idx serves LIKE '%…%' in the C
 * locale), a phone's digits as typed (020 5555 → 205555: phones are kept +85620…), or a whole
 * plate (plate_keys). `indexed`: as LIKE, which the trigram index serves (few matches among many
 * members); else as strpos, which it cannot, so the planner reads members_list_idx in order and
 * tests each entry there (many matches, or a shop's few hundred members).
 */
function searchCondition(search: string, indexed: boolean): SQL {
  const text = sql`plate_trgm_key(upper(${indexed ? `%${escapeLike(search)}%` : search}))`;
  const has = (needle: SQL | string) =>
    indexed ? sql`members.search_key like ${needle}` : sql`strpos(members.search_key, ${needle}) > 0`;
  const parts = [has(text)];
  const digits = search.replace(/\D/g, '').replace(/^0/, '');
  if (digits.length >= 3 && digits !== search) parts.push(has(indexed ? `%${digits}%` : digits));
  const key = plateKey(search);
  if (key) parts.push(sql`members.plate_keys @> array[${key}]::text[]`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** A status or "ending within" as of a business day. */
function dayCondition(f: MemberListFilter, day: string): SQL | null {
  const today = sql`${day}::date`;
  const out: SQL[] = [];
  if (f.status === 'ACTIVE') out.push(sql`members.status = 'ACTIVE' and members.valid_until >= ${today}`);
  // Marked by the hourly job, or past its end and not marked yet.
  if (f.status === 'EXPIRED')
    out.push(
      sql`(members.status = 'EXPIRED' or (members.status = 'ACTIVE' and members.valid_until < ${today}))`,
    );
  if (f.expiringWithin !== undefined)
    out.push(
      sql`members.status = 'ACTIVE' and members.valid_until between ${today} and ${today}::date + ${f.expiringWithin}::int`,
    );
  return out.length ? sql.join(out, sql` and `) : null;
}

/** The WHERE of the list, with its search as LIKE (`indexed`) and as strpos. */
async function whereOf(db: Executor, f: MemberListFilter): Promise<(indexed: boolean) => SQL> {
  const scope = f.shop ? sql`members.shop_id = ${f.shop.id}` : f.scope(members.shopId);
  const out: SQL[] = scope ? [scope] : [];
  if (f.status === 'SUSPENDED' || f.status === 'CANCELLED') out.push(sql`members.status = ${f.status}`);
  const needsDay = f.status === 'ACTIVE' || f.status === 'EXPIRED' || f.expiringWithin !== undefined;
  if (needsDay) {
    const days: [string, string[] | null][] = f.shop
      ? [[f.shop.today, null]]
      : await shopDays(db, f.scope(shops.id));
    if (days.length === 0) return () => sql`false`;
    if (days.length === 1) out.push(dayCondition(f, days[0]?.[0] ?? '') ?? sql`true`);
    else
      out.push(
        sql`(${sql.join(
          days.map(
            ([day, ids]) =>
              sql`(members.shop_id = any(${sql.param(ids)}::uuid[]) and ${dayCondition(f, day)})`,
          ),
          sql` or `,
        )})`,
      );
  }
  const { search } = f;
  return (indexed) => {
    const all = search ? [...out, searchCondition(search, indexed)] : out;
    return all.length ? sql.join(all, sql` and `) : sql`true`;
  };
}

/** The planner's guess of how many members match (EXPLAIN, nothing run). */
async function estimate(db: Executor, where: SQL): Promise<number> {
  const { rows } = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 from members where ${where}`,
  );
  return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
}

/** A search over many shops counts its matches up to this many (the answer says "1,000+"). */
export const SEARCH_COUNT_CAP = MEMBER_SEARCH_COUNT_CAP;

/** A search the planner expects more matches of than this is paged in list order, not sorted. */
const MANY = 5000;

/**
 * The count and the ids of the page, then the page's rows. The page: in list order
 * (members_list_idx, each entry tested there: index-only), side by side with the count on two
 * connections, or, for a page near the end of the planner's estimate, backwards once the count is
 * known (so the last page is as quick as the first); or, for
 * a search over many shops that the planner expects few matches of, out of all its matches (found
 * by trigrams and plates, then sorted), since walking the list order for a rare match reads it all.
 */
export async function pageOfMembers(
  db: Executor,
  f: MemberListFilter,
  limit: number,
  offset: number,
  many = MANY,
) {
  const where = await whereOf(db, f);
  const wide = !!f.search && !f.few;
  const guess = await estimate(db, where(wide));
  const sorted = wide && guess <= many;
  const order = (dir: SQL) =>
    f.expiringWithin !== undefined
      ? sql`valid_until ${dir}, shop_id ${dir}, number ${dir}, id ${dir}`
      : sql`shop_id ${dir}, number ${dir}, id ${dir}`;
  // A search over many shops is counted up to SEARCH_COUNT_CAP only: "1,000+" says enough, and a
  // name half the members share would otherwise cost the whole count.
  const count = () =>
    db.execute<{ n: number }>(
      wide
        ? sql`select count(*)::int as n from (select 1 from members where ${where(sorted)} limit ${SEARCH_COUNT_CAP + 1}) c`
        : sql`select count(*)::int as n from members where ${where(wide)}`,
    );
  const page = (dir: SQL, take: number, skip: number) =>
    db.execute<{ id: string }>(
      sorted
        ? // MATERIALIZED: the matches first; inlined, the planner may walk the list order hoping to stop early.
          sql`with m as materialized (
                select members.id, members.shop_id, members.number, members.valid_until from members
                where ${where(true)}
              ) select id from m order by ${order(dir)} limit ${take} offset ${skip}`
        : sql`select id from members where ${where(false)} order by ${order(dir)} limit ${take} offset ${skip}`,
    );
  let total: number;
  let ids: { id: string }[];
  if (wide && offset >= SEARCH_COUNT_CAP) {
    // Past the pages a capped count reaches: nothing to list, the count as far as it goes.
    const n = (await count()).rows[0]?.n ?? 0;
    return { rows: [], total: Math.min(n, SEARCH_COUNT_CAP), capped: n > SEARCH_COUNT_CAP };
  }
  // Past three quarters, reading backwards after the count beats reading forwards beside it.
  if (!wide && !sorted && offset > guess * 0.75) {
    total = (await count()).rows[0]?.n ?? 0;
    const take = Math.min(limit, total - offset);
    if (take <= 0) return { rows: [], total, capped: false };
    ids = (await page(sql`desc`, take, total - offset - take)).rows.reverse();
  } else {
    const [counted, forward] = await Promise.all([count(), page(sql`asc`, limit, offset)]);
    total = counted.rows[0]?.n ?? 0;
    ids = forward.rows;
  }
  const capped = wide && total > SEARCH_COUNT_CAP;
  if (capped) total = SEARCH_COUNT_CAP;
  const pageIds = ids.map((r) => r.id);
  if (!pageIds.length) return { rows: [], total, capped };
  const rows = await db
    .select(memberColumns)
    .from(members)
    .innerJoin(shops, sql`${shops.id} = ${members.shopId}`)
    .where(inArray(members.id, pageIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: pageIds.map((id) => byId.get(id)).filter((r) => r !== undefined), total, capped };
}
