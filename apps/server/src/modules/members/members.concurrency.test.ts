import type { PassReceipt } from '@parking-hub/contracts/members';
import { translate } from '@parking-hub/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberNumbers, memberPayments, members } from '../../db/schema/members.ts';
import { priceRules } from '../../db/schema/prices.ts';
import { call, createTestApp, insertShop, signedIn, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A shop whose staff may sell (a month's motorbike pass: 60,000), its manager and two cashiers. */
async function counter() {
  const shop = await insertShop(t.db, { staffSellPasses: true });
  await t.db
    .update(priceRules)
    .set({ pass1m: 60000 })
    .where(and(eq(priceRules.shopId, shop.id), eq(priceRules.vehicleType, 'MOTORBIKE')));
  const mgr = await signedIn(t, 'MANAGER', { shopId: shop.id });
  const a = await signedIn(t, 'SHOP', { shopId: shop.id });
  const b = await signedIn(t, 'SHOP', { shopId: shop.id });
  return { shop, mgr, a, b };
}

const sale = (numberId: string, plate: string) => ({
  numberId,
  fullName: 'ທ້າວ ສົມພອນ',
  plates: [plate],
  vehicleType: 'MOTORBIKE',
  months: 1,
  method: 'CASH',
  amount: 60000,
});

const sell = (token: string, body: unknown) =>
  call<PassReceipt>(t.app, 'POST', 'membership/create', { token, body });

describe('two sales at once', () => {
  it('of the last free card: exactly one wins, the other is told the card is taken', async () => {
    const { shop, mgr, a, b } = await counter();
    for (let round = 1; round <= 8; round++) {
      const [card] = await t.db
        .insert(memberNumbers)
        .values({ shopId: shop.id, number: `Z-${round}` })
        .returning({ id: memberNumbers.id });
      const id = card?.id ?? '';
      const replies = await Promise.all([
        sell(a.token, sale(id, `ກຂ ${round}01`)),
        sell(b.token, sale(id, `ກຂ ${round}02`)),
        sell(mgr.token, sale(id, `ກຂ ${round}03`)),
      ]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      for (const lost of replies.filter((r) => r.statusCode === 409))
        expect(lost.body.message).toBe(
          translate('lo', 'errors.numberNotAvailable', { number: `Z-${round}` }),
        );
      const won = replies.find((r) => r.statusCode === 201)?.body.data;
      expect(await t.db.select({ id: members.id }).from(members).where(eq(members.numberId, id))).toEqual([
        { id: won?.member.id },
      ]);
      expect(await t.db.$count(memberPayments, eq(memberPayments.numberId, id))).toBe(1);
      expect(await t.db.select().from(memberNumbers).where(eq(memberNumbers.id, id))).toEqual([
        expect.objectContaining({ status: 'ASSIGNED', memberId: won?.member.id }),
      ]);
    }
  });

  it('of one plate on two cards: one member gets it', async () => {
    const { shop, a, b } = await counter();
    for (let round = 1; round <= 6; round++) {
      const cards = await t.db
        .insert(memberNumbers)
        .values([
          { shopId: shop.id, number: `P-${round}A` },
          { shopId: shop.id, number: `P-${round}B` },
        ])
        .returning({ id: memberNumbers.id });
      const plate = `ຄງ ${7000 + round}`;
      const replies = await Promise.all([
        sell(a.token, sale(cards[0]?.id ?? '', plate)),
        sell(b.token, sale(cards[1]?.id ?? '', plate.replace(' ', '-'))),
      ]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const live = await t.db.select({ id: members.id }).from(members).where(eq(members.shopId, shop.id));
      expect(live).toHaveLength(round);
    }
    expect(await t.db.$count(memberPayments, eq(memberPayments.shopId, shop.id))).toBe(6);
  });
});
