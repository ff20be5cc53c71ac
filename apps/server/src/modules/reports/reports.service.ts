import { addDaysToDate, businessDate, calendarDate, daysBetween } from '@parking-hub/contracts/business-day';
import type { PageMeta } from '@parking-hub/contracts/envelope';
import {
  addMeasures,
  emptyMeasures,
  type ReportBalance,
  type ReportBalanceBody,
  type ReportByDate,
  type ReportByMonth,
  type ReportCancel,
  type ReportCancelBody,
  type ReportChart,
  type ReportCustomers,
  type ReportCustomersBody,
  type ReportMeasures,
  type ReportPaymentByStaff,
  type ReportPaymentByStaffBody,
  type ReportRangeBody,
} from '@parking-hub/contracts/reports';
import { VEHICLE_TYPES, type VehicleType } from '@parking-hub/contracts/vehicles';
import type { Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import { isShopInScope, shopExists } from '../../tenancy/scope.ts';
import { cancelledBills, cancelSums } from './cancelled.repository.ts';
import { regularPlates } from './customers.repository.ts';
import {
  type Grain,
  parkedNow,
  type ReportShops,
  type RollupSums,
  reportShopList,
  type ShopInfo,
  staffNames,
  sumsByPeriod,
  sumsByShop,
  sumsByStaff,
  sumsOnShopDates,
} from './reports.repository.ts';

/** The nil uuid the rollup keeps for "nobody recorded". */
const NOBODY = '00000000-0000-0000-0000-000000000000';
const TOP_SHOPS = 20;

/** One shop asked for: it must be in the caller's scope (403), and exist (404). */
export async function reportShops(
  db: Executor,
  ctx: AuthedContext,
  shopId: string | undefined,
): Promise<ReportShops> {
  if (shopId && !(await isShopInScope(db, ctx.actor, shopId))) {
    if (!(await shopExists(db, shopId))) throw notFound('errors.shopNotFound');
    throw forbidden('errors.shopOutOfScope');
  }
  return { actor: ctx.actor, shopId };
}

/**
 * Add one rollup group to report figures: the payment method says which columns its check-outs
 * fill. Pass payments (PASS_CASH / PASS_QR) are money taken in cash or by QR like a fee, counted
 * as passes, not tickets.
 */
export function addSums(m: ReportMeasures, r: RollupSums): ReportMeasures {
  m.billsIn += r.billsIn;
  m.billsOut += r.billsOut;
  m.lost += r.lost;
  m.cancelled += r.cancelled;
  m.cancelledAmount += r.cancelledAmount;
  m.amount += r.amount;
  if (r.method === 'CASH') {
    m.cashCount += r.billsOut;
    m.cashAmount += r.amount;
  } else if (r.method === 'QR') {
    m.qrCount += r.billsOut;
    m.qrAmount += r.amount;
  } else if (r.method === 'MEMBER') m.memberCount += r.billsOut;
  else if (r.method === 'FREE') m.freeCount += r.billsOut;
  else if (r.method === 'PASS_CASH' || r.method === 'PASS_QR') {
    m.passCount += r.passes;
    m.passAmount += r.amount;
    if (r.method === 'PASS_CASH') m.cashAmount += r.amount;
    else m.qrAmount += r.amount;
  }
  return m;
}

/** Figures grouped by a key, every group starting from zeros. */
class Groups<K extends string> {
  readonly map = new Map<K, ReportMeasures>();
  constructor(keys: Iterable<K> = []) {
    for (const k of keys) this.map.set(k, emptyMeasures());
  }
  add(key: K, r: RollupSums) {
    let m = this.map.get(key);
    if (!m) {
      m = emptyMeasures();
      this.map.set(key, m);
    }
    addSums(m, r);
  }
  get(key: K): ReportMeasures {
    return this.map.get(key) ?? emptyMeasures();
  }
}

function totalOf(rows: Iterable<RollupSums>): ReportMeasures {
  const t = emptyMeasures();
  for (const r of rows) addSums(t, r);
  return t;
}

/** Figures per vehicle type, in the usual order of types: those with figures, and `alsoTypes`. */
function byVehicle(rows: Array<RollupSums & { vehicleType: string }>, alsoTypes: string[] = []) {
  const groups = new Groups<string>(alsoTypes);
  for (const r of rows) groups.add(r.vehicleType, r);
  return VEHICLE_TYPES.filter((v) => groups.map.has(v)).map((v) => ({ vehicleType: v, ...groups.get(v) }));
}

/** Every date from `from` to `to`. */
export function datesOf(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: n + 1 }, (_, i) => addDaysToDate(from, i));
}

