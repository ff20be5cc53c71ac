import { addDaysToDate, calendarDate, dayText } from '@parking-hub/contracts/business-day';
import type { DailySummaryResult } from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { audit } from '../audit/audit.service.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { kipText } from './sending.service.ts';

/**
 * The morning summary (issue 15): each ACTIVE shop (main shops and branches alike) with a WhatsApp
 * number gets its last business day that is over — the one before its current business day (its
 * own zone and hours; a shop without hours: its yesterday) — from the report rollup:
 * tickets issued, vehicles out, money taken, tickets cancelled. Once per shop and day: a
 * `daily_summaries` row is claimed (insert … on conflict do nothing) in the transaction that queues
 * the message, so a second run, or two instances at once, send nothing more; `again` sends anyway
 * (the row then points at the newest message). Shops go `batch` at a time, each batch one read of
 * the figures for all its shops and one transaction.
 */

export interface DailySummaryOptions {
  /** The job's clock (tests move it). */
  now?: Date;
  /** This day for every shop instead of each shop's yesterday. */
  day?: string | undefined;
  again?: boolean | undefined;
  shopIds?: readonly string[] | undefined;
  /** Shops per transaction. */
  batch?: number;
}

type ShopDay = {
  id: string;
  name: string;
  whatsapp: string | null;
  day: string;
  billsIn: number;
  billsOut: number;
  amount: number;
  cancelled: number;
};

const BATCH = 1000;

const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * The shop's last business day that is over: the business day before its current one
 * (`businessDate(now, hours) − 1` in contracts/business-day.ts; for a shop without hours, its
 * calendar yesterday in its zone). A day is never summarised while it can still change: its
 * closing time is not its end, which is the day cut in the middle of the closed hours. So a shop
 * open 08:00–17:00 (cut 00:30) asked at 18:00 gets yesterday, and today's complete figures the next
 * morning; a night shop 18:00–02:00 (cut 10:00) at 07:00 gets the night before last, since last
 * night's check-outs may still come until 10:00 — it gets last night the next morning. The claim
 * (once per shop and day) therefore never takes a day whose figures are not final.
 */
function lastClosedDay(now: Date) {
  return sql`shop_business_date(${now.toISOString()}::timestamptz, timezone, open_shop, close_shop) - 1`;
}

