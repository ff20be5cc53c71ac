import { businessDate, type ShopHours } from '@parking-hub/contracts/business-day';
import { addDays, daysBetween, type PassMonths, passPeriod } from '@parking-hub/contracts/members';
import type pg from 'pg';
import { startOfDayIn } from '../../lib/time.ts';
import { plateKey } from '../bills/bills.mapping.ts';
import { PLATE_SERIES, STAFF_NAMES } from './demo.catalog.ts';
import type { Random } from './demo.random.ts';

/** The demo's pass prices (issue 14), on every shop's motorbike and car rules. */
export const DEMO_PASS_PRICES = {
  MOTORBIKE: { 1: 60_000, 3: 170_000, 6: 320_000, 12: 600_000 },
  CAR: { 1: 150_000, 3: 420_000, 6: 800_000, 12: 1_500_000 },
} as const satisfies Record<string, Record<PassMonths, number>>;
type PassType = keyof typeof DEMO_PASS_PRICES;

/** Cards in each main shop's pool: M-001…M-200. */
export const DEMO_CARDS = 200;
const LENGTHS: readonly PassMonths[] = [1, 3, 6, 12];
const LENGTH_WEIGHTS = [50, 25, 15, 10];

/** A pass payment, written after the bills (its trigger counts it into the report rollup). */
export interface DemoPass {
  shopId: string;
  memberId: string;
  numberId: string;
  kind: 'SELL' | 'RENEW';
  vehicleType: PassType;
  months: number;
  amount: number;
  method: 'CASH' | 'QR';
  periodFrom: string;
  periodUntil: string;
  takenBy: string;
  takenAt: Date;
}

/** A member as the bill generator needs them: a bill is free on a business day a period covers. */
export interface DemoMember {
  id: string;
  number: string;
  plate: string;
  /** The periods paid for, as business days since 1970-01-01 (both ends included). */
  periods: [number, number][];
}

