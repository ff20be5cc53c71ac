import type { MemberStatus } from '@parking-hub/contracts/members';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import { shops } from '../../db/schema/shops.ts';
import { escapeLike } from '../../lib/like.ts';
import { plateKey } from '../bills/bills.mapping.ts';
import { memberColumns } from './members.repository.ts';

/**
 * `GET /v1/membership`: a page of members. The shops are one (`shop`, whose business day today
 * the service knows) or every shop of a scope condition on a shop-id column. A filter that needs
 * each shop's today (a status, ending within N days) reads it once per shop (a MATERIALIZED CTE
 * of shop_business_date, as the members' job does), never once per member.
 */
export interface MemberListFilter {
  shop: { id: string; today: string } | null;
  /** `shop` null: the caller's shops, as a condition on a shop-id column (undefined: every shop). */
  scope: (column: typeof shops.id | typeof members.shopId) => SQL | undefined;
  search?: string | undefined;
  status?: MemberStatus | undefined;
  expiringWithin?: number | undefined;
}

/** Part of a name or card number (ILIKE), of a phone (its digits), or a whole plate (plate_keys). */
function searchCondition(search: string): SQL {
  const text = `%${escapeLike(search)}%`;
  const parts = [sql`members.full_name ilike ${text}`, sql`members.number ilike ${text}`];
  // Phones are kept as +856 20…: the digits typed, less a leading 0 (020 5555 → 205555).
  const digits = search.replace(/\D/g, '').replace(/^0/, '');
  if (digits.length >= 3) parts.push(sql`members.phone like ${`%${digits}%`}`);
  const key = plateKey(search);
  if (key) parts.push(sql`members.plate_keys @> array[${key}]::text[]`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

function conditions(f: MemberListFilter, today: SQL): SQL[] {
  const out: SQL[] = [];
  if (f.search) out.push(searchCondition(f.search));
  switch (f.status) {
    case 'ACTIVE':
      out.push(sql`members.status = 'ACTIVE' and members.valid_until >= ${today}`);
      break;
    case 'EXPIRED':
      // Marked by the hourly job, or past its end and not marked yet.
      out.push(
        sql`(members.status = 'EXPIRED' or (members.status = 'ACTIVE' and members.valid_until < ${today}))`,
      );
      break;
    case 'SUSPENDED':
    case 'CANCELLED':
      out.push(sql`members.status = ${f.status}`);
      break;
  }
  if (f.expiringWithin !== undefined)
    out.push(
      sql`members.status = 'ACTIVE' and members.valid_until between ${today} and ${today} + ${f.expiringWithin}::int`,
    );
  return out;
}

/** The FROM and WHERE of the list: one shop, or the scope's shops (with their today when needed). */
function source(f: MemberListFilter): { from: SQL; where: SQL } {
  const wantsToday = f.status === 'ACTIVE' || f.status === 'EXPIRED' || f.expiringWithin !== undefined;
  if (f.shop) {
    const today = sql`${f.shop.today}::date`;
    const where = [sql`members.shop_id = ${f.shop.id}`, ...conditions(f, today)];
    return { from: sql`members`, where: sql.join(where, sql` and `) };
  }
  if (!wantsToday) {
    const scope = f.scope(members.shopId);
    const where = [...(scope ? [sql`${scope}`] : []), ...conditions(f, sql`null::date`)];
    return {
      from: sql`members`,
      where: where.length ? sql.join(where, sql` and `) : sql`true`,
    };
  }
  const scope = f.scope(shops.id);
  const from = sql`(
      select ${shops.id} as id,
             shop_business_date(now(), ${shops.timezone}, ${shops.openShop}, ${shops.closeShop}) as today
      from ${shops} ${scope ? sql`where ${scope}` : sql``}
    ) sh join members on members.shop_id = sh.id`;
  const where = conditions(f, sql`sh.today`);
  return { from, where: where.length ? sql.join(where, sql` and `) : sql`true` };
}

/**
 * The page: the count first, then the ids of the page in order (an index-ordered scan, from the
 * far end for a page past the middle, so the last page is as quick as the first), then the rows.
 */
export async function pageOfMembers(db: Executor, f: MemberListFilter, limit: number, offset: number) {
  const { from, where } = source(f);
  const ordered = f.expiringWithin !== undefined;
  const order = (dir: SQL) =>
    ordered
      ? sql`members.valid_until ${dir}, members.shop_id ${dir}, members.number ${dir}, members.id ${dir}`
      : sql`members.shop_id ${dir}, members.number ${dir}, members.id ${dir}`;
  const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${from} where ${where}`);
  const total = counted.rows[0]?.n ?? 0;
  if (offset >= total) return { rows: [], total };
  const take = Math.min(limit, total - offset);
  const fromEnd = offset + take / 2 > total / 2;
  const ids = await db.execute<{ id: string }>(
    fromEnd
      ? sql`select members.id from ${from} where ${where} order by ${order(sql`desc`)}
            limit ${take} offset ${total - offset - take}`
      : sql`select members.id from ${from} where ${where} order by ${order(sql`asc`)}
            limit ${take} offset ${offset}`,
  );
  const pageIds = ids.rows.map((r) => r.id);
  if (fromEnd) pageIds.reverse();
  if (!pageIds.length) return { rows: [], total };
  const rows = await db
    .select(memberColumns)
    .from(members)
    .innerJoin(shops, sql`${shops.id} = ${members.shopId}`)
    .where(inArray(members.id, pageIds));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: pageIds.map((id) => byId.get(id)).filter((r) => r !== undefined), total };
}
