import { defaultFeeRule, type FeeRule } from '@parking-hub/contracts/prices';
import { describe, expect, it } from 'vitest';
import {
  checkRule,
  firstIssue,
  formValuesOf,
  NO_PASSES,
  type RuleFormValues,
  visibleFields,
} from './rule-form';

const SHOP = '6f1c2a9e-1b2c-4d3e-8f40-5a6b7c8d9e0f';
const RULE = '0d4e5f60-7182-4a3b-9c4d-5e6f708192a3';
const create = { shopId: SHOP, vehicleType: 'TRUCK' } as const;
const base: FeeRule = defaultFeeRule(3000);
const values = (change: Partial<RuleFormValues> = {}): RuleFormValues => ({
  ...formValuesOf(base),
  ...change,
});

describe('formValuesOf', () => {
  it('shows numbers as text and "none" as an empty box', () => {
    const v = formValuesOf({ ...base, dailyCap: null, overnightFee: 5000 });
    expect(v).toMatchObject({ mode: 'FLAT', flatFee: '3000', dailyCap: '', overnightFee: '5000' });
  });
});

describe('visibleFields', () => {
  it('shows the flat fee only for FLAT, the periods only for TIMED, the rest for both', () => {
    expect(visibleFields('FLAT')).toEqual(['flatFee', 'overnightFee', 'lostTicketFee']);
    expect(visibleFields('TIMED')).not.toContain('flatFee');
    expect(visibleFields('TIMED')).toEqual(
      expect.arrayContaining(['graceMinutes', 'dailyCap', 'lostTicketFee']),
    );
  });
});

describe('checkRule', () => {
  it('builds the create body with the contracts schema (numbers, nulls for empty optional boxes)', () => {
    const check = checkRule(
      values({ flatFee: '5,000', overnightFee: '', lostTicketFee: ' 20 000 ' }),
      create,
      base,
    );
    expect(check).toMatchObject({
      ok: true,
      body: {
        shopId: SHOP,
        vehicleType: 'TRUCK',
        mode: 'FLAT',
        flatFee: 5000,
        overnightFee: null,
        lostTicketFee: 20000,
      },
      rule: { mode: 'FLAT', flatFee: 5000, overnightFee: null },
    });
    if (check.ok) expect(check.rule).not.toHaveProperty('shopId');
  });

  it('builds the update body with the rule id', () => {
    const check = checkRule(values({ mode: 'TIMED', dailyCap: '20000' }), { id: RULE }, base);
    expect(check).toMatchObject({ ok: true, body: { id: RULE, mode: 'TIMED', dailyCap: 20000 } });
    if (check.ok) expect(check.rule).not.toHaveProperty('id');
  });

  it('answers the contracts’ message keys per field, with their limits', () => {
    const check = checkRule(
      values({
        mode: 'TIMED',
        firstPeriodMinutes: '0',
        nextPeriodMinutes: '2000',
        firstPeriodFee: '1.5',
        nextPeriodFee: '-1',
      }),
      create,
      base,
    );
    expect(check).toEqual({
      ok: false,
      issues: {
        firstPeriodMinutes: { message: 'validation.tooSmall', params: { min: 1 } },
        nextPeriodMinutes: { message: 'validation.tooBig', params: { max: 1440 } },
        firstPeriodFee: { message: 'validation.amountFormat' },
        // The kip schema answers one message for every way a number is wrong; the limit rides along.
        nextPeriodFee: { message: 'validation.amountFormat', params: { min: 0 } },
      },
    });
    expect(firstIssue(check)?.field).toBe('firstPeriodMinutes');
  });

  it('calls an empty required box "required" and text in a number box a format error', () => {
    const check = checkRule(values({ flatFee: '', lostTicketFee: 'abc' }), create, base);
    expect(check).toEqual({
      ok: false,
      issues: {
        flatFee: { message: 'validation.required' },
        lostTicketFee: { message: 'validation.amountFormat' },
      },
    });
  });

  it('refuses a daily cap below the first period, as the server does', () => {
    const check = checkRule(
      values({ mode: 'TIMED', firstPeriodFee: '5000', dailyCap: '4000' }),
      create,
      base,
    );
    expect(check).toEqual({ ok: false, issues: { dailyCap: { message: 'validation.capBelowFirstPeriod' } } });
    expect(
      checkRule(values({ mode: 'FLAT', firstPeriodFee: '5000', dailyCap: '4000' }), create, base).ok,
    ).toBe(true);
  });

  it('does not block a save on a box the mode hides: the saved value goes instead', () => {
    const flat = checkRule(values({ mode: 'FLAT', graceMinutes: 'x', nextPeriodFee: '-5' }), create, base);
    expect(flat).toMatchObject({
      ok: true,
      body: { graceMinutes: base.graceMinutes, nextPeriodFee: base.nextPeriodFee },
    });
    const timed = checkRule(values({ mode: 'TIMED', flatFee: '' }), create, base);
    expect(timed).toMatchObject({ ok: true, body: { flatFee: base.flatFee } });
    // A valid hidden value is kept as typed.
    expect(checkRule(values({ mode: 'FLAT', graceMinutes: '30' }), create, base)).toMatchObject({
      body: { graceMinutes: 30 },
    });
  });
});

describe('pass prices', () => {
  it('shows each length’s price as text and a length not sold as an empty box', () => {
    const v = formValuesOf(base, { ...NO_PASSES, pass1m: 32000, pass12m: 300000 });
    expect(v).toMatchObject({ pass1m: '32000', pass3m: '', pass6m: '', pass12m: '300000' });
    expect(formValuesOf(base)).toMatchObject({ pass1m: '', pass3m: '', pass6m: '', pass12m: '' });
  });

  it('sends pass1m…pass12m with the rule: kip without separators, null for an empty box', () => {
    const check = checkRule(
      values({ pass1m: '32,000', pass3m: ' 90 000 ', pass6m: '', pass12m: '0' }),
      create,
      base,
    );
    expect(check).toMatchObject({
      ok: true,
      body: { shopId: SHOP, pass1m: 32000, pass3m: 90000, pass6m: null, pass12m: 0 },
    });
    // The fee itself does not carry them (the calculator prices stays only).
    if (check.ok) expect(check.rule).not.toHaveProperty('pass1m');
    const update = checkRule(values({ mode: 'TIMED', pass6m: '150000' }), { id: RULE }, base);
    expect(update).toMatchObject({ ok: true, body: { id: RULE, pass1m: null, pass6m: 150000 } });
  });

  it('refuses a price below 0 or not whole under its own box, in both modes', () => {
    for (const mode of ['FLAT', 'TIMED'] as const) {
      const check = checkRule(values({ mode, pass3m: '-1', pass12m: '1.5' }), create, base);
      expect(check).toMatchObject({
        ok: false,
        issues: {
          pass3m: { message: 'validation.amountFormat' },
          pass12m: { message: 'validation.amountFormat' },
        },
      });
    }
    expect(firstIssue(checkRule(values({ pass6m: 'x' }), create, base))?.field).toBe('pass6m');
  });
});
