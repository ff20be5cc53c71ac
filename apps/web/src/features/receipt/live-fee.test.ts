import type { PublicBill } from '@parking-hub/contracts/bills';
import { describe, expect, it } from 'vitest';
import { clockOffset, feeAt, stopwatch } from './live-fee';

const checkInAt = '2026-11-22T03:00:00.000Z'; // 10:00 in Vientiane
const rule = {
  mode: 'TIMED' as const,
  flatFee: 0,
  graceMinutes: 10,
  firstPeriodMinutes: 60,
  firstPeriodFee: 3000,
  nextPeriodMinutes: 60,
  nextPeriodFee: 1000,
  dailyCap: null,
  overnightFee: null,
  lostTicketFee: 20000,
};
const parked: PublicBill = {
  reference: '2-ABCDEFGHJKMN',
  number: 7,
  shop: {
    name: 'ຮ້ານ',
    address: null,
    phone: null,
    logoPath: null,
    conditions: null,
    timezone: 'Asia/Vientiane',
    openShop: '07:00',
    closeShop: '22:00',
  },
  vehicleType: 'MOTORBIKE',
  plate: null,
  member: false,
  status: 'PARKED',
  checkInAt,
  checkOutAt: null,
  fee: null,
  paymentMethod: null,
  rule,
  serverTime: checkInAt,
  canPayByQr: false,
};
const at = (minutes: number) => Date.parse(checkInAt) + minutes * 60_000;

describe('the receipt’s live fee', () => {
  it('follows the tariff minute by minute while parked', () => {
    expect(feeAt(parked, at(5))?.total).toBe(0);
    expect(feeAt(parked, at(59))?.total).toBe(3000);
    expect(feeAt(parked, at(90))).toMatchObject({ total: 4000, minutes: 90 });
    expect(feeAt(parked, at(121))?.parts.map((p) => p.kind)).toEqual(['FIRST_PERIOD', 'NEXT_PERIODS']);
    // A clock before the check-in (a phone set wrong) never gives a negative stay.
    expect(feeAt(parked, at(-30))?.minutes).toBe(0);
  });

  it('makes members free and shows a closed bill’s fee as charged', () => {
    expect(feeAt({ ...parked, member: true }, at(300))?.total).toBe(0);
    const charged = {
      total: 5000,
      minutes: 150,
      nights: 0,
      parts: [{ kind: 'FIRST_PERIOD' as const, amount: 5000 }],
    };
    expect(feeAt({ ...parked, status: 'CLOSED', rule: null, fee: charged }, at(999))).toBe(charged);
  });

  it('corrects the phone’s clock by the server’s', () => {
    expect(clockOffset('2026-11-22T03:00:10.000Z', Date.parse('2026-11-22T03:00:00.000Z'))).toBe(10_000);
    expect(clockOffset('garbage', 123)).toBe(0);
  });

  it('runs a stopwatch with days apart', () => {
    expect(stopwatch(checkInAt, at(90) + 5_000)).toEqual({ days: 0, clock: '1:30:05' });
    expect(stopwatch(checkInAt, at(1440 * 2 + 61))).toEqual({ days: 2, clock: '1:01:00' });
    expect(stopwatch(checkInAt, at(-1))).toEqual({ days: 0, clock: '0:00:00' });
  });
});