/** Up to `limit` ACTIVE shops after `afterId` (id order) with their day's figures. */
async function shopDays(
  db: Executor,
  o: {
    now: Date;
    day: string | undefined;
    shopIds: readonly string[] | undefined;
    afterId: string | null;
    limit: number;
  },
): Promise<ShopDay[]> {
  const { rows } = await db.execute<ShopDay>(sql`
    with s as (
      select id, name, nullif(whatsapp, '') as whatsapp,
             ${o.day ? sql`${o.day}::date` : lastClosedDay(o.now)} as day
        from shops
       where status = 'ACTIVE'
         ${o.afterId ? sql`and id > ${o.afterId}::uuid` : sql``}
         ${o.shopIds ? sql`and id = any(${uuidArray(o.shopIds)}::uuid[])` : sql``}
       order by id
       limit ${o.limit}
    )
    select s.id, s.name, s.whatsapp, to_char(s.day, 'YYYY-MM-DD') as day,
           coalesce(r.bills_in, 0)::int as "billsIn", coalesce(r.bills_out, 0)::int as "billsOut",
           coalesce(r.amount, 0)::float8 as amount, coalesce(r.cancelled, 0)::int as cancelled
      from s
      left join lateral (
        select sum(d.bills_in) as bills_in, sum(d.bills_out) as bills_out, sum(d.amount) as amount,
               sum(d.cancelled) as cancelled
          from report_daily d where d.shop_id = s.id and d.biz_date = s.day
      ) r on true
     order by s.id`);
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/**
 * Claim each shop's day: the shops whose row this call made (or, with `again`, every one given).
 * Set-based: one statement for the batch.
 */
async function claimDays(tx: Executor, shops: readonly ShopDay[], again: boolean): Promise<Set<string>> {
  if (!shops.length) return new Set();
  const { rows } = await tx.execute<{ shop_id: string }>(sql`
    insert into daily_summaries (shop_id, day)
    select * from unnest(${uuidArray(shops.map((s) => s.id))}::uuid[], ${`{${shops.map((s) => s.day).join(',')}}`}::date[])
    on conflict (shop_id, day) do ${again ? sql`update set created_at = now()` : sql`nothing`}
    returning shop_id`);
  return new Set(rows.map((r) => r.shop_id));
}

async function linkMessages(tx: Executor, sent: ReadonlyArray<{ shop: ShopDay; messageId: string }>) {
  if (!sent.length) return;
  await tx.execute(sql`
    update daily_summaries d set message_id = v.message_id
      from unnest(${uuidArray(sent.map((s) => s.shop.id))}::uuid[],
                  ${`{${sent.map((s) => s.shop.day).join(',')}}`}::date[],
                  ${uuidArray(sent.map((s) => s.messageId))}::uuid[]) as v(shop_id, day, message_id)
     where d.shop_id = v.shop_id and d.day = v.day`);
}

export async function runDailySummary(
  deps: { db: Db; outbox: Outbox; config: Config },
  o: DailySummaryOptions = {},
): Promise<DailySummaryResult> {
  const now = o.now ?? new Date();
  const limit = o.batch ?? BATCH;
  const result: DailySummaryResult = {
    day: o.day ?? addDaysToDate(calendarDate(now, deps.config.platformTimezone), -1),
    queued: 0,
    alreadySent: 0,
    noWhatsapp: 0,
  };
  let afterId: string | null = null;
  for (;;) {
    const shops: ShopDay[] = await shopDays(deps.db, {
      now,
      day: o.day,
      shopIds: o.shopIds,
      afterId,
      limit,
    });
    if (!shops.length) break;
    const reachable = shops.filter((s) => s.whatsapp);
    result.noWhatsapp += shops.length - reachable.length;
    const queued = await deps.db.transaction(async (tx) => {
      const claimed = await claimDays(tx, reachable, o.again === true);
      const sent: Array<{ shop: ShopDay; messageId: string }> = [];
      for (const shop of reachable) {
        if (!claimed.has(shop.id)) continue;
        const { id } = await deps.outbox.enqueue(tx, {
          channel: 'WHATSAPP',
          recipient: shop.whatsapp ?? '',
          kind: 'daily_summary',
          language: 'lo',
          params: {
            shop: shop.name,
            day: dayText(shop.day),
            ticketsIn: shop.billsIn.toLocaleString('en-US'),
            vehiclesOut: shop.billsOut.toLocaleString('en-US'),
            amount: kipText(shop.amount),
            cancelled: shop.cancelled.toLocaleString('en-US'),
          },
          shopId: shop.id,
          cause: 'report.daily_summary',
          causeId: shop.id,
        });
        sent.push({ shop, messageId: id });
      }
      await linkMessages(tx, sent);
      return sent.length;
    });
    result.queued += queued;
    result.alreadySent += reachable.length - queued;
    if (queued) deps.outbox.nudge();
    afterId = shops.at(-1)?.id ?? null;
    if (shops.length < limit) break;
  }
  return result;
}

/** `POST /v1/report-daily`: the job now, for an admin, audited once with what it did. */
export async function dailySummaryCall(
  deps: { db: Db; outbox: Outbox; config: Config },
  ctx: AuthedContext,
  body: { day?: string | undefined; again?: boolean | undefined; shopIds?: string[] | undefined } = {},
): Promise<DailySummaryResult> {
  const result = await runDailySummary(deps, { day: body.day, again: body.again, shopIds: body.shopIds });
  await deps.db.transaction((tx) =>
    audit(tx, ctx, {
      action: 'report.daily_summary',
      entity: 'message',
      shopId: null,
      before: null,
      after: { ...result, again: body.again === true, shopIds: body.shopIds ?? null },
    }),
  );
  return result;
}
