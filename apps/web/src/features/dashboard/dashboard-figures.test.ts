import { emptyMeasures, type ReportBalance, type ReportChart } from '@parking-hub/contracts/reports';
import { describe, expect, it } from 'vitest';
import {
  chartRange,
  chartRows,
  formatCount,
  formatDay,
  isEmpty,
  isQuiet,
  sharedDate,
  topShops,
  trendOf,
  vehicleRows,
} from './dashboard-figures';

const shop = (shopId: string, date: string, amount = 0) => ({
  ...emptyMeasures(),
  shopId,
  shopName: `Shop ${shopId}`,
  shopCode: shopId,
  date,
  amount,
  parkedNow: 0,
});

function balance(over: Partial<ReportBalance> = {}): ReportBalance {
  return { shops: [], byVehicle: [], totals: { ...emptyMeasures(), parkedNow: 0 }, ...over };
}

const vehicle = (vehicleType: 'MOTORBIKE' | 'CAR' | 'TRUCK', billsIn: number, parkedNow = 0) => ({
  ...emptyMeasures(),
  vehicleType,
  billsIn,
  parkedNow,
});

function chart(over: Partial<ReportChart> = {}): ReportChart {
  return { days: [], shops: [], totals: emptyMeasures(), ...over };
}

describe('vehicleRows', () => {
  it('pairs today and yesterday per type, zeros where a day has none, in the vehicle order', () => {
    const rows = vehicleRows(
      balance({ byVehicle: [vehicle('TRUCK', 1), vehicle('MOTORBIKE', 5, 2)] }),
      balance({ byVehicle: [vehicle('CAR', 3), vehicle('MOTORBIKE', 4)] }),
    );
    expect(rows.map((r) => r.vehicleType)).toEqual(['MOTORBIKE', 'CAR', 'TRUCK']);
    expect(rows[0]?.today).toMatchObject({ billsIn: 5, parkedNow: 2 });
    expect(rows[0]?.yesterday.billsIn).toBe(4);
    expect(rows[1]?.today).toMatchObject({ billsIn: 0, amount: 0, parkedNow: 0 });
    expect(rows[2]?.yesterday.billsIn).toBe(0);
    expect(rows[0]?.today).not.toHaveProperty('vehicleType');
  });

  it('has no rows when neither day has a bill', () => {
    expect(vehicleRows(balance(), balance())).toEqual([]);
  });
});

describe('sharedDate', () => {
  it('is the day all shops are on, or null when they differ or there is none', () => {
    expect(sharedDate(balance({ shops: [shop('1', '2026-11-22'), shop('2', '2026-11-22')] }))).toBe(
      '2026-11-22',
    );
    expect(sharedDate(balance({ shops: [shop('1', '2026-11-22'), shop('2', '2026-11-21')] }))).toBeNull();
    expect(sharedDate(balance())).toBeNull();
  });
});

describe('chartRange', () => {
  it('covers 30 days up to the latest shop day', () => {
    const today = balance({ shops: [shop('1', '2026-03-01'), shop('2', '2026-02-28')] });
    expect(chartRange(today, new Date('2020-01-01T00:00:00Z'))).toEqual({
      from: '2026-01-31',
      to: '2026-03-01',
    });
  });

  it('uses the calendar day in Vientiane without shops (23:30 UTC is the next morning there)', () => {
    expect(chartRange(balance(), new Date('2026-12-31T23:30:00Z'))).toEqual({
      from: '2026-12-03',
      to: '2027-01-01',
    });
    expect(chartRange(undefined, new Date('2026-06-15T05:00:00Z')).to).toBe('2026-06-15');
  });
});

describe('isEmpty', () => {
  it('is true only with no bill in any of the answers and no vehicle inside', () => {
    expect(isEmpty(balance(), balance(), chart())).toBe(true);
    const parked = balance({ totals: { ...emptyMeasures(), parkedNow: 1 } });
    expect(isEmpty(parked, balance(), chart())).toBe(false);
    const older = chart({ totals: { ...emptyMeasures(), billsIn: 3 } });
    expect(isEmpty(balance(), balance(), older)).toBe(false);
    const cancelledYesterday = balance({ totals: { ...emptyMeasures(), cancelled: 1, parkedNow: 0 } });
    expect(isEmpty(balance(), cancelledYesterday, chart())).toBe(false);
  });
});

describe('isQuiet', () => {
  it('is true with no bill today or yesterday and no vehicle inside: only the chart can say more', () => {
    expect(isQuiet(balance(), balance())).toBe(true);
    expect(isQuiet(balance({ totals: { ...emptyMeasures(), parkedNow: 2 } }), balance())).toBe(false);
    expect(isQuiet(balance(), balance({ totals: { ...emptyMeasures(), billsIn: 1, parkedNow: 0 } }))).toBe(
      false,
    );
    // A day that only sold a membership pass is not quiet.
    const passOnly = balance({
      totals: { ...emptyMeasures(), passCount: 1, passAmount: 150000, parkedNow: 0 },
    });
    expect(isQuiet(passOnly, balance())).toBe(false);
  });
});

describe('trendOf', () => {
  it('compares today with yesterday', () => {
    expect(trendOf(5, 3)).toBe('up');
    expect(trendOf(2, 3)).toBe('down');
    expect(trendOf(0, 0)).toBe('same');
  });
});

describe('chart rows and top shops', () => {
  it('labels days dd/mm and keeps money and vehicles in', () => {
    const day = { ...emptyMeasures(), date: '2026-11-02', amount: 12_000, billsIn: 4 };
    expect(chartRows(chart({ days: [day] }))).toEqual([{ label: '02/11', amount: 12_000, billsIn: 4 }]);
  });

  it('keeps the ranking, cuts at the limit and gives each a share of the first', () => {
    const c = chart({ shops: [shop('a', '', 400), shop('b', '', 100), shop('c', '', 0)] });
    const top = topShops(c, 2);
    expect(top.map((s) => [s.shopId, s.share])).toEqual([
      ['a', 1],
      ['b', 0.25],
    ]);
    expect(topShops(chart({ shops: [shop('z', '', 0)] }), 5)[0]?.share).toBe(0);
  });
});

describe('formats', () => {
  it('writes counts with separators and days as dd/mm/yyyy', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatDay('2026-01-05')).toBe('05/01/2026');
  });
});
