import { businessDate, localWallTime, type ShopHours } from '@parking-hub/contracts/business-day';
import { calculateFee } from '@parking-hub/contracts/fee';
import type { FeeRule } from '@parking-hub/contracts/prices';
import { encodeShopKey, formatReference, secretFromBytes } from '@parking-hub/contracts/reference';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import { startOfDayIn } from '../../lib/time.ts';
import { paymentMethodFor, plateKey } from '../bills/bills.mapping.ts';
import { CANCEL_REASONS, PLATE_SERIES, type ShopTemplate } from './demo.catalog.ts';
import type { Random } from './demo.random.ts';

export interface DemoShop {
  id: string;
  seq: number;
  hours: ShopHours;
  template: ShopTemplate;
  /** Scales the template's traffic (branches are quieter). */
  scale: number;
  morning: string;
  evening: string;
  manager: string;
  rules: Map<VehicleType, FeeRule>;
  members: { id: string; number: string; plate: string }[];
}

export interface BillCounts {
  bills: number;
  parked: number;
  cancelled: number;
  lost: number;
  members: number;
}

/** The columns `writeBills` fills, in COPY order. */
export const BILL_COPY_COLUMNS = [
  'shop_id',
  'reference',
  'number',
  'vehicle_type',
  'plate',
  'plate_key',
  'member_id',
  'member_number',
  'status',
  'business_date',
  'check_in_at',
  'check_in_by',
  'check_out_at',
  'check_out_by',
  'out_business_date',
  'fee',
  'fee_parts',
  'payment_method',
  'print_count',
  'cancel_reason',
  'cancelled_at',
  'cancelled_by',
  'cancel_business_date',
  'updated_at',
] as const;

type Cell = string | number | Date | null;
const text = (v: Cell) =>
  v === null ? '\\N' : v instanceof Date ? v.toISOString() : String(v).replace(/[\\\t\n\r]/g, ' ');

function plateFor(rng: Random, regulars: string[]): string {
  // A third of the plates belong to regulars, the first ones far more often (a long tail).
  if (regulars.length && rng.chance(0.35))
    return regulars[Math.floor(regulars.length * rng.next() ** 2.5)] ?? '';
  return `${rng.pick(PLATE_SERIES)} ${rng.int(1000, 9999)}`;
}

/** The check-in instants of one local day, in order. */
function dayCheckIns(rng: Random, shop: DemoShop, day: string, now: number): number[] {
  const t = shop.template;
  const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
  const count = Math.round(t.perDay * shop.scale * (t.weekday[dow] ?? 1) * (0.85 + rng.next() * 0.3));
  const start = startOfDayIn(day, shop.hours.timezone).getTime();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = start + rng.weighted(t.hourly) * 3_600_000 + rng.int(0, 3599) * 1000;
    if (at <= now) times.push(at);
  }
  return times.sort((a, b) => a - b);
}

/**
 * Realistic bills of one shop over `days` days up to `now`, as COPY text lines, numbered from
 * `firstNumber`: rush hours, weekdays, regular plates, members, cancellations, lost tickets, and
 * the vehicles still parked now. Fees come from the same calculateFee the server uses.
 */
export function* demoBills(
  rng: Random,
  shop: DemoShop,
  days: number,
  now: number,
  firstNumber: number,
  counts: BillCounts,
): Generator<string> {
  const t = shop.template;
  const types = Object.keys(t.mix).filter((v) => shop.rules.has(v as VehicleType)) as VehicleType[];
  const weights = types.map((v) => t.mix[v] ?? 0);
  const regulars = Array.from({ length: 300 }, () => `${rng.pick(PLATE_SERIES)} ${rng.int(1000, 9999)}`);
  const shopKey = encodeShopKey(shop.seq);
  const bytes = new Uint8Array(12);
  let number = firstNumber;
  const tz = shop.hours.timezone;
  const today = localWallTime(new Date(now), tz).date;
  for (let d = days - 1; d >= 0; d--) {
    const day = new Date(Date.parse(`${today}T00:00:00Z`) - d * 86_400_000).toISOString().slice(0, 10);
    for (const inAt of dayCheckIns(rng, shop, day, now)) {
      const type = types[rng.weighted(weights)] ?? 'MOTORBIKE';
      const rule = shop.rules.get(type);
      if (!rule) continue;
      const member = shop.members.length && rng.chance(0.06) ? rng.pick(shop.members) : null;
      const plate =
        member?.plate ??
        (type === 'BICYCLE' || (type === 'MOTORBIKE' && rng.chance(0.4)) ? null : plateFor(rng, regulars));
      const longStay = rng.chance(0.012);
      const factor = type === 'MOTORBIKE' || type === 'BICYCLE' ? 1 : t.stay.carFactor;
      const minutes = longStay
        ? rng.int(720, 2400)
        : Math.max(3, rng.logNormal(t.stay.median * factor, t.stay.sigma));
      const outAt = inAt + Math.round(minutes * 60_000) + rng.int(0, 59) * 1000;
      const morning = localWallTime(new Date(inAt), tz).minutes < 14 * 60;
      const inBy = rng.chance(0.05)
        ? shop.manager
        : morning !== rng.chance(0.1)
          ? shop.morning
          : shop.evening;
      const outBy = localWallTime(new Date(outAt), tz).minutes < 14 * 60 ? shop.morning : shop.evening;
      for (let i = 0; i < 12; i++) bytes[i] = rng.int(0, 31);
      const roll = rng.next();
      const cancelled = roll < 0.015;
      const lost = !cancelled && roll < 0.019;
      const parked = !cancelled && outAt > now;
      const cancelAt = cancelled ? new Date(Math.min(now, inAt + rng.int(60, 900) * 1000)) : null;
      let fee: number | null = null;
      let parts: string | null = null;
      let method: string | null = null;
      if (!cancelled && !parked) {
        const result = calculateFee({
          rule,
          checkInAt: new Date(inAt),
          checkOutAt: new Date(outAt),
          hours: shop.hours,
          lost,
          member: member !== null,
        });
        fee = result.total;
        parts = JSON.stringify(result.parts);
        method = paymentMethodFor(fee, member !== null, t.qr && rng.chance(0.22) ? 'QR' : undefined);
      }
      counts.bills++;
      if (parked) counts.parked++;
      if (cancelled) counts.cancelled++;
      if (lost) counts.lost++;
      if (member) counts.members++;
      const closed = !cancelled && !parked;
      const row: Cell[] = [
        shop.id,
        formatReference(shopKey, secretFromBytes(bytes)),
        number++,
        type,
        plate,
        plateKey(plate),
        member?.id ?? null,
        member?.number ?? null,
        cancelled ? 'CANCELLED' : parked ? 'PARKED' : lost ? 'LOST' : 'CLOSED',
        businessDate(new Date(inAt), shop.hours),
        new Date(inAt),
        inBy,
        closed ? new Date(outAt) : null,
        closed ? outBy : null,
        closed ? businessDate(new Date(outAt), shop.hours) : null,
        fee,
        parts,
        method,
        rng.chance(0.02) ? 2 : 1,
        cancelled ? rng.pick(CANCEL_REASONS) : null,
        cancelAt,
        cancelled ? (rng.chance(0.5) ? shop.manager : inBy) : null,
        cancelAt ? businessDate(cancelAt, shop.hours) : null,
        cancelAt ?? (closed ? new Date(outAt) : new Date(inAt)),
      ];
      yield `${row.map(text).join('\t')}\n`;
    }
  }
}
