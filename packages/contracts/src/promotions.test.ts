import { describe, expect, it } from 'vitest';
import {
  createPromotionBodySchema,
  monthDays,
  type PromotionAudienceTerms,
  type PromotionShop,
  promotionApplies,
  promotionDiscount,
  promotionMonthIndex,
  promotionRuleErrors,
  promotionState,
} from './promotions.ts';

// Expected values are worked out by hand, never by calling the function under test.

describe('promotionDiscount', () => {
  it('takes a percentage rounded to the nearest kip, never more than the price', () => {
    expect(promotionDiscount({ discountType: 'PERCENT', discountValue: 10 }, 150_000, 0)).toBe(15_000);
    expect(promotionDiscount({ discountType: 'PERCENT', discountValue: 15 }, 99_999, 3)).toBe(15_000);
    expect(promotionDiscount({ discountType: 'PERCENT', discountValue: 33 }, 1_001, 0)).toBe(330);
    expect(promotionDiscount({ discountType: 'PERCENT', discountValue: 100 }, 250_000, 0)).toBe(250_000);
    expect(promotionDiscount({ discountType: 'PERCENT', discountValue: 20 }, 0, 0)).toBe(0);
  });

  it('takes a fixed amount, at most the price', () => {
    expect(promotionDiscount({ discountType: 'AMOUNT', discountValue: 50_000 }, 150_000, 0)).toBe(50_000);
    expect(promotionDiscount({ discountType: 'AMOUNT', discountValue: 200_000 }, 150_000, 5)).toBe(150_000);
  });

  it('takes the whole price in the first N months only', () => {
    const two = { discountType: 'FREE_MONTHS', discountValue: 2 } as const;
    expect([0, 1, 2, 3].map((i) => promotionDiscount(two, 120_000, i))).toEqual([120_000, 120_000, 0, 0]);
    expect(promotionDiscount(two, 120_000, -1)).toBe(0);
  });
});

const base: PromotionAudienceTerms = {
  active: true,
  validFrom: '2026-03-15',
  validUntil: '2026-05-10',
  packageIds: [],
  audience: 'ALL',
  agentId: null,
  shopIds: [],
  maxUses: null,
  uses: 0,
};
const shop: PromotionShop = { shopId: 's1', agentId: 'a1', createdAt: '2025-01-01', packageId: 'p1' };

describe('promotionApplies', () => {
  it('needs the dates to touch the month', () => {
    const months = ['2026-02', '2026-03', '2026-04', '2026-05', '2026-06'];
    expect(months.map((m) => promotionApplies(base, shop, m))).toEqual([false, true, true, true, false]);
  });

  it('needs it switched on and not used up', () => {
    expect(promotionApplies({ ...base, active: false }, shop, '2026-04')).toBe(false);
    expect(promotionApplies({ ...base, maxUses: 3, uses: 3 }, shop, '2026-04')).toBe(false);
    expect(promotionApplies({ ...base, maxUses: 3, uses: 2 }, shop, '2026-04')).toBe(true);
  });

  it('matches the package (none listed: every package; a shop without one only then)', () => {
    expect(promotionApplies({ ...base, packageIds: ['p1', 'p2'] }, shop, '2026-04')).toBe(true);
    expect(promotionApplies({ ...base, packageIds: ['p2'] }, shop, '2026-04')).toBe(false);
    expect(promotionApplies(base, { ...shop, packageId: null }, '2026-04')).toBe(true);
    expect(promotionApplies({ ...base, packageIds: ['p1'] }, { ...shop, packageId: null }, '2026-04')).toBe(
      false,
    );
  });

  it('matches each audience', () => {
    const m = '2026-04';
    expect(promotionApplies({ ...base, audience: 'AGENT', agentId: 'a1' }, shop, m)).toBe(true);
    expect(promotionApplies({ ...base, audience: 'AGENT', agentId: 'a2' }, shop, m)).toBe(false);
    expect(
      promotionApplies({ ...base, audience: 'AGENT', agentId: 'a1' }, { ...shop, agentId: null }, m),
    ).toBe(false);
    expect(promotionApplies({ ...base, audience: 'SHOPS', shopIds: ['s0', 's1'] }, shop, m)).toBe(true);
    expect(promotionApplies({ ...base, audience: 'SHOPS', shopIds: ['s2'] }, shop, m)).toBe(false);
    const fresh = { ...shop, createdAt: '2026-03-15T08:00:00.000Z' };
    expect(promotionApplies({ ...base, audience: 'NEW_SHOPS' }, fresh, m)).toBe(true);
    expect(
      promotionApplies({ ...base, audience: 'NEW_SHOPS' }, { ...shop, createdAt: '2026-03-14' }, m),
    ).toBe(false);
    expect(promotionApplies({ ...base, audience: 'NEW_SHOPS', agentId: 'a1' }, fresh, m)).toBe(true);
    expect(promotionApplies({ ...base, audience: 'NEW_SHOPS', agentId: 'a2' }, fresh, m)).toBe(false);
  });

  it('keeps an agent’s own promotion to the shops that agent serves now', () => {
    const m = '2026-04';
    const chosen = { ...base, audience: 'SHOPS', shopIds: ['s1'] } as const;
    expect(promotionApplies({ ...chosen, ownerAgentId: 'a1' }, shop, m)).toBe(true);
    expect(promotionApplies({ ...chosen, ownerAgentId: 'a2' }, shop, m)).toBe(false);
    expect(promotionApplies({ ...chosen, ownerAgentId: 'a1' }, { ...shop, agentId: null }, m)).toBe(false);
    expect(promotionApplies({ ...chosen, ownerAgentId: null }, { ...shop, agentId: 'a9' }, m)).toBe(true);
  });
});

