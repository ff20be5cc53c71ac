import type { ShopHours } from '@parking-hub/contracts/business-day';
import { calculateFee } from '@parking-hub/contracts/fee';
import type { FeeRule } from '@parking-hub/contracts/prices';
import { encodeShopKey, formatReference, secretFromBytes } from '@parking-hub/contracts/reference';
import { VEHICLE_TYPES, type VehicleType } from '@parking-hub/contracts/vehicles';
import { startOfDayIn } from '../../lib/time.ts';
import { paymentMethodFor, plateKey } from '../bills/bills.mapping.ts';
import { CANCEL_REASONS, PLATE_SERIES, type ShopTemplate } from './demo.catalog.ts';
import { ShopClock } from './demo.clock.ts';
import { type CopyWriter, uuidBytes } from './demo.copy.ts';
import type { DemoMember, DemoPass } from './demo.members.ts';
import { Random } from './demo.random.ts';
import { ROLLUP_METHODS, ShopRollup } from './demo.rollup.ts';

export interface DemoShop {
  id: string;
  seq: number;
  code: string;
  /** The main shop of a branch; null for a main shop. */
  parentId: string | null;
  /** The agent who serves the shop. */
  agentId: string;
  hours: ShopHours;
  template: ShopTemplate;
  /** Scales the template's traffic (branches are quieter). */
  scale: number;
  morning: string;
  evening: string;
  manager: string;
  rules: Map<VehicleType, FeeRule>;
  members: DemoMember[];
  /** The members' pass payments, written after the bills. */
  passes: DemoPass[];
}

export interface BillCounts {
  bills: number;
  parked: number;
  cancelled: number;
  lost: number;
  members: number;
}

/** The columns `ShopBills.writeDay` fills, in COPY order. */
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

const utf8 = (s: string) => Buffer.from(s, 'utf8');
const TYPE_BYTES = VEHICLE_TYPES.map(utf8);
const METHOD_BYTES = ROLLUP_METHODS.map(utf8);
const REASON_BYTES = CANCEL_REASONS.map(utf8);
const STATUS = {
  PARKED: utf8('PARKED'),
  CLOSED: utf8('CLOSED'),
  LOST: utf8('LOST'),
  CANCELLED: utf8('CANCELLED'),
};
const NIL_STAFF = uuidBytes('00000000-0000-0000-0000-000000000000');
const [MORNING, EVENING, MANAGER, NOBODY] = [0, 1, 2, 3];

type PlateBytes = [Buffer, Buffer | null];

/** A plate and its search key as COPY bytes. */
function plateBytes(plate: string): PlateBytes {
  const key = plateKey(plate);
  return [utf8(plate), key ? utf8(key) : null];
}

/** Passers-by's plates (a series and four digits) as bytes, made once per plate. */
const passerPlates = new Map<number, PlateBytes>();
function passerPlate(series: number, digits: number): PlateBytes {
  const id = series * 10_000 + digits;
  let b = passerPlates.get(id);
  if (!b) {
    b = plateBytes(`${PLATE_SERIES[series]} ${digits}`);
    passerPlates.set(id, b);
  }
  return b;
}

interface Fee {
  total: number;
  method: number;
  parts: Buffer;
}

/**
 * One shop's bills, a local day at a time: rush hours, weekdays, regular plates, members,
 * cancellations, lost tickets, stays across midnight and the vehicles still parked now. Fees
 * come from the same calculateFee the server uses. Each shop draws from its own seeded random
 * numbers, so shops can be generated side by side and still give the same data for a seed.
 */
export class ShopBills {
  readonly rollup: ShopRollup;
  number: number;
  private readonly rng: Random;
  private readonly clock: ShopClock;
  private readonly types: number[];
  private readonly weights: number[];
  private readonly regulars: PlateBytes[];
  private readonly shopKey: string;
  private readonly shopId: Buffer;
  private readonly staff: Buffer[];
  private readonly members: {
    idBytes: Buffer;
    number: string;
    plate: PlateBytes;
    periods: [number, number][];
  }[];
  private readonly fees = new Map<number, Fee>();
  private readonly secret = new Uint8Array(12);
  readonly today: number;

