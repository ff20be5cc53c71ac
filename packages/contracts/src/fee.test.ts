import { describe, expect, it } from 'vitest';
import type { ShopHours } from './business-day.ts';
import { calculateFee, type FeePart, type FeeResult } from './fee.ts';
import type { FeeRule } from './prices.ts';

// Expected values are worked out by hand from decision 007, never by calling calculateFee.

const TIMED: FeeRule = {
  mode: 'TIMED',
  flatFee: 0,
  graceMinutes: 10,
  firstPeriodMinutes: 60,
  firstPeriodFee: 5000,
  nextPeriodMinutes: 60,
  nextPeriodFee: 3000,
  dailyCap: null,
  overnightFee: null,
  lostTicketFee: 50_000,
};
const FLAT: FeeRule = { ...TIMED, mode: 'FLAT', flatFee: 2000, lostTicketFee: 20_000 };
const timed = (o: Partial<FeeRule> = {}): FeeRule => ({ ...TIMED, ...o });
const flat = (o: Partial<FeeRule> = {}): FeeRule => ({ ...FLAT, ...o });

const shop = (openShop: string | null, closeShop: string | null, timezone = 'Asia/Vientiane'): ShopHours => ({
  timezone,
  openShop,
  closeShop,
});
/** Open around the clock: the business day changes at midnight. */
const ALL_DAY = shop('00:00', '00:00');
/** Cut at 01:00. */
const DAY = shop('07:00', '19:00');
/** Cut at 10:00. */
const NIGHT = shop('18:00', '02:00');
/** Cut at 03:00 local; Paris skips 02:00–03:00 on 29 March 2026. */
const PARIS = shop('09:00', '21:00', 'Europe/Paris');
const PARIS_NO_HOURS = shop(null, null, 'Europe/Paris');

const FIRST: FeePart = { kind: 'FIRST_PERIOD', amount: 5000 };
const next = (count: number, fee = 3000): FeePart => ({ kind: 'NEXT_PERIODS', amount: count * fee, count });
const cap = (reduction: number, count: number): FeePart => ({ kind: 'DAILY_CAP', amount: -reduction, count });
const overnight = (nights: number, fee = 10_000): FeePart => ({
  kind: 'OVERNIGHT',
  amount: nights * fee,
  count: nights,
});
const lost = (amount: number): FeePart => ({ kind: 'LOST', amount });
const FLAT_PART: FeePart = { kind: 'FLAT', amount: 2000 };
const GRACE: FeePart = { kind: 'GRACE', amount: 0 };
const MEMBER: FeePart = { kind: 'MEMBER', amount: 0 };

// 24 h of the TIMED rule: the first period plus 23 further ones start in the block = 74 000;
// a full later block holds 24 further periods = 72 000.
const CAPPED = timed({ dailyCap: 30_000 });

interface Case extends FeeResult {
  name: string;
  rule: FeeRule;
  hours?: ShopHours;
  in: string;
  out: string;
  lost?: boolean;
  member?: boolean;
}

