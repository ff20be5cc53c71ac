import { adjustWalletBodySchema, topUpBodySchema } from '@parking-hub/contracts/finance';
import { describe, expect, it } from 'vitest';
import { newRandomId } from '../../lib/random-id';
import { kipInput, signedKip } from './wallet-format';

const shopId = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('kipInput', () => {
  it('drops separators, spaces and the kip sign', () => {
    expect(kipInput('1,500,000')).toBe('1500000');
    expect(kipInput(' 1 500 000 ₭ ')).toBe('1500000');
    expect(kipInput('−20,000')).toBe('-20000');
    expect(kipInput('')).toBeUndefined();
  });

  it('keeps what makes an amount wrong, so the contract refuses it', () => {
    const key = newRandomId();
    const topUp = (amount: string) =>
      topUpBodySchema.safeParse({ shopId, amount: kipInput(amount), method: 'CASH', idempotencyKey: key });
    expect(topUp('1,500,000').data?.amount).toBe(1_500_000);
    expect(topUp('1.5').success).toBe(false);
    expect(topUp('0').success).toBe(false);
    expect(topUp('-5,000').success).toBe(false);
    const adjust = (amount: string) =>
      adjustWalletBodySchema.safeParse({
        shopId,
        amount: kipInput(amount),
        reason: 'ນັບຜິດ',
        idempotencyKey: key,
      });
    expect(adjust('-20,000').data?.amount).toBe(-20_000);
    expect(adjust('0').success).toBe(false);
  });
});

describe('signedKip', () => {
  it('shows the sign of a movement with a real minus', () => {
    expect(signedKip(150_000)).toBe('+150,000 ₭');
    expect(signedKip(-2_500)).toBe('−2,500 ₭');
    expect(signedKip(0)).toBe('0 ₭');
  });
});

describe('the idempotency key', () => {
  it('is a key the contract accepts, new each time', () => {
    const a = newRandomId();
    expect(topUpBodySchema.shape.idempotencyKey.safeParse(a).success).toBe(true);
    expect(newRandomId()).not.toBe(a);
  });
});
