import { commissionRateBodySchema } from '@parking-hub/contracts/finance';
import { describe, expect, it } from 'vitest';
import { percentInput, percentOfBp } from './compensation-format';

const agentId = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('percentOfBp', () => {
  it('shows basis points as a percent with up to two decimals', () => {
    expect(percentOfBp(1000)).toBe('10 %');
    expect(percentOfBp(1250)).toBe('12.5 %');
    expect(percentOfBp(1234)).toBe('12.34 %');
    expect(percentOfBp(0)).toBe('0 %');
  });
});

describe('percentInput', () => {
  it('reads what a person types, and the contract refuses what is not a rate', () => {
    expect(percentInput('12.5')).toBe(12.5);
    expect(percentInput(' 12,5 % ')).toBe(12.5);
    expect(percentInput('')).toBeUndefined();
    const ok = (text: string) =>
      commissionRateBodySchema.safeParse({ agentId, ratePercent: percentInput(text) ?? null }).success;
    expect(ok('12.5')).toBe(true);
    expect(ok('')).toBe(true);
    expect(ok('12.345')).toBe(false);
    expect(ok('101')).toBe(false);
    expect(ok('abc')).toBe(false);
  });
});
