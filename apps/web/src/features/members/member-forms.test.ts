import type { Member, PassPlan } from '@parking-hub/contracts/members';
import { describe, expect, it } from 'vitest';
import {
  checkEdit,
  checkNumbers,
  checkRenew,
  checkSell,
  editValuesOf,
  type NumbersValues,
  planPrice,
  type SellValues,
} from './member-forms';

const SHOP = '6f1c2a9e-1b2c-4d3e-8f40-5a6b7c8d9e0f';
const NUMBER = '0d4e5f60-7182-4a3b-9c4d-5e6f708192a3';
const MEMBER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

const PLANS: PassPlan[] = [
  { vehicleType: 'MOTORBIKE', months: 1, price: 32000 },
  { vehicleType: 'MOTORBIKE', months: 3, price: 90000 },
  { vehicleType: 'CAR', months: 1, price: 150000 },
];

const sell = (change: Partial<SellValues> = {}): SellValues => ({
  shopId: SHOP,
  numberId: NUMBER,
  fullName: ' ນາງ ແກ້ວ ',
  phone: '020 5555 1234',
  plates: ['ກຂ 1234'],
  vehicleType: 'MOTORBIKE',
  months: '1',
  method: 'CASH',
  amount: '32,000',
  note: '',
  ...change,
});

const member: Member = {
  id: MEMBER,
  shopId: SHOP,
  shopName: 'ຮ້ານ',
  numberId: NUMBER,
  number: 'M-0001',
  fullName: 'ນາງ ແກ້ວ',
  phone: '+8562055551234',
  plates: ['ກຂ 1234'],
  vehicleType: 'MOTORBIKE',
  planMonths: 1,
  validFrom: '2026-11-01',
  validUntil: '2026-11-30',
  status: 'ACTIVE',
  daysLeft: 5,
  feePaid: 32000,
  note: null,
  createdAt: '2026-11-01T03:00:00.000Z',
  updatedAt: '2026-11-01T03:00:00.000Z',
};

describe('planPrice', () => {
  it('finds the shop’s price of a length for a vehicle type, or null when it is not sold', () => {
    expect(planPrice(PLANS, 'MOTORBIKE', 3)).toBe(90000);
    expect(planPrice(PLANS, 'CAR', 3)).toBeNull();
  });
});

describe('checkSell', () => {
  it('builds the sale as the contracts read it: phone in E.164, plates clean, kip without separators', () => {
    const checked = checkSell(sell({ plates: ['ກຂ 1234', ' ab-12 '] }), 32000);
    expect(checked).toEqual({
      ok: true,
      body: {
        shopId: SHOP,
        numberId: NUMBER,
        fullName: 'ນາງ ແກ້ວ',
        phone: '+8562055551234',
        plates: ['ກຂ 1234', 'AB-12'],
        vehicleType: 'MOTORBIKE',
        note: null,
        months: 1,
        method: 'CASH',
        amount: 32000,
      },
    });
  });

  it('leaves an empty amount out when the shop has a price (the server takes it), refuses it when not', () => {
    const priced = checkSell(sell({ amount: '' }), 32000);
    expect(priced.ok && priced.body).not.toHaveProperty('amount');
    expect(checkSell(sell({ amount: ' ' }), null)).toEqual({
      ok: false,
      issues: { amount: 'validation.passPriceMissing' },
    });
  });

  it('answers the contracts’ message keys per field', () => {
    const checked = checkSell(
      sell({ numberId: '', fullName: ' ', plates: [], amount: '-5', phone: '12', months: '2' }),
      32000,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.issues).toMatchObject({
      numberId: expect.any(String),
      fullName: 'validation.fullNameRequired',
      plates: 'validation.platesRequired',
      amount: 'validation.amountFormat',
      phone: 'validation.whatsappFormat',
      months: 'validation.passMonths',
    });
  });

  it('refuses a plate in bad form', () => {
    const checked = checkSell(sell({ plates: ['!!'] }), 32000);
    expect(checked).toEqual({ ok: false, issues: { plates: 'validation.plateFormat' } });
  });

  it('sends no shop for a user whose shop is their own', () => {
    const checked = checkSell(sell({ shopId: '' }), 32000);
    expect(checked.ok && checked.body).not.toHaveProperty('shopId');
  });
});

describe('checkRenew', () => {
  it('builds the renewal with the length, the method and the amount', () => {
    expect(checkRenew(MEMBER, { months: '3', method: 'QR', amount: '90 000' }, 90000)).toEqual({
      ok: true,
      body: { memberId: MEMBER, months: 3, method: 'QR', amount: 90000 },
    });
    expect(checkRenew(MEMBER, { months: '6', method: 'CASH', amount: '' }, null)).toEqual({
      ok: false,
      issues: { amount: 'validation.passPriceMissing' },
    });
  });
});

describe('checkEdit', () => {
  it('sends only what changed, and nothing at all when nothing did', () => {
    expect(checkEdit(member, editValuesOf(member))).toBeNull();
    expect(
      checkEdit(member, { ...editValuesOf(member), fullName: 'ນາງ ແກ້ວ ສີ', plates: ['ກຂ 1234', 'ຄງ 99'] }),
    ).toEqual({
      ok: true,
      body: { id: MEMBER, fullName: 'ນາງ ແກ້ວ ສີ', plates: ['ກຂ 1234', 'ຄງ 99'] },
    });
  });

  it('suspends and reactivates through the status, and sends both dates when one changes', () => {
    expect(checkEdit(member, { ...editValuesOf(member), suspended: true })).toEqual({
      ok: true,
      body: { id: MEMBER, status: 'SUSPENDED' },
    });
    expect(checkEdit(member, { ...editValuesOf(member), validUntil: '2026-12-31' })).toEqual({
      ok: true,
      body: { id: MEMBER, validFrom: '2026-11-01', validUntil: '2026-12-31' },
    });
  });

  it('refuses an end before the start under the end date', () => {
    expect(checkEdit(member, { ...editValuesOf(member), validUntil: '2026-10-31' })).toEqual({
      ok: false,
      issues: { validUntil: 'validation.passEndBeforeStart' },
    });
  });
});

describe('checkNumbers', () => {
  const values = (change: Partial<NumbersValues> = {}): NumbersValues => ({
    shopId: SHOP,
    mode: 'range',
    number: '',
    prefix: 'm-',
    from: '1',
    to: '500',
    digits: '4',
    ...change,
  });

  it('builds a range or one number', () => {
    expect(checkNumbers(values())).toEqual({
      ok: true,
      body: { shopId: SHOP, prefix: 'M-', from: 1, to: 500, digits: 4 },
    });
    expect(checkNumbers(values({ mode: 'one', number: ' vip-7 ' }))).toEqual({
      ok: true,
      body: { shopId: SHOP, number: 'VIP-7' },
    });
  });

  it('refuses a range backwards, too long, or half typed, and an empty single number', () => {
    expect(checkNumbers(values({ from: '10', to: '1' }))).toEqual({
      ok: false,
      issues: { to: 'validation.numberRangeOrder' },
    });
    expect(checkNumbers(values({ to: '6000' }))).toEqual({
      ok: false,
      issues: { to: 'validation.numberRangeSize' },
    });
    expect(checkNumbers(values({ to: '' }))).toEqual({ ok: false, issues: { to: 'validation.numberRange' } });
    expect(checkNumbers(values({ mode: 'one', number: '' }))).toEqual({
      ok: false,
      issues: { number: 'validation.required' },
    });
  });
});