  constructor(
    private readonly shop: DemoShop,
    seed: number,
    private readonly now: number,
    private readonly counts: BillCounts,
    firstNumber = 1,
  ) {
    const t = shop.template;
    this.rng = new Random(seed);
    this.clock = new ShopClock(shop.hours);
    this.types = VEHICLE_TYPES.flatMap((v, i) => (shop.rules.has(v) && t.mix[v] ? [i] : []));
    this.weights = this.types.map((i) => t.mix[VEHICLE_TYPES[i] ?? 'MOTORBIKE'] ?? 0);
    this.regulars = Array.from({ length: 300 }, () =>
      plateBytes(`${this.rng.pick(PLATE_SERIES)} ${this.rng.int(1000, 9999)}`),
    );
    this.shopKey = encodeShopKey(shop.seq);
    this.shopId = uuidBytes(shop.id);
    this.staff = [uuidBytes(shop.morning), uuidBytes(shop.evening), uuidBytes(shop.manager), NIL_STAFF];
    this.members = shop.members.map((m) => ({
      idBytes: uuidBytes(m.id),
      number: m.number,
      plate: plateBytes(m.plate),
      periods: m.periods,
    }));
    this.rollup = new ShopRollup(this.shopId, this.staff);
    this.number = firstNumber;
    this.today = this.clock.calendarDay(now);
  }