const cases: Case[] = [
  // FLAT
  {
    name: 'flat, 0 minutes',
    rule: FLAT,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T10:00:00+07:00',
    total: 2000,
    minutes: 0,
    nights: 0,
    parts: [FLAT_PART],
  },
  {
    name: 'flat, 9 hours the same day',
    rule: FLAT,
    in: '2026-11-20T08:00:00+07:00',
    out: '2026-11-20T17:00:00+07:00',
    total: 2000,
    minutes: 540,
    nights: 0,
    parts: [FLAT_PART],
  },
  {
    name: 'flat, long stay over two midnights without overnight fee',
    rule: FLAT,
    in: '2026-11-20T22:00:00+07:00',
    out: '2026-11-22T08:00:00+07:00',
    total: 2000,
    minutes: 2040,
    nights: 2,
    parts: [FLAT_PART],
  },
  {
    name: 'flat with overnight, two nights in a 24 h shop',
    rule: flat({ overnightFee: 10_000 }),
    hours: ALL_DAY,
    in: '2026-11-20T22:00:00+07:00',
    out: '2026-11-22T08:00:00+07:00',
    total: 22_000,
    minutes: 2040,
    nights: 2,
    parts: [FLAT_PART, overnight(2)],
  },
  {
    name: 'flat with overnight, same business day',
    rule: flat({ overnightFee: 10_000 }),
    hours: DAY,
    in: '2026-11-20T07:00:00+07:00',
    out: '2026-11-20T23:59:00+07:00',
    total: 2000,
    minutes: 1019,
    nights: 0,
    parts: [FLAT_PART],
  },
  // Grace
  {
    name: 'timed, 0 minutes is within grace',
    rule: TIMED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T10:00:00+07:00',
    total: 0,
    minutes: 0,
    nights: 0,
    parts: [GRACE],
  },
  {
    name: 'timed, exactly the grace minutes is free',
    rule: TIMED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T10:10:00+07:00',
    total: 0,
    minutes: 10,
    nights: 0,
    parts: [GRACE],
  },
  {
    name: 'timed, 10 min 59 s with grace 10 is free (seconds do not count)',
    rule: TIMED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T10:10:59+07:00',
    total: 0,
    minutes: 10,
    nights: 0,
    parts: [GRACE],
  },
  {
    name: 'timed, grace + 1 minute pays the first period (grace not deducted)',
    rule: TIMED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T10:11:00+07:00',
    total: 5000,
    minutes: 11,
    nights: 0,
    parts: [FIRST],
  },
  {
    name: 'timed, grace 0 and 1 minute pays the first period',
    rule: timed({ graceMinutes: 0 }),
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T10:01:00+07:00',
    total: 5000,
    minutes: 1,
    nights: 0,
    parts: [FIRST],
  },
  {
    name: 'timed, grace 0 and 59 seconds is free',
    rule: timed({ graceMinutes: 0 }),
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T10:00:59+07:00',
    total: 0,
    minutes: 0,
    nights: 0,
    parts: [GRACE],
  },
  // Periods
  {
    name: 'timed, exactly on the first-period boundary: no further period yet',
    rule: TIMED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T11:00:00+07:00',
    total: 5000,
    minutes: 60,
    nights: 0,
    parts: [FIRST],
  },
  {
    name: 'timed, 60 min 59 s is still 60 minutes',
    rule: TIMED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T11:00:59+07:00',
    total: 5000,
    minutes: 60,
    nights: 0,
    parts: [FIRST],
  },
  {
    name: 'timed, one minute past the first period starts one further period',
    rule: TIMED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T11:01:00+07:00',
    total: 8000,
    minutes: 61,
    nights: 0,
    parts: [FIRST, next(1)],
  },
  {
    name: 'timed, exactly 4 h: three further periods',
    rule: TIMED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T14:00:00+07:00',
    total: 14_000,
    minutes: 240,
    nights: 0,
    parts: [FIRST, next(3)],
  },
  {
    name: 'timed, 4 h 30 min: four further periods',
    rule: TIMED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T14:30:00+07:00',
    total: 17_000,
    minutes: 270,
    nights: 0,
    parts: [FIRST, next(4)],
  },
  {
    name: 'timed, further periods free of charge still show their count',
    rule: timed({ nextPeriodFee: 0 }),
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T13:00:00+07:00',
    total: 5000,
    minutes: 180,
    nights: 0,
    parts: [FIRST, next(2, 0)],
  },
  {
    name: 'timed, 90 + 25 min periods, 2 h: ceil(30 / 25) = 2 further',
    rule: timed({ firstPeriodMinutes: 90, firstPeriodFee: 4000, nextPeriodMinutes: 25, nextPeriodFee: 1000 }),
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T12:00:00+07:00',
    total: 6000,
    minutes: 120,
    nights: 0,
    parts: [{ kind: 'FIRST_PERIOD', amount: 4000 }, next(2, 1000)],
  },
  {
    name: 'timed, 90 + 25 min periods, exactly 115 min: the second boundary, 1 further',
    rule: timed({ firstPeriodMinutes: 90, firstPeriodFee: 4000, nextPeriodMinutes: 25, nextPeriodFee: 1000 }),
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T11:55:00+07:00',
    total: 5000,
    minutes: 115,
    nights: 0,
    parts: [{ kind: 'FIRST_PERIOD', amount: 4000 }, next(1, 1000)],
  },
  // Daily cap
  {
    name: 'cap, exactly 24 h: one capped block (74 000 → 30 000)',
    rule: CAPPED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-21T10:00:00+07:00',
    total: 30_000,
    minutes: 1440,
    nights: 1,
    parts: [FIRST, next(23), cap(44_000, 1)],
  },
  {
    name: 'cap, 24 h 1 min: the period starting at 1440 is in the second block',
    rule: CAPPED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-21T10:01:00+07:00',
    total: 33_000,
    minutes: 1441,
    nights: 1,
    parts: [FIRST, next(24), cap(44_000, 1)],
  },
  {
    name: 'cap, exactly 48 h: two capped blocks',
    rule: CAPPED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-22T10:00:00+07:00',
    total: 60_000,
    minutes: 2880,
    nights: 2,
    parts: [FIRST, next(47), cap(44_000 + 42_000, 2)],
  },
  {
    name: 'cap, 51 h: partial last block of 3 periods stays below the cap',
    rule: CAPPED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-22T13:00:00+07:00',
    total: 69_000,
    minutes: 3060,
    nights: 2,
    parts: [FIRST, next(50), cap(44_000 + 42_000, 2)],
  },
  {
    name: 'cap, 82 h: last block of 10 periods equals the cap and is not counted',
    rule: CAPPED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-23T20:00:00+07:00',
    total: 120_000,
    minutes: 4920,
    nights: 3,
    parts: [FIRST, next(81), cap(44_000 + 42_000 + 42_000, 3)],
  },
  {
    name: 'cap, 82 h 1 min: last block of 11 periods is capped too',
    rule: CAPPED,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-23T20:01:00+07:00',
    total: 120_000,
    minutes: 4921,
    nights: 3,
    parts: [FIRST, next(82), cap(44_000 + 42_000 + 42_000 + 3000, 4)],
  },
  {
    name: 'cap exactly equal to the uncapped sum: no DAILY_CAP part',
    rule: timed({ dailyCap: 14_000 }),
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T14:00:00+07:00',
    total: 14_000,
    minutes: 240,
    nights: 0,
    parts: [FIRST, next(3)],
  },
  {
    // Starts 0, 90, 190, … 1390 in block 0 (first + 14 further = 32 000 → 20 000); 1490 in block 1.
    name: 'cap, 90 + 100 min periods, 25 h: a period straddling 24 h belongs to the block it started in',
    rule: timed({
      firstPeriodMinutes: 90,
      firstPeriodFee: 4000,
      nextPeriodMinutes: 100,
      nextPeriodFee: 2000,
      dailyCap: 20_000,
    }),
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-21T11:00:00+07:00',
    total: 22_000,
    minutes: 1500,
    nights: 1,
    parts: [{ kind: 'FIRST_PERIOD', amount: 4000 }, next(15, 2000), cap(12_000, 1)],
  },
  {
    name: 'cap, 90 + 100 min periods, 1490 min: a period starting at the very end is not charged',
    rule: timed({
      firstPeriodMinutes: 90,
      firstPeriodFee: 4000,
      nextPeriodMinutes: 100,
      nextPeriodFee: 2000,
      dailyCap: 20_000,
    }),
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-21T10:50:00+07:00',
    total: 20_000,
    minutes: 1490,
    nights: 1,
    parts: [{ kind: 'FIRST_PERIOD', amount: 4000 }, next(14, 2000), cap(12_000, 1)],
  },
  {
    // Block 0: first + 54 further (starts 90 … 1415) = 58 000; block 1: 58 further (1440 … 2865) = 58 000.
    name: 'cap, 90 + 25 min periods over 48 h',
    rule: timed({
      firstPeriodMinutes: 90,
      firstPeriodFee: 4000,
      nextPeriodMinutes: 25,
      nextPeriodFee: 1000,
      dailyCap: 40_000,
    }),
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-22T10:00:00+07:00',
    total: 80_000,
    minutes: 2880,
    nights: 2,
    parts: [{ kind: 'FIRST_PERIOD', amount: 4000 }, next(112, 1000), cap(36_000, 2)],
  },
  {
    name: 'cap, first period of a whole day: 25 h is the first period and one further',
    rule: timed({ firstPeriodMinutes: 1440, firstPeriodFee: 20_000, nextPeriodFee: 2000, dailyCap: 30_000 }),
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-21T11:00:00+07:00',
    total: 22_000,
    minutes: 1500,
    nights: 1,
    parts: [{ kind: 'FIRST_PERIOD', amount: 20_000 }, next(1, 2000)],
  },
  {
    // 525 600 one-minute periods; every block holds 1440 of them = 144 000 → 20 000.
    name: 'cap, 1-minute periods over 365 days',
    rule: timed({
      graceMinutes: 0,
      firstPeriodMinutes: 1,
      firstPeriodFee: 100,
      nextPeriodMinutes: 1,
      nextPeriodFee: 100,
      dailyCap: 20_000,
    }),
    in: '2026-01-01T10:00:00+07:00',
    out: '2027-01-01T10:00:00+07:00',
    total: 7_300_000,
    minutes: 525_600,
    nights: 365,
    parts: [{ kind: 'FIRST_PERIOD', amount: 100 }, next(525_599, 100), cap(365 * 124_000, 365)],
  },
  // Overnight
  {
    name: 'overnight, 24 h shop, 23:00 → 00:30 crosses midnight',
    rule: timed({ overnightFee: 10_000 }),
    hours: ALL_DAY,
    in: '2026-11-20T23:00:00+07:00',
    out: '2026-11-21T00:30:00+07:00',
    total: 18_000,
    minutes: 90,
    nights: 1,
    parts: [FIRST, next(1), overnight(1)],
  },
  {
    name: 'overnight, 07:00–19:00 shop, 18:00 → 07:30 next day: 1 night',
    rule: flat({ overnightFee: 10_000 }),
    hours: DAY,
    in: '2026-11-20T18:00:00+07:00',
    out: '2026-11-21T07:30:00+07:00',
    total: 12_000,
    minutes: 810,
    nights: 1,
    parts: [FLAT_PART, overnight(1)],
  },
  {
    name: 'overnight, 07:00–19:00 shop, 23:00 → 00:30: still the same business day',
    rule: flat({ overnightFee: 10_000 }),
    hours: DAY,
    in: '2026-11-20T23:00:00+07:00',
    out: '2026-11-21T00:30:00+07:00',
    total: 2000,
    minutes: 90,
    nights: 0,
    parts: [FLAT_PART],
  },
  {
    name: 'overnight, 07:00–19:00 shop, 00:30 → 01:00 (the cut): 1 night',
    rule: flat({ overnightFee: 10_000 }),
    hours: DAY,
    in: '2026-11-21T00:30:00+07:00',
    out: '2026-11-21T01:00:00+07:00',
    total: 12_000,
    minutes: 30,
    nights: 1,
    parts: [FLAT_PART, overnight(1)],
  },
  {
    name: 'overnight, 18:00–02:00 shop, 23:00 → 01:00: 0 nights',
    rule: flat({ overnightFee: 10_000 }),
    hours: NIGHT,
    in: '2026-11-20T23:00:00+07:00',
    out: '2026-11-21T01:00:00+07:00',
    total: 2000,
    minutes: 120,
    nights: 0,
    parts: [FLAT_PART],
  },
  {
    name: 'overnight, 18:00–02:00 shop, 17:00 → 03:00: 0 nights',
    rule: flat({ overnightFee: 10_000 }),
    hours: NIGHT,
    in: '2026-11-20T17:00:00+07:00',
    out: '2026-11-21T03:00:00+07:00',
    total: 2000,
    minutes: 600,
    nights: 0,
    parts: [FLAT_PART],
  },
  {
    name: 'overnight, 18:00–02:00 shop, 20:00 → 11:00 next day: 1 night',
    rule: flat({ overnightFee: 10_000 }),
    hours: NIGHT,
    in: '2026-11-20T20:00:00+07:00',
    out: '2026-11-21T11:00:00+07:00',
    total: 12_000,
    minutes: 900,
    nights: 1,
    parts: [FLAT_PART, overnight(1)],
  },
  {
    // Blocks: 74 000 → 30 000, 72 000 → 30 000, 15 periods 45 000 → 30 000; overnight is not capped.
    name: 'overnight, 07:00–19:00 shop, 18:00 → 09:00 three days later: 3 nights with the cap',
    rule: timed({ dailyCap: 30_000, overnightFee: 10_000 }),
    hours: DAY,
    in: '2026-11-20T18:00:00+07:00',
    out: '2026-11-23T09:00:00+07:00',
    total: 120_000,
    minutes: 3780,
    nights: 3,
    parts: [FIRST, next(62), cap(44_000 + 42_000 + 15_000, 3), overnight(3)],
  },
  {
    name: 'overnight fee null: nights counted, nothing charged',
    rule: flat({ overnightFee: null }),
    hours: DAY,
    in: '2026-11-20T18:00:00+07:00',
    out: '2026-11-21T07:30:00+07:00',
    total: 2000,
    minutes: 810,
    nights: 1,
    parts: [FLAT_PART],
  },
  {
    name: 'overnight fee 0: no OVERNIGHT part',
    rule: flat({ overnightFee: 0 }),
    hours: DAY,
    in: '2026-11-20T18:00:00+07:00',
    out: '2026-11-22T07:30:00+07:00',
    total: 2000,
    minutes: 2250,
    nights: 2,
    parts: [FLAT_PART],
  },
  {
    // Decision 007: a stay within grace costs nothing at all, even across a change of day.
    name: 'within grace across midnight: free, no overnight fee',
    rule: timed({ overnightFee: 10_000 }),
    hours: ALL_DAY,
    in: '2026-11-20T23:55:00+07:00',
    out: '2026-11-21T00:03:00+07:00',
    total: 0,
    minutes: 8,
    nights: 1,
    parts: [GRACE],
  },
  // Time zone with daylight saving: cut at 03:00 local, wall-clock arithmetic.
  {
    name: 'Paris 09:00–21:00, 20:00 CET → 03:30 CEST over the spring change: 1 night',
    rule: flat({ overnightFee: 10_000 }),
    hours: PARIS,
    in: '2026-03-28T20:00:00+01:00',
    out: '2026-03-29T03:30:00+02:00',
    total: 12_000,
    minutes: 390,
    nights: 1,
    parts: [FLAT_PART, overnight(1)],
  },
  {
    name: 'Paris 09:00–21:00, 20:00 CET → 01:59 CET before the change: 0 nights',
    rule: flat({ overnightFee: 10_000 }),
    hours: PARIS,
    in: '2026-03-28T20:00:00+01:00',
    out: '2026-03-29T01:59:00+01:00',
    total: 2000,
    minutes: 359,
    nights: 0,
    parts: [FLAT_PART],
  },
  {
    name: 'Paris without hours, 22:00 CET → 01:00 CEST two dates later: 2 nights, 26 h',
    rule: flat({ overnightFee: 10_000 }),
    hours: PARIS_NO_HOURS,
    in: '2026-03-28T22:00:00+01:00',
    out: '2026-03-30T01:00:00+02:00',
    total: 22_000,
    minutes: 1560,
    nights: 2,
    parts: [FLAT_PART, overnight(2)],
  },
  // Lost ticket
  {
    name: 'lost ticket, flat',
    rule: FLAT,
    lost: true,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T12:00:00+07:00',
    total: 22_000,
    minutes: 120,
    nights: 0,
    parts: [FLAT_PART, lost(20_000)],
  },
  {
    name: 'lost ticket, timed',
    rule: TIMED,
    lost: true,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T11:30:00+07:00',
    total: 58_000,
    minutes: 90,
    nights: 0,
    parts: [FIRST, next(1), lost(50_000)],
  },
  {
    name: 'lost ticket within grace',
    rule: TIMED,
    lost: true,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T10:05:00+07:00',
    total: 50_000,
    minutes: 5,
    nights: 0,
    parts: [GRACE, lost(50_000)],
  },
  {
    name: 'lost ticket with a 0 fee still shows in the breakdown',
    rule: timed({ lostTicketFee: 0 }),
    lost: true,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T11:00:00+07:00',
    total: 5000,
    minutes: 60,
    nights: 0,
    parts: [FIRST, lost(0)],
  },
  {
    name: 'lost ticket, member: only the lost-ticket fee',
    rule: timed({ dailyCap: 30_000, overnightFee: 10_000 }),
    hours: DAY,
    lost: true,
    member: true,
    in: '2026-11-20T18:00:00+07:00',
    out: '2026-11-23T09:00:00+07:00',
    total: 50_000,
    minutes: 3780,
    nights: 3,
    parts: [MEMBER, lost(50_000)],
  },
  // Members
  {
    name: 'member, timed long stay with overnight: free',
    rule: timed({ dailyCap: 30_000, overnightFee: 10_000 }),
    hours: DAY,
    member: true,
    in: '2026-11-20T18:00:00+07:00',
    out: '2026-11-23T09:00:00+07:00',
    total: 0,
    minutes: 3780,
    nights: 3,
    parts: [MEMBER],
  },
  {
    name: 'member, flat: free',
    rule: flat({ overnightFee: 10_000 }),
    member: true,
    in: '2026-11-20T10:00:00+07:00',
    out: '2026-11-20T12:00:00+07:00',
    total: 0,
    minutes: 120,
    nights: 0,
    parts: [MEMBER],
  },
  // Clock errors
  {
    name: 'timed, check-out before check-in: 0 minutes, free',
    rule: timed({ overnightFee: 10_000 }),
    in: '2026-11-21T10:00:00+07:00',
    out: '2026-11-20T09:00:00+07:00',
    total: 0,
    minutes: 0,
    nights: 0,
    parts: [GRACE],
  },
  {
    name: 'flat, check-out a day before check-in: the flat fee, no nights',
    rule: flat({ overnightFee: 10_000 }),
    in: '2026-11-21T10:00:00+07:00',
    out: '2026-11-20T10:00:00+07:00',
    total: 2000,
    minutes: 0,
    nights: 0,
    parts: [FLAT_PART],
  },
];