describe('months and states', () => {
  it('knows the last day of each month, leap years too', () => {
    expect(monthDays('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthDays('2026-02').last).toBe('2026-02-28');
    expect(monthDays('2026-12').last).toBe('2026-12-31');
  });

  it('counts the shop’s months of a promotion from the later of its start and the shop’s', () => {
    expect(promotionMonthIndex({ validFrom: '2026-03-15' }, '2025-01-01', '2026-03')).toBe(0);
    expect(promotionMonthIndex({ validFrom: '2026-03-15' }, '2025-01-01', '2027-01')).toBe(10);
    expect(promotionMonthIndex({ validFrom: '2026-03-15' }, '2026-05-20', '2026-06')).toBe(1);
  });

  it('tells the state on a day', () => {
    const p = { active: true, validFrom: '2026-03-15', validUntil: '2026-05-10', maxUses: null, uses: 0 };
    expect(promotionState(p, '2026-03-14')).toBe('UPCOMING');
    expect(promotionState(p, '2026-03-15')).toBe('ACTIVE');
    expect(promotionState(p, '2026-05-10')).toBe('ACTIVE');
    expect(promotionState(p, '2026-05-11')).toBe('EXPIRED');
    expect(promotionState({ ...p, maxUses: 1, uses: 1 }, '2026-04-01')).toBe('EXPIRED');
    expect(promotionState({ ...p, active: false }, '2026-04-01')).toBe('INACTIVE');
  });
});

describe('the create schema', () => {
  const good = {
    title: 'ຫຼຸດ 10%',
    discountType: 'PERCENT',
    discountValue: 10,
    validFrom: '2026-03-01',
    validUntil: '2026-03-31',
    audience: 'ALL',
  };
  const fieldErrors = (input: unknown) => {
    const r = createPromotionBodySchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('accepts a good promotion with its defaults', () => {
    const r = createPromotionBodySchema.parse(good);
    expect([r.body, r.packageIds, r.shopIds, r.active]).toEqual(['', [], [], true]);
  });

  it('refuses bad kip, percentages over 100, an end before the start, chosen shops missing, unknown fields', () => {
    expect(fieldErrors({ ...good, discountType: 'AMOUNT', discountValue: -5 })).toEqual({
      discountValue: 'validation.promotionValueFormat',
    });
    expect(fieldErrors({ ...good, discountType: 'AMOUNT', discountValue: 1000.5 })).toEqual({
      discountValue: 'validation.promotionValueFormat',
    });
    expect(fieldErrors({ ...good, discountValue: 101 })).toEqual({
      discountValue: 'validation.promotionPercentMax',
    });
    expect(fieldErrors({ ...good, validUntil: '2026-02-28' })).toEqual({
      validUntil: 'validation.promotionDates',
    });
    expect(fieldErrors({ ...good, audience: 'SHOPS' })).toEqual({ shopIds: 'validation.shopsRequired' });
    expect(Object.keys(fieldErrors({ ...good, uses: 5 }))).toEqual(['']);
  });

  it('has the same rules for the web form and the server', () => {
    expect(
      promotionRuleErrors({
        ...good,
        discountType: 'FREE_MONTHS',
        discountValue: 25,
        shopIds: [],
        audience: 'ALL',
      }),
    ).toEqual({ discountValue: 'validation.promotionFreeMonthsMax' });
  });
});
