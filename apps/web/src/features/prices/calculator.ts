import { localWallTime, type ShopHours } from '@parking-hub/contracts/business-day';
import { calculateFee, type FeeResult } from '@parking-hub/contracts/fee';
import { type FormField, firstIssue, type RuleCheck, type RuleIssue } from './rule-form';

/** The calculator's own inputs: times as `<input type="datetime-local">` values, on the shop's clock. */
export interface StayInput {
  checkIn: string;
  checkOut: string;
  lost: boolean;
  member: boolean;
}

export type CalculatorResult =
  | { status: 'ok'; fee: FeeResult }
  /** The rule being edited is not valid yet: no number rather than a wrong one. */
  | { status: 'invalidRule'; field: FormField; issue: RuleIssue }
  | { status: 'missingTime' }
  | { status: 'outBeforeIn' };

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:mm' of `instant` on the wall clock of `timezone`. */
export function toWallInput(instant: Date, timezone: string): string {
  const { date, minutes } = localWallTime(instant, timezone);
  return `${date}T${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall clock in `timezone` shows as `value` ('YYYY-MM-DDTHH:mm'); null for anything
 * else. The zone's offset is read at the first guess and once more at the corrected instant, which
 * settles it on either side of a daylight-saving change.
 */
export function fromWallInput(value: string, timezone: string): Date | null {
  const m = WALL.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(naive).toISOString().slice(0, 16) !== value) return null; // 31/02, 25:00 …
  const offsetAt = (instant: number) => {
    const wall = localWallTime(new Date(instant), timezone);
    return (Date.parse(`${wall.date}T00:00:00Z`) + wall.minutes * 60_000 - instant) / 60_000;
  };
  const first = naive - offsetAt(naive) * 60_000;
  return new Date(naive - offsetAt(first) * 60_000);
}

/** The calculator's starting stay: two hours until now, on the shop's clock. */
export function defaultStay(now: Date, timezone: string): StayInput {
  return {
    checkIn: toWallInput(new Date(now.getTime() - 2 * 3_600_000), timezone),
    checkOut: toWallInput(now, timezone),
    lost: false,
    member: false,
  };
}

/**
 * The fee the edited rule would charge for the stay, with `calculateFee` (the server's function),
 * or why there is none to show.
 */
export function calculatorResult(check: RuleCheck, stay: StayInput, hours: ShopHours): CalculatorResult {
  const problem = firstIssue(check);
  if (!check.ok) {
    // A failed check always names a field; the fallback only satisfies the type.
    return problem
      ? { status: 'invalidRule', ...problem }
      : { status: 'invalidRule', field: 'flatFee', issue: { message: 'validation.invalid' } };
  }
  const checkInAt = fromWallInput(stay.checkIn, hours.timezone);
  const checkOutAt = fromWallInput(stay.checkOut, hours.timezone);
  if (!checkInAt || !checkOutAt) return { status: 'missingTime' };
  if (checkOutAt.getTime() < checkInAt.getTime()) return { status: 'outBeforeIn' };
  return {
    status: 'ok',
    fee: calculateFee({
      rule: check.rule,
      checkInAt,
      checkOutAt,
      hours,
      lost: stay.lost,
      member: stay.member,
    }),
  };
}
