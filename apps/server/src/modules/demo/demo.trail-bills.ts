import type pg from 'pg';
import { iso } from '../../lib/time.ts';
import type { DemoShop } from './demo.bills.ts';
import { CANCEL_REASONS } from './demo.catalog.ts';
import type { Person, Trail } from './demo.trail-events.ts';

const DAY_MS = 86_400_000;
/** About one correction a week per shop, by its manager. */
const CORRECTION_EVERY_DAYS = 7;
const PLATE_TYPO = 'ປ້ອນທະບຽນລົດຜິດ';
const TYPE_MISTAKE = CANCEL_REASONS[3] ?? 'ປ້ອນປະເພດລົດຜິດ';

/**
 * The bills' events, as bills-history.service updateBill and bills.service checkOut write them:
 * one bill.cancel for every cancelled bill and one bill.lost for every lost ticket (by whoever did
 * it, when they did it), and plate or vehicle corrections of sampled bills. Printing is not audited.
 */
export async function planBillEvents(
  pool: pg.Pool,
  trail: Trail,
  person: (id: string) => Person,
  shops: DemoShop[],
  period: { from: number; now: number },
): Promise<void> {
  const ids = shops.map((s) => s.id);
  const done = await pool.query<{
    id: string;
    shop_id: string;
    status: string;
    cancel_reason: string | null;
    cancelled_at: Date | null;
    cancelled_by: string | null;
    check_out_at: Date | null;
    check_out_by: string | null;
    fee: number | null;
    payment_method: string | null;
  }>(
    `select id::text, shop_id, status, cancel_reason, cancelled_at, cancelled_by, check_out_at, check_out_by,
       fee, payment_method
     from bills b where shop_id = any($1::uuid[]) and status in ('CANCELLED', 'LOST') order by b.id`,
    [ids],
  );
  for (const b of done.rows) {
    const change = { entity: 'bill', entityId: b.id, shopId: b.shop_id };
    if (b.status === 'CANCELLED' && b.cancelled_at && b.cancelled_by) {
      const by = person(b.cancelled_by);
      trail.add(by, b.cancelled_at.getTime(), {
        ...change,
        action: 'bill.cancel',
        before: { status: 'PARKED', cancelReason: null, cancelledAt: null, cancelledByName: null },
        after: {
          status: 'CANCELLED',
          cancelReason: b.cancel_reason,
          cancelledAt: iso(b.cancelled_at),
          cancelledByName: by.fullName,
        },
      });
    } else if (b.status === 'LOST' && b.check_out_at && b.check_out_by) {
      trail.add(person(b.check_out_by), b.check_out_at.getTime(), {
        ...change,
        action: 'bill.lost',
        before: { status: 'PARKED' },
        after: { status: 'LOST', fee: b.fee, paymentMethod: b.payment_method },
      });
    }
  }
  await corrections(pool, trail, person, shops, period);
}

/** A plate with one digit mistyped; null when it has no digit. */
function mistyped(plate: string, trail: Trail): string | null {
  const chars = [...plate];
  const digits = chars.flatMap((c, i) => (c >= '0' && c <= '9' ? [i] : []));
  if (!digits.length) return null;
  const i = trail.rng.pick(digits);
  chars[i] = String((Number(chars[i]) + trail.rng.int(1, 9)) % 10);
  return chars.join('');
}

/**
 * The first plated bill after a random moment of each shop-week, corrected by the shop's manager a
 * few minutes after check-in (before it left: a vehicle type changed later would not have changed
 * its fee). The bill as stored is the corrected one; the event's `before` holds the mistake.
 */
async function corrections(
  pool: pg.Pool,
  trail: Trail,
  person: (id: string) => Person,
  shops: DemoShop[],
  { from, now }: { from: number; now: number },
) {
  const picks: { shop: string; at: string }[] = [];
  for (const shop of shops) {
    for (let week = from; week < now; week += CORRECTION_EVERY_DAYS * DAY_MS) {
      const at = week + Math.floor(trail.rng.next() * CORRECTION_EVERY_DAYS * DAY_MS);
      if (at < now) picks.push({ shop: shop.id, at: new Date(at).toISOString() });
    }
  }
  const found = await pool.query<{
    id: string;
    shop_id: string;
    vehicle_type: string;
    plate: string;
    check_in_at: Date;
    check_out_at: Date | null;
  }>(
    `select distinct on (b.id) b.id::text, b.shop_id, b.vehicle_type, b.plate, b.check_in_at, b.check_out_at
     from unnest($1::uuid[], $2::timestamptz[]) as s(shop_id, at)
     cross join lateral (
       select id, shop_id, vehicle_type, plate, check_in_at, check_out_at from bills
       where shop_id = s.shop_id and check_in_at >= s.at and status <> 'CANCELLED' and plate is not null
       order by check_in_at limit 1) b
     order by b.id`,
    [picks.map((p) => p.shop), picks.map((p) => p.at)],
  );
  const managers = new Map(shops.map((s) => [s.id, s.manager]));
  for (const b of found.rows) {
    const inAt = b.check_in_at.getTime();
    const by = person(managers.get(b.shop_id) ?? '');
    const leftAt = Math.min(b.check_out_at ? b.check_out_at.getTime() - 30_000 : now, now);
    const at = Math.max(inAt + 1000, Math.min(inAt + trail.rng.int(2, 25) * 60_000, leftAt));
    const typeMistake = trail.rng.chance(0.3);
    const typo = typeMistake ? null : mistyped(b.plate, trail);
    const field = typeMistake
      ? {
          before: { vehicleType: b.vehicle_type === 'MOTORBIKE' ? 'CAR' : 'MOTORBIKE' },
          after: { vehicleType: b.vehicle_type },
        }
      : typo
        ? { before: { plate: typo }, after: { plate: b.plate } }
        : null;
    if (!field) continue;
    const reason = trail.rng.chance(0.5) ? { reason: typeMistake ? TYPE_MISTAKE : PLATE_TYPO } : {};
    trail.add(by, at, {
      action: 'bill.correct',
      entity: 'bill',
      entityId: b.id,
      shopId: b.shop_id,
      before: field.before,
      after: { ...field.after, ...reason },
    });
  }
}