const fee = (c: Omit<Case, keyof FeeResult | 'name'>) =>
  calculateFee({
    rule: c.rule,
    hours: c.hours ?? ALL_DAY,
    checkInAt: new Date(c.in),
    checkOutAt: new Date(c.out),
    lost: c.lost,
    member: c.member,
  });

describe('calculateFee (decision 007)', () => {
  it('has a case table of at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)('$name', (c) => {
    const { total, minutes, nights, parts } = c;
    expect(fee(c)).toEqual({ total, minutes, nights, parts });
    expect(parts.reduce((sum, p) => sum + p.amount, 0)).toBe(total);
  });
});

/** Small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int };
}

function randomRule(r: ReturnType<typeof random>): FeeRule {
  const firstPeriodFee = r.int(0, 20) * 500;
  return {
    mode: r.next() < 0.2 ? 'FLAT' : 'TIMED',
    flatFee: r.int(0, 10) * 1000,
    graceMinutes: r.int(0, 30),
    firstPeriodMinutes: r.int(1, 240),
    firstPeriodFee,
    nextPeriodMinutes: r.int(1, 180),
    nextPeriodFee: r.int(0, 10) * 500,
    dailyCap: r.next() < 0.3 ? null : firstPeriodFee + r.int(0, 40) * 1000,
    overnightFee: r.next() < 0.3 ? null : r.int(0, 5) * 5000,
    lostTicketFee: r.int(0, 5) * 10_000,
  };
}

describe('calculateFee properties', () => {
  const r = random(20_261_120);
  const hoursChoices = [ALL_DAY, DAY, NIGHT, shop('02:00', '14:00'), shop(null, null), PARIS];
  const rules = Array.from({ length: 12 }, () => randomRule(r));
  const checkInAt = new Date('2026-03-27T16:45:00+01:00');
  // Every 7 minutes for four days, through the Paris spring change.
  const durations = Array.from({ length: (4 * 1440) / 7 }, (_, i) => i * 7);

  const table = rules.map((rule, i) => ({
    name: `random rule ${i + 1} (${rule.mode}, cap ${rule.dailyCap ?? 'none'})`,
    rule,
    hours: hoursChoices[i % hoursChoices.length] as ShopHours,
  }));

  it.each(table)(
    '$name: total is the sum of parts, longer stays never cost less, the cap bounds the fee',
    ({ rule, hours }) => {
      let previous = -1;
      for (const d of durations) {
        const checkOutAt = new Date(checkInAt.getTime() + d * 60_000 + r.int(0, 59) * 1000);
        const result = calculateFee({ rule, hours, checkInAt, checkOutAt });
        expect(result.parts.reduce((sum, p) => sum + p.amount, 0)).toBe(result.total);
        expect(Number.isInteger(result.total)).toBe(true);
        expect(result.total).toBeGreaterThanOrEqual(previous);
        previous = result.total;
        if (rule.mode === 'TIMED' && rule.dailyCap != null) {
          const bound =
            Math.ceil(result.minutes / 1440) * rule.dailyCap + result.nights * (rule.overnightFee ?? 0);
          expect(result.total).toBeLessThanOrEqual(bound);
        }
        const lost = calculateFee({ rule, hours, checkInAt, checkOutAt, lost: true });
        expect(lost.total).toBe(result.total + rule.lostTicketFee);
        expect(calculateFee({ rule, hours, checkInAt, checkOutAt, member: true }).total).toBe(0);
      }
    },
  );
});