/** Every month ('YYYY-MM') the period touches. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    m = m === 12 ? 1 : m + 1;
    if (m === 1) y++;
  }
}

async function periodReport(db: Executor, target: ReportShops, body: ReportRangeBody, grain: Grain) {
  const rows = await sumsByPeriod(db, target, body, grain);
  const keys = grain === 'day' ? datesOf(body.from, body.to) : monthsOf(body.from, body.to);
  const periods = new Groups<string>(keys);
  for (const r of rows) periods.add(r.period, r);
  return {
    periods: keys.map((k) => ({ key: k, ...periods.get(k) })),
    byVehicle: byVehicle(rows),
    totals: totalOf(rows),
  };
}

/** `report/bill/date`: every day of the period. */
export async function reportByDate(
  db: Executor,
  ctx: AuthedContext,
  body: ReportRangeBody,
): Promise<ReportByDate> {
  const r = await periodReport(db, await reportShops(db, ctx, body.shopId), body, 'day');
  return {
    rows: r.periods.map(({ key, ...m }) => ({ date: key, ...m })),
    byVehicle: r.byVehicle,
    totals: r.totals,
  };
}

/** `report/bill/month`: every month the period touches (its first and last only in part). */
export async function reportByMonth(
  db: Executor,
  ctx: AuthedContext,
  body: ReportRangeBody,
): Promise<ReportByMonth> {
  const r = await periodReport(db, await reportShops(db, ctx, body.shopId), body, 'month');
  return {
    rows: r.periods.map(({ key, ...m }) => ({ month: key, ...m })),
    byVehicle: r.byVehicle,
    totals: r.totals,
  };
}

function shopRow(shop: ShopInfo, m: ReportMeasures) {
  return { shopId: shop.id, shopName: shop.name, shopCode: shop.code, ...m };
}

/** `report/chart`: the days of the period and the shops with the most taken. */
export async function reportChart(
  db: Executor,
  ctx: AuthedContext,
  body: ReportRangeBody,
): Promise<ReportChart> {
  const target = await reportShops(db, ctx, body.shopId);
  const [days, shopSums, shopList] = await Promise.all([
    periodReport(db, target, body, 'day'),
    sumsByShop(db, target, body),
    reportShopList(db, target),
  ]);
  const perShop = new Groups<string>();
  for (const r of shopSums) perShop.add(r.shopId, r);
  const shops = shopList
    .filter((s) => perShop.map.has(s.id))
    .map((s) => shopRow(s, perShop.get(s.id)))
    .sort((a, b) => b.amount - a.amount || b.billsIn - a.billsIn || a.shopName.localeCompare(b.shopName))
    .slice(0, TOP_SHOPS);
  return {
    days: days.periods.map(({ key, ...m }) => ({ date: key, ...m })),
    shops,
    totals: days.totals,
  };
}

/**
 * `report/balance-for-shop` (today) and `balance-yesterday`: each shop's own day — its calendar
 * date in its zone, or its current business day — and the vehicles inside now.
 */
export async function reportBalance(
  db: Executor,
  ctx: AuthedContext,
  body: ReportBalanceBody,
  daysBack: 0 | 1,
  now = new Date(),
): Promise<ReportBalance> {
  const target = await reportShops(db, ctx, body.shopId);
  const shopList = await reportShopList(db, target);
  const dates = shopList.map((s) => {
    const today = body.byClosing ? businessDate(now, s) : calendarDate(now, s.timezone);
    return { shopId: s.id, date: addDaysToDate(today, -daysBack) };
  });
  const [rows, parked] = await Promise.all([
    sumsOnShopDates(db, dates, body.byClosing),
    parkedNow(db, target),
  ]);
  const perShop = new Groups<string>();
  for (const r of rows) perShop.add(r.shopId, r);
  const parkedByShop = new Map<string, number>();
  const parkedByType = new Map<string, number>();
  for (const p of parked) {
    parkedByShop.set(p.shopId, (parkedByShop.get(p.shopId) ?? 0) + p.count);
    parkedByType.set(p.vehicleType, (parkedByType.get(p.vehicleType) ?? 0) + p.count);
  }
  const vehicles = byVehicle(
    rows,
    parked.map((p) => p.vehicleType),
  );
  return {
    shops: shopList.map((s, i) => ({
      ...shopRow(s, perShop.get(s.id)),
      date: dates[i]?.date ?? '',
      parkedNow: parkedByShop.get(s.id) ?? 0,
    })),
    byVehicle: vehicles.map((v) => ({ ...v, parkedNow: parkedByType.get(v.vehicleType) ?? 0 })),
    totals: { ...totalOf(rows), parkedNow: [...parkedByShop.values()].reduce((a, b) => a + b, 0) },
  };
}