  /** The check-in instants of one local day (days since 1970-01-01), in order. */
  private checkIns(day: number): number[] {
    const t = this.shop.template;
    const count = Math.round(
      t.perDay * this.shop.scale * (t.weekday[(day + 4) % 7] ?? 1) * (0.85 + this.rng.next() * 0.3),
    );
    const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    const start = startOfDayIn(date, this.shop.hours.timezone).getTime();
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const at = start + this.rng.weighted(t.hourly) * 3_600_000 + this.rng.int(0, 3599) * 1000;
      if (at <= this.now) times.push(at);
    }
    return times.sort((a, b) => a - b);
  }

  private plate(type: string): PlateBytes | null {
    if (type === 'BICYCLE' || (type === 'MOTORBIKE' && this.rng.chance(0.4))) return null;
    // A third of the plates belong to regulars, the first ones far more often (a long tail).
    if (this.rng.chance(0.35))
      return this.regulars[Math.floor(this.regulars.length * this.rng.next() ** 2.5)] ?? null;
    return passerPlate(this.rng.int(0, PLATE_SERIES.length - 1), this.rng.int(1000, 9999));
  }

  /**
   * The fee of a stay: a function of the rule, minutes, nights, lost and member only (a flat
   * rule's not of the minutes), so computed once per combination.
   */
  private fee(type: number, inAt: number, outAt: number, nights: number, lost: boolean, member: boolean) {
    const rule = this.shop.rules.get(VEHICLE_TYPES[type] ?? 'MOTORBIKE');
    if (!rule) throw new Error('no rule');
    const minutes = rule.mode === 'FLAT' ? 0 : Math.floor((outAt - inAt) / 60_000);
    const key = (((type * 2 + (lost ? 1 : 0)) * 2 + (member ? 1 : 0)) * 128 + nights) * 1_000_000 + minutes;
    const cacheable = nights < 128 && minutes < 1_000_000;
    let fee = cacheable ? this.fees.get(key) : undefined;
    if (!fee) {
      const hours = this.shop.hours;
      const r = calculateFee({
        rule,
        checkInAt: new Date(inAt),
        checkOutAt: new Date(outAt),
        hours,
        lost,
        member,
      });
      const method = paymentMethodFor(r.total, member, 'CASH');
      const parts = Buffer.concat([Buffer.from([1]), utf8(JSON.stringify(r.parts))]);
      fee = { total: r.total, method: ROLLUP_METHODS.indexOf(method), parts };
      if (cacheable) this.fees.set(key, fee);
    }
    return fee;
  }

  /** Writes the bills checked in on local day `day`, noting each row's check-in for sorting. */
  writeDay(day: number, out: CopyWriter, rows: { at: number[]; end: number[] }): void {
    const t = this.shop.template;
    const rng = this.rng;
    const clock = this.clock;
    for (const inAt of this.checkIns(day)) {
      const type = this.types[rng.weighted(this.weights)] ?? 0;
      const typeName = VEHICLE_TYPES[type] ?? 'MOTORBIKE';
      // A member's vehicle: free only on a business day one of their passes covers.
      const regular = this.members.length && rng.chance(0.06) ? rng.pick(this.members) : null;
      const plate = regular?.plate ?? this.plate(typeName);
      const longStay = rng.chance(0.012);
      const factor = typeName === 'MOTORBIKE' || typeName === 'BICYCLE' ? 1 : t.stay.carFactor;
      const minutes = longStay
        ? rng.int(720, 2400)
        : Math.max(3, rng.logNormal(t.stay.median * factor, t.stay.sigma));
      const outAt = inAt + Math.round(minutes * 60_000) + rng.int(0, 59) * 1000;
      const morning = clock.minuteOfDay(inAt) < 14 * 60;
      const inBy = rng.chance(0.05) ? MANAGER : morning !== rng.chance(0.1) ? MORNING : EVENING;
      const outBy = clock.minuteOfDay(outAt) < 14 * 60 ? MORNING : EVENING;
      for (let i = 0; i < 12; i++) this.secret[i] = rng.int(0, 31);
      const roll = rng.next();
      const cancelled = roll < 0.015;
      const lost = !cancelled && roll < 0.019;
      const parked = !cancelled && outAt > this.now;
      const closed = !cancelled && !parked;
      const cancelAt = cancelled ? Math.min(this.now, inAt + rng.int(60, 900) * 1000) : 0;
      const bizIn = clock.businessDay(inAt);
      const bizOut = clock.businessDay(outAt);
      const member = regular?.periods.some(([from, until]) => from <= bizIn && bizIn <= until)
        ? regular
        : null;
      let fee: Fee | null = null;
      let method = 0;
      if (closed) {
        fee = this.fee(type, inAt, outAt, Math.max(0, bizOut - bizIn), lost, member !== null);
        method = fee.method;
        if (t.qr && rng.chance(0.22) && method === 1) method = 2;
      }
      const prints = rng.chance(0.02) ? 2 : 1;
      const reason = cancelled ? rng.pick(REASON_BYTES) : null;
      const cancelBy = cancelled ? (rng.chance(0.5) ? MANAGER : inBy) : NOBODY;
      const bizCancel = cancelled ? clock.businessDay(cancelAt) : 0;

      this.counts.bills++;
      if (parked) this.counts.parked++;
      if (cancelled) this.counts.cancelled++;
      if (lost) this.counts.lost++;
      if (member) this.counts.members++;
      const [plateB, keyB] = plate ?? [null, null];
      out.row(BILL_COPY_COLUMNS.length);
      out.bytes(this.shopId);
      out.ascii(formatReference(this.shopKey, secretFromBytes(this.secret)));
      out.int4(this.number++);
      out.bytesOrNull(TYPE_BYTES[type]);
      out.bytesOrNull(plateB);
      out.bytesOrNull(keyB);
      out.bytesOrNull(member?.idBytes);
      if (member) out.ascii(member.number);
      else out.null();
      out.bytes(cancelled ? STATUS.CANCELLED : parked ? STATUS.PARKED : lost ? STATUS.LOST : STATUS.CLOSED);
      out.date(bizIn);
      out.timestamp(inAt);
      out.bytesOrNull(this.staff[inBy]);
      if (fee) {
        out.timestamp(outAt);
        out.bytesOrNull(this.staff[outBy]);
        out.date(bizOut);
        out.int4(fee.total);
        out.bytes(fee.parts);
        out.bytesOrNull(METHOD_BYTES[method]);
      } else for (let i = 0; i < 6; i++) out.null();
      out.int4(prints);
      if (cancelled) {
        out.bytesOrNull(reason);
        out.timestamp(cancelAt);
        out.bytesOrNull(this.staff[cancelBy]);
        out.date(bizCancel);
      } else for (let i = 0; i < 4; i++) out.null();
      out.timestamp(cancelled ? cancelAt : closed ? outAt : inAt);
      rows.at.push(inAt);
      rows.end.push(out.pos);

      this.rollup.add(clock.calendarDay(inAt), bizIn, type, inBy, 0, [1, 0, 0, 0, 0, 0]);
      if (fee) {
        const measures = [0, 1, lost ? 1 : 0, 0, fee.total, 0] as const;
        this.rollup.add(clock.calendarDay(outAt), bizOut, type, outBy, method, measures);
      }
      if (cancelled)
        this.rollup.add(clock.calendarDay(cancelAt), bizCancel, type, cancelBy, 0, [0, 0, 0, 1, 0, 0]);
    }
  }
}