interface Story {
  /** Where the demo's story starts (the first sale at the earliest) and now. */
  start: Date;
  now: Date;
  hours: ShopHours;
  staff: string[];
  qr: boolean;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * One member's passes: a sale some day of the story, then renewals a few days before each end
 * (now and then late, after a gap), until a renewal would be after now or the member stops. Each
 * payment at a daytime hour of its day; its business day starts the period (contracts passPeriod).
 */
function passesOf(rng: Random, story: Story, type: PassType) {
  const today = businessDate(story.now, story.hours);
  const first = businessDate(story.start, story.hours);
  const payments: Omit<DemoPass, 'shopId' | 'memberId' | 'numberId'>[] = [];
  let payDay = addDays(today, -rng.int(0, daysBetween(first, today)));
  let months = LENGTHS[rng.weighted(LENGTH_WEIGHTS)] ?? 1;
  let until: string | null = null;
  let validFrom = payDay;
  for (;;) {
    const local = startOfDayIn(payDay, story.hours.timezone).getTime() + rng.int(10 * 60, 19 * 60) * 60_000;
    const takenAt = new Date(Math.min(local, story.now.getTime() - rng.int(5, 120) * 60_000));
    const day = businessDate(takenAt, story.hours);
    const period = passPeriod(until, day, months);
    if (until === null || period.from > addDays(until, 1)) validFrom = period.from;
    payments.push({
      kind: until === null ? 'SELL' : 'RENEW',
      vehicleType: type,
      months,
      amount: DEMO_PASS_PRICES[type][months as PassMonths],
      method: story.qr && rng.chance(0.3) ? 'QR' : 'CASH',
      periodFrom: period.from,
      periodUntil: period.until,
      takenBy: rng.pick(story.staff),
      takenAt,
    });
    until = period.until;
    // Renewed a few days before the end, or late after a gap; some stop.
    payDay = rng.chance(0.15) ? addDays(until, rng.int(1, 10)) : addDays(until, -rng.int(0, 6));
    if (payDay > today || rng.chance(0.12)) break;
    if (rng.chance(0.2)) months = LENGTHS[rng.weighted(LENGTH_WEIGHTS)] ?? months;
  }
  return { payments, validFrom, validUntil: until, today };
}

/**
 * A main shop's card pool (M-001…M-200) and `count` members on its first cards: plates unique in
 * the shop (a second one for some), phones in E.164, passes sold and renewed over the story;
 * mostly valid today, some EXPIRED, a few SUSPENDED, a few CANCELLED (their card free again).
 * The payments are answered, not written: they go in after the bills (insertDemoPasses).
 */
export async function insertDemoMembers(
  db: pg.ClientBase,
  rng: Random,
  shopId: string,
  count: number,
  story: Story,
): Promise<{ members: DemoMember[]; passes: DemoPass[] }> {
  const cards = await db.query<{ id: string; number: string }>(
    `insert into member_numbers (shop_id, number)
     select $1, 'M-' || lpad(g::text, 3, '0') from generate_series(1, ${DEMO_CARDS}) g
     returning id, number`,
    [shopId],
  );
  const pool = cards.rows.sort((a, b) => a.number.localeCompare(b.number));
  const members: DemoMember[] = [];
  const passes: DemoPass[] = [];
  const taken = new Set<string>();
  const newPlate = () => {
    for (;;) {
      const plate = `${rng.pick(PLATE_SERIES)} ${rng.int(1000, 9999)}`;
      const key = plateKey(plate) ?? plate;
      if (!taken.has(key)) {
        taken.add(key);
        return plate;
      }
    }
  };
  for (const card of pool.slice(0, count)) {
    const type: PassType = rng.chance(0.8) ? 'MOTORBIKE' : 'CAR';
    const plates = rng.chance(0.15) ? [newPlate(), newPlate()] : [newPlate()];
    const { payments, validFrom, validUntil, today } = passesOf(rng, story, type);
    const until = validUntil ?? today;
    const roll = rng.next();
    const status =
      roll < 0.04 ? 'CANCELLED' : roll < 0.07 ? 'SUSPENDED' : until < today ? 'EXPIRED' : 'ACTIVE';
    const last = payments.at(-1);
    const created = payments[0]?.takenAt ?? story.start;
    const m = await db.query<{ id: string }>(
      `insert into members (shop_id, number_id, number, full_name, phone, plates, plate_keys, vehicle_type,
         plan_months, valid_from, valid_until, fee_paid, status, created_by, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
      [
        shopId,
        card.id,
        card.number,
        rng.pick(STAFF_NAMES),
        rng.chance(0.9) ? `+856207${rng.int(1_000_000, 9_999_999)}` : null,
        plates,
        plates.map((p) => plateKey(p)),
        type,
        last?.months ?? 1,
        validFrom,
        until,
        payments.reduce((s, p) => s + p.amount, 0),
        status,
        payments[0]?.takenBy ?? null,
        created,
        last?.takenAt ?? created,
      ],
    );
    const memberId = m.rows[0]?.id ?? '';
    const live = status !== 'CANCELLED';
    await db.query(
      `update member_numbers set status = $2, member_id = $3, ever_assigned = $4, updated_at = $5 where id = $1`,
      [card.id, live ? 'ASSIGNED' : 'AVAILABLE', live ? memberId : null, created, last?.takenAt ?? created],
    );
    for (const p of payments) passes.push({ ...p, shopId, memberId, numberId: card.id });
    members.push({
      id: memberId,
      number: card.number,
      plate: plates[0] ?? '',
      // A suspended or cancelled member's card is not honoured at the gate any more.
      periods:
        status === 'ACTIVE' || status === 'EXPIRED'
          ? payments.map((p) => [dayNumber(p.periodFrom), dayNumber(p.periodUntil)])
          : [],
    });
  }
  return { members, passes };
}

/** Sets the demo's pass prices on a shop's motorbike and car rules. */
export async function setDemoPassPrices(db: pg.ClientBase, shopId: string) {
  for (const [type, p] of Object.entries(DEMO_PASS_PRICES))
    await db.query(
      `update price_rules set pass_1m = $3, pass_3m = $4, pass_6m = $5, pass_12m = $6
       where shop_id = $1 and vehicle_type = $2`,
      [shopId, type, p[1], p[3], p[6], p[12]],
    );
}

/**
 * The pass payments, in the order they were taken, with their triggers on: each fills its
 * business date and counts into the report rollup (method PASS_CASH / PASS_QR, passes 1), as a
 * sale at the counter would.
 */
export async function insertDemoPasses(db: pg.ClientBase, passes: DemoPass[]): Promise<void> {
  const sorted = [...passes].sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
  const col = <K extends keyof DemoPass>(k: K) => sorted.map((p) => p[k]);
  await db.query(
    `insert into member_payments (shop_id, member_id, number_id, kind, vehicle_type, months, amount, method,
       period_from, period_until, taken_by, taken_at)
     select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::int[], $7::int[],
       $8::text[], $9::date[], $10::date[], $11::uuid[], $12::timestamptz[])`,
    [
      col('shopId'),
      col('memberId'),
      col('numberId'),
      col('kind'),
      col('vehicleType'),
      col('months'),
      col('amount'),
      col('method'),
      col('periodFrom'),
      col('periodUntil'),
      col('takenBy'),
      col('takenAt'),
    ],
  );
}
