/**
 * The parking fee of one stay (decision 007): one pure function of the rule and the times, used by
 * the server at check-out and by the web for the live calculator and the receipt.
 */
import { businessDayNumber, type ShopHours } from './business-day.ts';
import type { FeeRule } from './prices.ts';

export const FEE_PART_KINDS = [
  'FLAT',
  'GRACE',
  'FIRST_PERIOD',
  'NEXT_PERIODS',
  'DAILY_CAP',
  'OVERNIGHT',
  'LOST',
  'MEMBER',
] as const;
export type FeePartKind = (typeof FEE_PART_KINDS)[number];

/**
 * One line of the breakdown, in whole kip. NEXT_PERIODS: `count` further periods. DAILY_CAP: the
 * (negative) reduction over `count` capped 24-hour blocks. OVERNIGHT: `count` nights.
 */
export interface FeePart {
  kind: FeePartKind;
  amount: number;
  count?: number;
}

export interface FeeInput {
  rule: FeeRule;
  checkInAt: Date;
  checkOutAt: Date;
  hours: ShopHours;
  lost?: boolean;
  member?: boolean;
}

export interface FeeResult {
  total: number;
  minutes: number;
  nights: number;
  parts: FeePart[];
}

const BLOCK_MINUTES = 1440;

/** The fee of a stay and its breakdown; `nights` is counted even when no overnight fee applies. */
export function calculateFee(input: FeeInput): FeeResult {
  const { rule, checkInAt, checkOutAt, hours } = input;
  // A minute counts once it is complete.
  const minutes = Math.max(0, Math.floor((checkOutAt.getTime() - checkInAt.getTime()) / 60_000));
  const nights = Math.max(0, businessDayNumber(checkOutAt, hours) - businessDayNumber(checkInAt, hours));

  const parts: FeePart[] = [];
  if (input.member) {
    parts.push({ kind: 'MEMBER', amount: 0 });
  } else {
    const withinGrace = rule.mode === 'TIMED' && minutes <= rule.graceMinutes;
    if (rule.mode === 'FLAT') parts.push({ kind: 'FLAT', amount: rule.flatFee });
    else if (withinGrace) parts.push({ kind: 'GRACE', amount: 0 });
    else parts.push(...timedParts(rule, minutes));
    // A stay within grace is free altogether, even when it crosses a change of day.
    const overnight = withinGrace ? 0 : (rule.overnightFee ?? 0);
    if (overnight > 0 && nights > 0)
      parts.push({ kind: 'OVERNIGHT', amount: nights * overnight, count: nights });
  }
  if (input.lost) parts.push({ kind: 'LOST', amount: rule.lostTicketFee });

  const sum = parts.reduce((acc, p) => acc + p.amount, 0);
  return { total: Math.max(0, sum), minutes, nights, parts };
}

/**
 * Further periods that start before minute `x` (period starts: firstPeriodMinutes,
 * firstPeriodMinutes + nextPeriodMinutes, …).
 */
function nextPeriodsBefore(rule: FeeRule, x: number): number {
  return x <= rule.firstPeriodMinutes ? 0 : Math.ceil((x - rule.firstPeriodMinutes) / rule.nextPeriodMinutes);
}

/** The periods of a stay past its grace, with the daily cap per 24-hour block from check-in. */
function timedParts(rule: FeeRule, minutes: number): FeePart[] {
  const next = nextPeriodsBefore(rule, minutes);
  const parts: FeePart[] = [{ kind: 'FIRST_PERIOD', amount: rule.firstPeriodFee }];
  if (next > 0) parts.push({ kind: 'NEXT_PERIODS', amount: next * rule.nextPeriodFee, count: next });

  if (rule.dailyCap != null) {
    let reduction = 0;
    let capped = 0;
    // Counted per block rather than per period, so a one-minute period over a year stays cheap.
    for (let lo = 0; lo < minutes; lo += BLOCK_MINUTES) {
      const hi = Math.min(lo + BLOCK_MINUTES, minutes);
      const inBlock =
        (lo === 0 ? rule.firstPeriodFee : 0) +
        (nextPeriodsBefore(rule, hi) - nextPeriodsBefore(rule, lo)) * rule.nextPeriodFee;
      if (inBlock > rule.dailyCap) {
        reduction += inBlock - rule.dailyCap;
        capped += 1;
      }
    }
    if (reduction > 0) parts.push({ kind: 'DAILY_CAP', amount: -reduction, count: capped });
  }
  return parts;
}
