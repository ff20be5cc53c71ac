import { addDays } from '@parking-hub/contracts/members';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The queries of the members' scheduled job (members.jobs.ts). Every "today" is the shop's own
 * business date of the job's `now` (shop_business_date, the SQL twin of contracts/business-day),
 * computed once per shop, not per member: the shops' CTE is MATERIALIZED, as inlined the planner
 * evaluates the function for every member row (334 ms instead of 34 over 100,000 members,
 * bench/members.ts).
 */

export interface ExpiredPass {
  id: string;
  shopId: string;
  number: string;
  validUntil: string;
}

/**
 * Up to `limit` ACTIVE passes whose last valid business day is before their shop's today become
 * EXPIRED. Rows another transaction holds (a renewal under way) are skipped: the next run sees
 * them again if they still need it.
 */
export async function expireDuePasses(tx: Executor, now: Date, limit: number): Promise<ExpiredPass[]> {
  // No shop's today is past the UTC date + 2 (zones reach UTC+14, and a shop opening just after
  // midnight starts its next business day the evening before): a bound the planner can read, so
  // only ACTIVE passes ending by then are looked at (members_status_until_idx), however many
  // ended passes the years have kept.
  const bound = addDays(now.toISOString().slice(0, 10), 2);
  const { rows } = await tx.execute<{ id: string; shop_id: string; number: string; valid_until: string }>(sql`
    with d as materialized (
      select id, shop_business_date(${now.toISOString()}::timestamptz, timezone, open_shop, close_shop) as today
      from shops
    ), due as (
      -- No order: by id the planner walks the primary key hoping to stop early (2 s, not 34 ms).
      select m.id from d join members m on m.shop_id = d.id and m.valid_until < d.today
      where m.status = 'ACTIVE' and m.valid_until < ${bound}::date
      limit ${limit}
      for update of m skip locked
    )
    update members m set status = 'EXPIRED', updated_at = now()
    from due where m.id = due.id
    returning m.id, m.shop_id, m.number, m.valid_until::text`);
  return rows.map((r) => ({ id: r.id, shopId: r.shop_id, number: r.number, validUntil: r.valid_until }));
}

export type ReminderKind = 'BEFORE' | 'LAST_DAY';

export interface ReminderDue {
  memberId: string;
  shopId: string;
  shopName: string;
  number: string;
  fullName: string;
  phone: string;
  validUntil: string;
  kind: ReminderKind;
  /** The end of the last valid day (local midnight after it): the reminder is pointless later. */
  expiresAt: Date;
}

/**
 * ACTIVE members with a phone, of ACTIVE shops whose local time is within `hours` (no message
 * at night), whose pass ends today (LAST_DAY) or within the shop's reminder days (BEFORE: from
 * that day on until the day before the last, so a missed run sends it late rather than never;
 * not for a pass shorter than the reminder days, which was just bought), and who have not had
 * that reminder for that end yet. By member id after `afterId` (keyset batches).
 */
export async function remindersDue(
  db: Executor,
  o: { now: Date; hours: { from: number; to: number }; afterId: string | null; limit: number },
): Promise<ReminderDue[]> {
  const now = sql`${o.now.toISOString()}::timestamptz`;
  const { rows } = await db.execute<{
    id: string;
    shop_id: string;
    shop_name: string;
    number: string;
    full_name: string;
    phone: string;
    valid_until: string;
    kind: ReminderKind;
    expires_at: Date;
  }>(sql`
    with d as materialized (
      select id, name, timezone, member_reminder_days as days,
        shop_business_date(${now}, timezone, open_shop, close_shop) as today
      from shops
      where status = 'ACTIVE'
        and extract(hour from ${now} at time zone timezone) >= ${o.hours.from}
        and extract(hour from ${now} at time zone timezone) < ${o.hours.to}
    ), c as (
      select m.id, m.shop_id, d.name as shop_name, m.number, m.full_name, m.phone, m.valid_until,
        case when m.valid_until = d.today then 'LAST_DAY' else 'BEFORE' end as kind,
        (m.valid_until + 1)::timestamp at time zone d.timezone as expires_at
      from d join members m on m.shop_id = d.id
      where m.status = 'ACTIVE' and m.phone is not null
        and m.valid_until >= d.today and m.valid_until <= d.today + d.days
        and (m.valid_until = d.today or m.valid_until - d.days >= m.valid_from)
        ${o.afterId ? sql`and m.id > ${o.afterId}::uuid` : sql``}
    )
    select c.id, c.shop_id, c.shop_name, c.number, c.full_name, c.phone, c.valid_until::text, c.kind,
      c.expires_at
    from c
    where not exists (
      select 1 from member_reminders r
      where r.member_id = c.id and r.period_until = c.valid_until and r.kind = c.kind)
    order by c.id
    limit ${o.limit}`);
  return rows.map((r) => ({
    memberId: r.id,
    shopId: r.shop_id,
    shopName: r.shop_name,
    number: r.number,
    fullName: r.full_name,
    phone: r.phone,
    validUntil: r.valid_until,
    kind: r.kind,
    expiresAt: r.expires_at,
  }));
}

type ReminderKey = Pick<ReminderDue, 'memberId' | 'validUntil' | 'kind'>;
const keyOf = (r: ReminderKey) => `${r.memberId}|${r.validUntil}|${r.kind}`;

/**
 * Record these reminders as sent; answers the keys of those recorded now (not by an earlier or a
 * parallel run: the unique key (member, period end, kind) lets each through once).
 */
export async function claimReminders(tx: Executor, due: ReminderKey[]): Promise<Set<string>> {
  if (!due.length) return new Set();
  const { rows } = await tx.execute<{ member_id: string; period_until: string; kind: ReminderKind }>(sql`
    insert into member_reminders (member_id, period_until, kind)
    select v.member_id, v.period_until, v.kind
    from unnest(${sql.param(due.map((r) => r.memberId))}::uuid[],
      ${sql.param(due.map((r) => r.validUntil))}::date[], ${sql.param(due.map((r) => r.kind))}::text[])
      as v(member_id, period_until, kind)
    join members m on m.id = v.member_id
    -- Still that period's pass: a renewal or a cancellation since the due list was read wins (its
    -- row lock is waited for, then the row read again).
    where m.status = 'ACTIVE' and m.valid_until = v.period_until
    for share of m
    on conflict do nothing
    returning member_id, period_until::text, kind`);
  return new Set(rows.map((r) => keyOf({ memberId: r.member_id, validUntil: r.period_until, kind: r.kind })));
}

export { keyOf as reminderKey };

/** Each recorded reminder names the outbox message that carries it. */
export async function linkReminderMessages(
  tx: Executor,
  sent: Array<ReminderKey & { messageId: string }>,
): Promise<void> {
  if (!sent.length) return;
  await tx.execute(sql`
    update member_reminders r set message_id = v.message_id
    from unnest(${sql.param(sent.map((r) => r.memberId))}::uuid[],
      ${sql.param(sent.map((r) => r.validUntil))}::date[], ${sql.param(sent.map((r) => r.kind))}::text[],
      ${sql.param(sent.map((r) => r.messageId))}::uuid[]) as v(member_id, period_until, kind, message_id)
    where r.member_id = v.member_id and r.period_until = v.period_until and r.kind = v.kind`);
}