/** `report/payment-by-staff`: what each staff member took in, with the cash they handed in. */
export async function reportPaymentByStaff(
  db: Executor,
  ctx: AuthedContext,
  body: ReportPaymentByStaffBody,
): Promise<ReportPaymentByStaff> {
  const target = await reportShops(db, ctx, body.shopId);
  const [rows, shopList] = await Promise.all([sumsByStaff(db, target, body), reportShopList(db, target)]);
  const groups = new Groups<string>();
  for (const r of rows) groups.add(`${r.shopId}|${r.staffId}`, r);
  const names = await staffNames(
    db,
    [...new Set(rows.map((r) => r.staffId))].filter((id) => id !== NOBODY),
  );
  const shopsById = new Map(shopList.map((s) => [s.id, s]));
  const counted = new Map((body.counted ?? []).map((c) => [`${c.shopId}|${c.staffId}`, c.amount]));
  const out = [...groups.map.entries()].flatMap(([key, m]) => {
    const [shopId = '', staffId = ''] = key.split('|');
    const shop = shopsById.get(shopId);
    if (!shop) return [];
    const person = staffId === NOBODY ? undefined : names.get(staffId);
    const handedIn = counted.get(key);
    return [
      {
        ...shopRow(shop, m),
        staffId: staffId === NOBODY ? null : staffId,
        staffName: person?.fullName ?? null,
        username: person?.username ?? null,
        counted: handedIn ?? null,
        difference: handedIn === undefined ? null : handedIn - m.cashAmount,
      },
    ];
  });
  out.sort(
    (a, b) =>
      a.shopName.localeCompare(b.shopName) ||
      a.shopId.localeCompare(b.shopId) ||
      (a.staffName ?? '\uffff').localeCompare(b.staffName ?? '\uffff') ||
      (a.staffId ?? '').localeCompare(b.staffId ?? ''),
  );
  const totals = out.reduce((t, r) => addMeasures(t, r), emptyMeasures());
  const withCount = out.filter((r) => r.counted !== null);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    rows: out,
    totals: {
      ...totals,
      counted: withCount.length ? sum(withCount.map((r) => r.counted ?? 0)) : null,
      difference: withCount.length ? sum(withCount.map((r) => r.difference ?? 0)) : null,
    },
  };
}

/** `report/bill/cancel`: who cancelled what, when and why. */
export async function reportCancel(
  db: Executor,
  ctx: AuthedContext,
  body: ReportCancelBody,
): Promise<{ data: ReportCancel; meta: PageMeta }> {
  const target = await reportShops(db, ctx, body.shopId);
  const [sums, list] = await Promise.all([
    cancelSums(db, target, body),
    cancelledBills(db, target, body, { limit: body.pageSize, offset: pageOffset(body) }),
  ]);
  const staff = new Map<string | null, { count: number; amount: number }>();
  const dates = new Map<string, { count: number; amount: number }>();
  const bump = <K>(
    map: Map<K, { count: number; amount: number }>,
    key: K,
    s: { count: number; amount: number },
  ) => {
    const g = map.get(key) ?? { count: 0, amount: 0 };
    g.count += s.count;
    g.amount += s.amount;
    map.set(key, g);
  };
  let count = 0;
  let amount = 0;
  for (const s of sums) {
    count += s.count;
    amount += s.amount;
    bump(staff, s.staffId, s);
    bump(dates, s.date, s);
  }
  const names = await staffNames(
    db,
    [...staff.keys()].filter((k): k is string => k !== null),
  );
  return {
    data: {
      totals: { count, amount },
      byStaff: [...staff.entries()]
        .map(([staffId, g]) => {
          const person = staffId ? names.get(staffId) : undefined;
          return { staffId, staffName: person?.fullName ?? null, username: person?.username ?? null, ...g };
        })
        .sort((a, b) => b.count - a.count || (a.staffName ?? '').localeCompare(b.staffName ?? '')),
      byDate: [...dates.entries()]
        .map(([date, g]) => ({ date, ...g }))
        .sort((a, b) => a.date.localeCompare(b.date)),
      bills: list.map((b) => ({
        ...b,
        vehicleType: b.vehicleType as VehicleType,
        number: Number(b.number),
        amount: Number(b.amount),
        checkInAt: iso(new Date(b.checkInAt)),
        cancelledAt: iso(new Date(b.cancelledAt)),
      })),
    },
    meta: pageMeta(body, count),
  };
}

/** `report/customer-important`: plates that came back at least `minVisits` times. */
export async function reportCustomers(
  db: Executor,
  ctx: AuthedContext,
  body: ReportCustomersBody,
): Promise<ReportCustomers> {
  const target = await reportShops(db, ctx, body.shopId);
  const rows = await regularPlates(db, target, body);
  const first = rows[0];
  return {
    totalPlates: first?.totalPlates ?? 0,
    totalVisits: Number(first?.totalVisits ?? 0),
    totalAmount: Number(first?.totalAmount ?? 0),
    rows: rows.map((r) => ({
      shopId: r.shopId,
      shopName: r.shopName,
      shopCode: r.shopCode,
      plate: r.plate,
      plateKey: r.plateKey,
      vehicleType: r.vehicleType as VehicleType,
      visits: r.visits,
      amount: Number(r.amount),
      firstAt: iso(new Date(r.firstAt)),
      lastAt: iso(new Date(r.lastAt)),
    })),
  };
}
