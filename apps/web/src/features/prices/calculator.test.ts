import type { ShopHours } from '@parking-hub/contracts/business-day';
import { defaultFeeRule, type FeeRule } from '@parking-hub/contracts/prices';
import { describe, expect, it } from 'vitest';
import { calculatorResult, defaultStay, fromWallInput, type StayInput, toWallInput } from './calculator';
import { checkRule, formValuesOf, type RuleFormValues } from './rule-form';

const target = { id: '0d4e5f60-7182-4a3b-9c4d-5e6f708192a3' };
const base = defaultFeeRule(3000);
const hours: ShopHours = { timezone: 'Asia/Vientiane', openShop: '07:00', closeShop: '22:00' };
const timed: FeeRule = {
  ...base,
  mode: 'TIMED',
  graceMinutes: 10,
  firstPeriodMinutes: 60,
  firstPeriodFee: 5000,
  nextPeriodMinutes: 60,
  nextPeriodFee: 2000,
  dailyCap: 20000,
  overnightFee: 10000,
  lostTicketFee: 50000,
};
const check = (rule: FeeRule, change: Partial<RuleFormValues> = {}) =>
  checkRule({ ...formValuesOf(rule), ...change }, target, base);
const stay = (checkIn: string, checkOut: string, more: Partial<StayInput> = {}): StayInput => ({
  checkIn,
  checkOut,
  lost: false,
  member: false,
  ...more,
});

describe('wall clock inputs', () => {
  it('reads and writes datetime-local values on the shop’s clock', () => {
    const instant = new Date('2026-11-22T07:05:00Z');
    expect(toWallInput(instant, 'Asia/Vientiane')).toBe('2026-11-22T14:05');
    expect(fromWallInput('2026-11-22T14:05', 'Asia/Vientiane')?.toISOString()).toBe(instant.toISOString());
    expect(toWallInput(instant, 'UTC')).toBe('2026-11-22T07:05');
  });

  it('settles on the right offset across a daylight-saving change', () => {
    // New York: 01:30 on 2026-11-01 happens twice; 12:00 that day is EST (UTC−5).
    expect(fromWallInput('2026-11-01T12:00', 'America/New_York')?.toISOString()).toBe(
      '2026-11-01T17:00:00.000Z',
    );
    expect(fromWallInput('2026-07-01T12:00', 'America/New_York')?.toISOString()).toBe(
      '2026-07-01T16:00:00.000Z',
    );
  });

  it('refuses what is not a date and time', () => {
    for (const bad of ['', '2026-02-31T10:00', '2026-11-22T25:00', '2026-11-22 10:00', 'now'])
      expect(fromWallInput(bad, 'Asia/Vientiane')).toBeNull();
  });

  it('starts the calculator two hours before now', () => {
    expect(defaultStay(new Date('2026-11-22T07:05:30Z'), 'Asia/Vientiane')).toEqual(
      stay('2026-11-22T12:05', '2026-11-22T14:05'),
    );
  });
});

describe('calculatorResult', () => {
  it('prices the stay with calculateFee from the form’s unsaved values', () => {
    // 2 h 30: first hour 5,000 + two further hours started (60–120, 120–150) 2 × 2,000.
    const result = calculatorResult(check(timed), stay('2026-11-22T10:00', '2026-11-22T12:30'), hours);
    expect(result).toEqual({
      status: 'ok',
      fee: {
        total: 9000,
        minutes: 150,
        nights: 0,
        parts: [
          { kind: 'FIRST_PERIOD', amount: 5000 },
          { kind: 'NEXT_PERIODS', amount: 4000, count: 2 },
        ],
      },
    });
  });

  it('follows what is typed, before any save', () => {
    const typed = check(timed, { firstPeriodFee: '8,000' });
    const result = calculatorResult(typed, stay('2026-11-22T10:00', '2026-11-22T10:30'), hours);
    expect(result.status === 'ok' && result.fee.total).toBe(8000);
  });

  it('adds the night, the lost ticket, and makes a member free but for the lost ticket', () => {
    const overnight = stay('2026-11-22T21:00', '2026-11-23T08:00', { lost: true });
    const result = calculatorResult(check(timed), overnight, hours);
    // 11 h: 5,000 + 10 × 2,000 = 25,000, capped at 20,000; one night 10,000; lost 50,000.
    expect(result.status === 'ok' && result.fee.total).toBe(80000);
    const member = calculatorResult(check(timed), { ...overnight, member: true }, hours);
    expect(member.status === 'ok' && member.fee.parts).toEqual([
      { kind: 'MEMBER', amount: 0 },
      { kind: 'LOST', amount: 50000 },
    ]);
  });

  it('counts nights by the shop’s own clock', () => {
    const late = stay('2026-11-22T21:00', '2026-11-22T23:30');
    const vientiane = calculatorResult(check(timed), late, hours);
    expect(vientiane.status === 'ok' && vientiane.fee.nights).toBe(0);
    // The same wall times in another zone are other instants but the same business days.
    const tokyo = calculatorResult(check(timed), late, { ...hours, timezone: 'Asia/Tokyo' });
    expect(tokyo.status === 'ok' && tokyo.fee.nights).toBe(0);
    const crossing = calculatorResult(check(timed), stay('2026-11-22T21:00', '2026-11-23T07:30'), hours);
    expect(crossing.status === 'ok' && crossing.fee.nights).toBe(1);
  });

  it('shows no number for a rule that is not valid, and says which box', () => {
    expect(
      calculatorResult(
        check(timed, { dailyCap: '100' }),
        stay('2026-11-22T10:00', '2026-11-22T12:30'),
        hours,
      ),
    ).toEqual({
      status: 'invalidRule',
      field: 'dailyCap',
      issue: { message: 'validation.capBelowFirstPeriod' },
    });
    expect(
      calculatorResult(
        check(timed, { graceMinutes: '' }),
        stay('2026-11-22T10:00', '2026-11-22T12:30'),
        hours,
      ),
    ).toMatchObject({
      status: 'invalidRule',
      field: 'graceMinutes',
    });
  });

  it('asks for both times, in order', () => {
    expect(calculatorResult(check(timed), stay('', '2026-11-22T12:30'), hours)).toEqual({
      status: 'missingTime',
    });
    expect(calculatorResult(check(timed), stay('2026-11-22T12:31', '2026-11-22T12:30'), hours)).toEqual({
      status: 'outBeforeIn',
    });
    const same = calculatorResult(check(timed), stay('2026-11-22T12:30', '2026-11-22T12:30'), hours);
    expect(same.status === 'ok' && same.fee.parts).toEqual([{ kind: 'GRACE', amount: 0 }]);
  });
});
