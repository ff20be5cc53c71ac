import {
  DEFAULT_LOW_PAPER_DAYS,
  type LowPaperBody,
  type LowPaperRow,
  PACE_DAYS,
  type RollSettings,
  type RollStockBody,
  type TicketCheckBody,
  type TicketCheckRow,
} from '@parking-hub/contracts/rolls';
import type { Db } from '../../db/client.ts';
import { shopPaper } from '../../db/schema/rolls.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';
import { isShopInScope, shopScope } from '../../tenancy/scope.ts';
import { audit } from '../audit/audit.service.ts';
import { readSetting, writeSetting } from '../outbox/settings.repository.ts';
import { lowPaperCounts, lowPaperRows, serialsOutside, ticketCheckRows } from './paper.repository.ts';
import { listStock } from './rolls.repository.ts';
import { todayIn } from './rolls.service.ts';

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const SETTINGS_KEY = 'rolls.settings';
const isAdmin = (ctx: AuthedContext) => ctx.actor.role === 'SUPER-ADMIN' || ctx.actor.role === 'ADMIN';

export async function rollSettings(db: Db): Promise<RollSettings> {
  const stored = await readSetting<Partial<RollSettings>>(db, SETTINGS_KEY);
  return { lowPaperDays: stored?.lowPaperDays ?? DEFAULT_LOW_PAPER_DAYS };
}

export async function saveRollSettings(
  db: Db,
  ctx: AuthedContext,
  body: RollSettings,
): Promise<RollSettings> {
  return db.transaction(async (tx) => {
    const before = await rollSettings(db);
    await writeSetting(tx, SETTINGS_KEY, body);
    await audit(tx, ctx, { action: 'roll.settings', entity: 'roll_settings', before, after: body });
    return body;
  });
}

/** Each agent's stock; an agent sees their own only. */
export async function stock(db: Db, ctx: AuthedContext, body: RollStockBody) {
  if (!isAdmin(ctx)) {
    if (body.personId && body.personId !== ctx.actor.id) return [];
    return listStock(db, ctx.actor.id);
  }
  return listStock(db, body.personId);
}

async function assertShop(db: Db, ctx: AuthedContext, shopId: string | undefined) {
  if (shopId && !(await isShopInScope(db, ctx.actor, shopId))) throw notFound('errors.shopNotFound');
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function lowPaper(db: Db, ctx: AuthedContext, timezone: string, body: LowPaperBody) {
  await assertShop(db, ctx, body.shopId);
  const { lowPaperDays } = await rollSettings(db);
  const query = {
    scope: shopScope(ctx.actor, shopPaper.shopId),
    shopId: body.shopId,
    onlyLow: body.onlyLow ?? false,
    lowPaperDays,
    today: todayIn(timezone),
    limit: body.pageSize,
    offset: pageOffset(body),
  };
  const raw = await lowPaperRows(db, query);
  const counts = raw[0]
    ? { total: Number(raw[0].total), lowCount: Number(raw[0].lowCount) }
    : await lowPaperCounts(db, query);
  const data: LowPaperRow[] = raw.map((r) => {
    const deliveredTickets = Number(r.deliveredTickets);
    const printed = Number(r.printed);
    const recentPrints = Number(r.recentPrints);
    return {
      shopId: r.shopId,
      shopName: r.shopName,
      shopCode: r.shopCode,
      firstDeliveryOn: r.firstDeliveryOn,
      deliveredTickets,
      printed,
      remaining: deliveredTickets - printed,
      recentPrints,
      pacePerDay: round1(recentPrints / PACE_DAYS),
      daysLeft: r.daysLeft === null ? null : Number(r.daysLeft),
      low: r.low,
    };
  });
  const filteredTotal = query.onlyLow ? counts.lowCount : counts.total;
  return { data, meta: { ...pageMeta(body, filteredTotal), lowPaperDays, lowCount: counts.lowCount } };
}

function monthBounds(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { monthStart: `${month}-01`, nextMonth: `${next}-01` };
}

export async function ticketCheck(db: Db, ctx: AuthedContext, timezone: string, body: TicketCheckBody) {
  await assertShop(db, ctx, body.shopId);
  const bounds = monthBounds(body.month);
  // Over everywhere (zones are within a day of the platform's): its figures can be kept.
  const past = bounds.nextMonth < addDays(todayIn(timezone), -1);
  const query = {
    scope: shopScope(ctx.actor, shopPaper.shopId),
    shopId: body.shopId,
    onlyFlagged: body.onlyFlagged ?? false,
    past,
    ...bounds,
    limit: body.pageSize,
    offset: pageOffset(body),
  };
  let raw = await ticketCheckRows(db, query);
  let counts = raw[0] ? { total: Number(raw[0].total), flagged: Number(raw[0].flaggedCount) } : null;
  if (!counts) {
    const first = (await ticketCheckRows(db, { ...query, onlyFlagged: false, limit: 1, offset: 0 }))[0];
    counts = { total: Number(first?.total ?? 0), flagged: Number(first?.flaggedCount ?? 0) };
    raw = [];
  }
  const rows: TicketCheckRow[] = raw.map((r) => {
    const deliveredTotal = Number(r.deliveredTotal);
    const printedTotal = Number(r.printedTotal);
    return {
      shopId: r.shopId,
      shopName: r.shopName,
      shopCode: r.shopCode,
      firstDeliveryOn: r.firstDeliveryOn,
      deliveredMonth: Number(r.deliveredMonth),
      printedMonth: Number(r.printedMonth),
      deliveredTotal,
      printedTotal,
      balance: deliveredTotal - printedTotal,
      flagged: r.flagged,
    };
  });
  const outsideSerials = body.shopId
    ? await serialsOutside(db, body.shopId, bounds.monthStart, bounds.nextMonth)
    : null;
  const total = query.onlyFlagged ? counts.flagged : counts.total;
  return {
    data: { rows, outsideSerials, flaggedCount: counts.flagged },
    meta: pageMeta(body, total),
  };
}
