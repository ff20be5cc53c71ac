import { businessDate } from '@parking-hub/contracts/business-day';
import type {
  CreateNumbersResult,
  Member,
  MemberDetail,
  MemberNumberRow,
  MembershipSettings,
  PassPlan,
  PassReceipt,
} from '@parking-hub/contracts/members';
import { addDays, MEMBER_SEARCH_COUNT_CAP, passPeriod } from '@parking-hub/contracts/members';
import { type MessageKey, translate } from '@parking-hub/contracts/messages';
import { type AnyColumn, and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { bills } from '../../db/schema/bills.ts';
import { memberNumbers, memberPayments, members } from '../../db/schema/members.ts';
import { priceRules } from '../../db/schema/prices.ts';
import { shops } from '../../db/schema/shops.ts';
import { shopScope } from '../../tenancy/scope.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  type Reply,
  signedIn,
  type TestApp,
  unique,
} from '../../test/harness.ts';
import { pageOfMembers } from './members.list.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lo = (key: MessageKey, params: Record<string, string | number> = {}) => translate('lo', key, params);

const post = <T>(path: string, token: string, body: unknown) => call<T>(t.app, 'POST', path, { token, body });
const get = <T>(path: string, token: string) => call<T>(t.app, 'GET', path, { token });
const del = <T>(path: string, token: string) => call<T>(t.app, 'DELETE', path, { token });
const qs = (query: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(query).flatMap(([k, v]): [string, string][] => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();

/** Everything a members' call may write. */
const counts = async () => ({
  members: await t.db.$count(members),
  numbers: await t.db.$count(memberNumbers),
  payments: await t.db.$count(memberPayments),
  audit: await t.db.$count(auditEvents),
});
const memberRow = async (id: string) => (await t.db.select().from(members).where(eq(members.id, id)))[0];
const numberRow = async (id: string) =>
  (await t.db.select().from(memberNumbers).where(eq(memberNumbers.id, id)))[0];
const today = () => businessDate(new Date(), { timezone: 'Asia/Vientiane', openShop: null, closeShop: null });

/**
 * Agent A's shop (with a branch) and agent B's shop; an admin, both agents, a manager and a
 * cashier of A's shop, a manager of B's shop. A's motorbike passes cost 60,000 (1 month) and
 * 170,000 (3 months); cars have no pass price.
 */
async function scene() {
  const admin = await signedIn(t, 'ADMIN');
  const agentA = await signedIn(t, 'AGENT');
  const agentB = await signedIn(t, 'AGENT');
  const shopA = await insertShop(t.db, { agentId: agentA.id, phone: '021 123 456' });
  const branch = await insertShop(t.db, { agentId: agentA.id, parentId: shopA.id });
  const shopB = await insertShop(t.db, { agentId: agentB.id });
  const mgr = await signedIn(t, 'MANAGER', { shopId: shopA.id });
  const cashier = await signedIn(t, 'SHOP', { shopId: shopA.id });
  const mgrB = await signedIn(t, 'MANAGER', { shopId: shopB.id });
  for (const shop of [shopA, shopB])
    await t.db
      .update(priceRules)
      .set({ pass1m: 60000, pass3m: 170000 })
      .where(and(eq(priceRules.shopId, shop.id), eq(priceRules.vehicleType, 'MOTORBIKE')));
  return { admin, agentA, agentB, shopA, branch, shopB, mgr, cashier, mgrB };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** Card numbers of a shop (made by its manager or an admin), by number. */
async function cards(token: string, shopId: string, prefix: string, count: number) {
  const made = await post<CreateNumbersResult>('membership/number/create', token, {
    shopId,
    prefix,
    from: 1,
    to: count,
  });
  expect(made.statusCode, JSON.stringify(made.body)).toBe(201);
  const list = await get<MemberNumberRow[]>(`membership/numbers?${qs({ shopId, search: prefix })}`, token);
  return list.body.data ?? [];
}

let plateSeq = 1000;
const newPlate = () => `ກຂ ${plateSeq++}`;

const sale = (numberId: string, over: Record<string, unknown> = {}) => ({
  numberId,
  fullName: 'ທ້າວ ສົມພອນ',
  phone: '020 5555 1234',
  plates: [newPlate()],
  vehicleType: 'MOTORBIKE',
  months: 1,
  method: 'CASH',
  ...over,
});

async function sell(token: string, numberId: string, over: Record<string, unknown> = {}) {
  const res = await post<PassReceipt>('membership/create', token, sale(numberId, over));
  expect(res.statusCode, JSON.stringify(res.body)).toBe(201);
  return res.body.data as PassReceipt;
}

/** The call changed nothing and answered the envelope. */
async function refused(send: () => Promise<Reply>, status: number, message: string | Record<string, string>) {
  const before = await counts();
  expectError(await send(), status, message);
  expect(await counts()).toEqual(before);
}

describe('card numbers', () => {
  it('makes a range or one number, skips those the shop has, audited once', async () => {
    const s = await scene();
    const made = await post<CreateNumbersResult>('membership/number/create', s.mgr.token, {
      prefix: 'm-',
      from: 8,
      to: 12,
    });
    expect([made.statusCode, made.body.data]).toEqual([
      201,
      { created: 5, skipped: 0, first: 'M-08', last: 'M-12' },
    ]);
    const again = await post<CreateNumbersResult>('membership/number/create', s.agentA.token, {
      shopId: s.shopA.id,
      prefix: 'M-',
      from: 11,
      to: 13,
      digits: 2,
    });
    expect(again.body.data).toEqual({ created: 1, skipped: 2, first: 'M-13', last: 'M-13' });
    const one = await post<CreateNumbersResult>('membership/number/create', s.admin.token, {
      shopId: s.shopA.id,
      number: 'vip-1',
    });
    expect(one.body.data).toEqual({ created: 1, skipped: 0, first: 'VIP-1', last: 'VIP-1' });
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.shopId, s.shopA.id), eq(auditEvents.action, 'membership.number_create')));
    expect(events.map((e) => [e.action, (e.after as { created: number }).created])).toEqual([
      ['membership.number_create', 5],
      ['membership.number_create', 1],
      ['membership.number_create', 1],
    ]);
    // Nothing new: nothing written, no event.
    const before = await counts();
    const none = await post('membership/number/create', s.mgr.token, { number: 'VIP-1' });
    expect(none.body.data).toEqual({ created: 0, skipped: 1, first: null, last: null });
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input, staff and other shops, writing nothing', async () => {
    const s = await scene();
    const create = (token: string, body: unknown) => () => post('membership/number/create', token, body);
    await refused(create(s.mgr.token, {}), 400, { number: lo('validation.numberOrRange') });
    await refused(create(s.mgr.token, { number: 'A1', from: 1, to: 2 }), 400, {
      number: lo('validation.numberOrRange'),
    });
    await refused(create(s.mgr.token, { from: 5, to: 1 }), 400, { to: lo('validation.numberRangeOrder') });
    await refused(create(s.mgr.token, { from: 1, to: 5001 }), 400, { to: lo('validation.numberRangeSize') });
    await refused(create(s.mgr.token, { from: 1 }), 400, { to: lo('validation.numberRange') });
    await refused(create(s.mgr.token, { from: -1, to: 3 }), 400, { from: lo('validation.numberRange') });
    await refused(create(s.mgr.token, { prefix: 'ກ-', from: 1, to: 3 }), 400, {
      prefix: lo('validation.memberNumberFormat'),
    });
    await refused(create(s.mgr.token, { number: 'M 1' }), 400, {
      number: lo('validation.memberNumberFormat'),
    });
    await refused(create(s.cashier.token, { number: 'M1' }), 403, lo('errors.forbidden'));
    await refused(
      create(s.mgr.token, { shopId: s.shopB.id, number: 'M1' }),
      403,
      lo('errors.shopOutOfScope'),
    );
    await refused(
      create(s.agentA.token, { shopId: s.shopB.id, number: 'M1' }),
      403,
      lo('errors.shopOutOfScope'),
    );
    await refused(
      create(s.admin.token, { shopId: crypto.randomUUID(), number: 'M1' }),
      404,
      lo('errors.shopNotFound'),
    );
    await refused(create(s.admin.token, { number: 'M1' }), 400, { shopId: lo('validation.shopRequired') });
  });

  it('lists a shop’s pool by number, paged, with status, search and holder, to its staff too', async () => {
    const s = await scene();
    const pool = await cards(s.mgr.token, s.shopA.id, 'P-', 12);
    expect(pool.map((n) => n.number)).toEqual(
      Array.from({ length: 12 }, (_, i) => `P-${String(i + 1).padStart(2, '0')}`),
    );
    const receipt = await sell(s.mgr.token, pool[2]?.id ?? '', { fullName: 'ນາງ ຄຳ' });
    const page2 = await get<MemberNumberRow[]>(
      `membership/numbers?${qs({ page: 2, pageSize: 5 })}`,
      s.cashier.token,
    );
    expect(page2.body.meta).toEqual({ page: 2, pageSize: 5, total: 12, totalPages: 3 });
    expect(page2.body.data?.map((n) => n.number)).toEqual(['P-06', 'P-07', 'P-08', 'P-09', 'P-10']);
    const held = await get<MemberNumberRow[]>(
      `membership/numbers?${qs({ status: 'ASSIGNED' })}`,
      s.mgr.token,
    );
    expect(held.body.data).toEqual([
      expect.objectContaining({
        number: 'P-03',
        status: 'ASSIGNED',
        memberId: receipt.member.id,
        memberName: 'ນາງ ຄຳ',
        used: true,
      }),
    ]);
    const free = await get<MemberNumberRow[]>(
      `membership/numbers?${qs({ status: 'AVAILABLE', search: 'p-1' })}`,
      s.mgr.token,
    );
    expect(free.body.data?.map((n) => [n.number, n.used])).toEqual([
      ['P-10', false],
      ['P-11', false],
      ['P-12', false],
    ]);
    expectError(
      await get(`membership/numbers?${qs({ shopId: s.shopB.id })}`, s.cashier.token),
      403,
      lo('errors.shopOutOfScope'),
    );
    expectError(
      await get(`membership/numbers?${qs({ shopId: s.shopB.id })}`, s.agentA.token),
      403,
      lo('errors.shopOutOfScope'),
    );
    expect((await get(`membership/numbers?${qs({ shopId: s.branch.id })}`, s.mgr.token)).statusCode).toBe(
      200,
    );
    expectError(await get(`membership/numbers?${qs({ status: 'GONE' })}`, s.mgr.token), 400, {
      status: lo('validation.invalid'),
    });
  });

  it('deletes: never assigned → REMOVED, assigned before → RETIRED, held now → 409', async () => {
    const s = await scene();
    const [a, b, c] = await cards(s.mgr.token, s.shopA.id, 'D-', 3);
    const removed = await del(`membership/number/${a?.id}`, s.mgr.token);
    expect([removed.statusCode, removed.body.message, removed.body.data]).toEqual([
      200,
      lo('success.deleted'),
      { id: a?.id, outcome: 'REMOVED' },
    ]);
    expect(await numberRow(a?.id ?? '')).toBeUndefined();
    const held = await sell(s.mgr.token, b?.id ?? '');
    await refused(
      () => del(`membership/number/${b?.id}`, s.agentA.token),
      409,
      lo('errors.numberAssigned', { number: 'D-2' }),
    );
    expect((await del(`membership/${held.member.id}`, s.mgr.token)).statusCode).toBe(200);
    expect(await numberRow(b?.id ?? '')).toMatchObject({ status: 'AVAILABLE', memberId: null });
    const retired = await del(`membership/number/${b?.id}`, s.mgr.token);
    expect([retired.body.message, retired.body.data]).toEqual([
      lo('success.numberRetired'),
      { id: b?.id, outcome: 'RETIRED' },
    ]);
    expect(await numberRow(b?.id ?? '')).toMatchObject({ status: 'RETIRED' });
    const [event] = await auditEventsOf(t.db, b?.id ?? '');
    expect(event).toMatchObject({
      action: 'membership.number_retire',
      before: { number: 'D-2', status: 'AVAILABLE' },
      after: { status: 'RETIRED' },
    });
    // A retired card is never sold again.
    await refused(
      () => post('membership/create', s.mgr.token, sale(b?.id ?? '')),
      409,
      lo('errors.numberNotAvailable', { number: 'D-2' }),
    );
    await refused(() => del(`membership/number/${c?.id}`, s.cashier.token), 403, lo('errors.forbidden'));
    await refused(() => del(`membership/number/${c?.id}`, s.mgrB.token), 404, lo('errors.numberNotFound'));
    await refused(() => del(`membership/number/${c?.id}`, s.agentB.token), 404, lo('errors.numberNotFound'));
    await refused(() => del('membership/number/nope', s.mgr.token), 400, {
      numberId: lo('validation.invalid'),
    });
  });
});

describe('selling a pass', () => {
  it('makes the member on the card with the rule’s price, the payment and the receipt, audited', async () => {
    const s = await scene();
    const [card] = await cards(s.mgr.token, s.shopA.id, 'S-', 2);
    const before = await counts();
    const res = await post<PassReceipt>(
      'membership/create',
      s.mgr.token,
      sale(card?.id ?? '', { plates: ['ກຂ 1234', 'ab-77'], months: 3, method: 'QR', note: ' regular ' }),
    );
    const until = passPeriod(null, today(), 3).until;
    expect([res.statusCode, res.body.message]).toEqual([
      201,
      lo('success.passSold', { number: 'S-1', until: until.split('-').reverse().join('/') }),
    ]);
    const r = res.body.data as PassReceipt;
    expect(r).toMatchObject({
      shopName: s.shopA.name,
      shopPhone: '021 123 456',
      member: {
        shopId: s.shopA.id,
        numberId: card?.id,
        number: 'S-1',
        fullName: 'ທ້າວ ສົມພອນ',
        phone: '+8562055551234',
        plates: ['ກຂ 1234', 'AB-77'],
        vehicleType: 'MOTORBIKE',
        planMonths: 3,
        validFrom: today(),
        validUntil: until,
        status: 'ACTIVE',
        feePaid: 170000,
        note: 'regular',
      },
      payment: {
        kind: 'SELL',
        number: 'S-1',
        months: 3,
        amount: 170000,
        method: 'QR',
        periodFrom: today(),
        periodUntil: until,
        takenById: s.mgr.id,
        takenByName: `Test ${s.mgr.username}`,
      },
    });
    expect(r.member.daysLeft).toBe(Math.round((Date.parse(until) - Date.parse(today())) / 86_400_000));
    expect(await counts()).toEqual({
      members: before.members + 1,
      numbers: before.numbers,
      payments: before.payments + 1,
      audit: before.audit + 1,
    });
    expect(await memberRow(r.member.id)).toMatchObject({
      plateKeys: ['ກຂ1234', 'AB77'],
      createdBy: s.mgr.id,
    });
    expect(await numberRow(card?.id ?? '')).toMatchObject({ status: 'ASSIGNED', memberId: r.member.id });
    expect((await numberRow(card?.id ?? ''))?.everAssigned).toBeInstanceOf(Date);
    const [event] = await auditEventsOf(t.db, r.member.id);
    expect(event).toMatchObject({
      action: 'membership.sell',
      entity: 'member',
      shopId: s.shopA.id,
      after: {
        number: 'S-1',
        status: 'ACTIVE',
        payment: { amount: 170000, listPrice: 170000, method: 'QR', kind: 'SELL' },
      },
    });
  });

  it('takes an amount sent and a later start; refuses bad input and writes nothing', async () => {
    const s = await scene();
    const [card, other] = await cards(s.mgr.token, s.shopA.id, 'B-', 2);
    const id = card?.id ?? '';
    const start = addDays(today(), 10);
    const r = await sell(s.mgr.token, other?.id ?? '', { amount: 0, validFrom: start, vehicleType: 'CAR' });
    expect(r.member).toMatchObject({
      validFrom: start,
      validUntil: passPeriod(null, start, 1).until,
      feePaid: 0,
    });
    const send = (body: unknown) => () => post('membership/create', s.mgr.token, body);
    await refused(send(sale(id, { vehicleType: 'CAR' })), 400, { amount: lo('validation.passPriceMissing') });
    await refused(send(sale(id, { months: 6 })), 400, { amount: lo('validation.passPriceMissing') });
    await refused(send(sale(id, { amount: -1 })), 400, { amount: lo('validation.amountFormat') });
    await refused(send(sale(id, { validFrom: addDays(today(), -1) })), 400, {
      validFrom: lo('validation.passStartInPast', { today: today() }),
    });
    await refused(send(sale(id, { validFrom: addDays(today(), 32) })), 400, {
      validFrom: lo('validation.passStartTooFar', { days: 31 }),
    });
    await refused(
      send({
        ...sale(id, { plates: ['!!', 'ກຂ 1', 'ກຂ-1'], months: 2, method: 'CARD', phone: '12' }),
        fullName: ' ',
      }),
      400,
      {
        fullName: lo('validation.fullNameRequired'),
        phone: lo('validation.whatsappFormat'),
        'plates.0': lo('validation.plateFormat'),
        months: lo('validation.passMonths'),
        method: lo('validation.passMethod'),
      },
    );
    await refused(send(sale(id, { plates: [] })), 400, { plates: lo('validation.platesRequired') });
    await refused(send(sale(id, { plates: ['ກຂ 1', 'ກຂ-1'] })), 400, {
      plates: lo('validation.platesRepeated'),
    });
    await refused(send(sale(id, { plates: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'] })), 400, {
      plates: lo('validation.tooManyPlates'),
    });
    await refused(send(sale(id, { extra: 1 })), 400, { extra: lo('validation.unknownField') });
    expect(await numberRow(id)).toMatchObject({ status: 'AVAILABLE', memberId: null, everAssigned: null });
  });

  it('refuses a card that is not free or not the shop’s, and a plate another member has', async () => {
    const s = await scene();
    const [a, b] = await cards(s.mgr.token, s.shopA.id, 'N-', 2);
    const [foreign] = await cards(s.mgrB.token, s.shopB.id, 'N-', 1);
    const first = await sell(s.mgr.token, a?.id ?? '', { plates: ['ກຂ 5555'] });
    const send = (token: string, body: unknown) => () => post('membership/create', token, body);
    await refused(
      send(s.mgr.token, sale(a?.id ?? '')),
      409,
      lo('errors.numberNotAvailable', { number: 'N-1' }),
    );
    await refused(send(s.mgr.token, sale(foreign?.id ?? '')), 404, lo('errors.numberNotFound'));
    await refused(send(s.mgr.token, sale(crypto.randomUUID())), 404, lo('errors.numberNotFound'));
    await refused(
      send(s.mgr.token, sale(b?.id ?? '', { plates: ['AB 1', 'ກຂ-5555'] })),
      409,
      lo('errors.plateOfOtherMember', { plate: 'ກຂ 5555', number: 'N-1' }),
    );
    // Another shop may have a member with the same plate; a cancelled member lets the plate go.
    await sell(s.mgrB.token, foreign?.id ?? '', { plates: ['ກຂ 5555'] });
    await del(`membership/${first.member.id}`, s.mgr.token);
    expect((await sell(s.mgr.token, b?.id ?? '', { plates: ['ກຂ5555'] })).member.plates).toEqual(['ກຂ5555']);
  });

  it('lets shop staff sell only where the shop allows it; never in another shop or a closed one', async () => {
    const s = await scene();
    const [a, b] = await cards(s.mgr.token, s.shopA.id, 'T-', 2);
    await refused(
      () => post('membership/create', s.cashier.token, sale(a?.id ?? '')),
      403,
      lo('errors.passSellNotAllowed'),
    );
    await post('membership/settings', s.mgr.token, { staffSellPasses: true });
    // Staff take the price: another amount (a discount) or a length without a price is a manager's.
    await refused(
      () => post('membership/create', s.cashier.token, sale(a?.id ?? '', { amount: 1000 })),
      400,
      { amount: lo('validation.passAmountNotPrice') },
    );
    await refused(
      () =>
        post('membership/create', s.cashier.token, sale(a?.id ?? '', { vehicleType: 'CAR', amount: 5000 })),
      400,
      { amount: lo('validation.passPriceMissing') },
    );
    const r = await sell(s.cashier.token, a?.id ?? '', { amount: 60000 });
    expect(r.payment).toMatchObject({ takenById: s.cashier.id, amount: 60000 });
    await refused(
      () => post('membership/create', s.cashier.token, { ...sale(b?.id ?? ''), shopId: s.shopB.id }),
      403,
      lo('errors.shopOutOfScope'),
    );
    await t.db.update(shops).set({ status: 'SUSPENDED' }).where(eq(shops.id, s.shopA.id));
    await refused(
      () => post('membership/create', s.mgr.token, sale(b?.id ?? '')),
      409,
      lo('errors.shopNotActive'),
    );
    expect((await call(t.app, 'POST', 'membership/create', { body: sale(b?.id ?? '') })).statusCode).toBe(
      401,
    );
  });
});

describe('renewing a pass', () => {
  async function member(s: Scene, prefix: string, over: Record<string, unknown> = {}) {
    const [card] = await cards(s.mgr.token, s.shopA.id, prefix, 1);
    return (await sell(s.mgr.token, card?.id ?? '', over)).member;
  }

  it('before the end adds from the day after it; after a gap from today; ACTIVE again', async () => {
    const s = await scene();
    const m = await member(s, 'R-');
    const res = await post<PassReceipt>('membership/renew', s.mgr.token, {
      memberId: m.id,
      months: 3,
      method: 'QR',
    });
    const from = addDays(m.validUntil, 1);
    const until = passPeriod(null, from, 3).until;
    expect([res.statusCode, res.body.message]).toEqual([
      200,
      lo('success.passRenewed', { number: 'R-1', until: until.split('-').reverse().join('/') }),
    ]);
    expect(res.body.data).toMatchObject({
      member: { validFrom: m.validFrom, validUntil: until, planMonths: 3, feePaid: 230000, status: 'ACTIVE' },
      payment: {
        kind: 'RENEW',
        number: 'R-1',
        periodFrom: from,
        periodUntil: until,
        amount: 170000,
        method: 'QR',
      },
    });
    // Ended 10 days ago and marked by the job: the new pass starts today.
    await t.db
      .update(members)
      .set({ validFrom: addDays(today(), -40), validUntil: addDays(today(), -10), status: 'EXPIRED' })
      .where(eq(members.id, m.id));
    const late = await post<PassReceipt>('membership/renew', s.mgr.token, {
      memberId: m.id,
      months: 1,
      method: 'CASH',
      amount: 55000,
    });
    expect(late.body.data).toMatchObject({
      member: {
        validFrom: today(),
        validUntil: passPeriod(null, today(), 1).until,
        status: 'ACTIVE',
        feePaid: 285000,
      },
      payment: { periodFrom: today(), amount: 55000 },
    });
    const events = await auditEventsOf(t.db, m.id);
    expect(events.map((e) => e.action)).toEqual(['membership.sell', 'membership.renew', 'membership.renew']);
    expect(events[2]).toMatchObject({
      before: { status: 'EXPIRED' },
      after: { status: 'ACTIVE', payment: { amount: 55000 } },
    });
    expect(await t.db.$count(memberPayments, eq(memberPayments.memberId, m.id))).toBe(3);
  });

  it('refuses suspended and cancelled members, staff where not allowed, other shops', async () => {
    const s = await scene();
    const m = await member(s, 'Q-');
    const renew =
      (token: string, body: Record<string, unknown> = {}) =>
      () =>
        post('membership/renew', token, { memberId: m.id, months: 1, method: 'CASH', ...body });
    await refused(renew(s.cashier.token), 403, lo('errors.passSellNotAllowed'));
    await refused(renew(s.mgrB.token), 404, lo('errors.memberIdNotFound'));
    await refused(renew(s.agentB.token), 404, lo('errors.memberIdNotFound'));
    await refused(renew(s.mgr.token, { months: 6 }), 400, { amount: lo('validation.passPriceMissing') });
    await refused(renew(s.mgr.token, { months: 5, method: 'GOLD' }), 400, {
      months: lo('validation.passMonths'),
      method: lo('validation.passMethod'),
    });
    await post('membership/update', s.mgr.token, { id: m.id, status: 'SUSPENDED' });
    await refused(renew(s.mgr.token), 409, lo('errors.memberSuspended'));
    await del(`membership/${m.id}`, s.mgr.token);
    await refused(renew(s.admin.token), 409, lo('errors.memberCancelled'));
    await post('membership/settings', s.mgr.token, { shopId: s.shopA.id, staffSellPasses: true });
    const other = await member(s, 'O-');
    const res = await post<PassReceipt>('membership/renew', s.cashier.token, {
      memberId: other.id,
      months: 1,
      method: 'QR',
    });
    expect(res.body.data?.payment.takenById).toBe(s.cashier.id);
  });
});

describe('managers’ changes', () => {
  it('updates only the fields sent; the end stays on or after the start; suspend and reactivate', async () => {
    const s = await scene();
    const [card, other] = await cards(s.mgr.token, s.shopA.id, 'U-', 2);
    const m = (await sell(s.mgr.token, card?.id ?? '', { plates: ['ກຂ 100'], note: 'x' })).member;
    await sell(s.mgr.token, other?.id ?? '', { plates: ['ກຂ 200'] });
    const update = (body: Record<string, unknown>, token = s.mgr.token) =>
      post<Member>('membership/update', token, { id: m.id, ...body });
    const res = await update({
      fullName: 'ນາງ ແກ້ວ',
      phone: '',
      plates: ['ກຂ 100', 'ຄງ 9'],
      vehicleType: 'CAR',
    });
    expect([res.statusCode, res.body.message]).toEqual([200, lo('success.saved')]);
    expect(res.body.data).toMatchObject({
      fullName: 'ນາງ ແກ້ວ',
      phone: null,
      plates: ['ກຂ 100', 'ຄງ 9'],
      vehicleType: 'CAR',
      note: 'x',
      validUntil: m.validUntil,
    });
    expect((await memberRow(m.id))?.plateKeys).toEqual(['ກຂ100', 'ຄງ9']);
    const end = addDays(today(), 3);
    expect((await update({ validUntil: end })).body.data).toMatchObject({
      validFrom: m.validFrom,
      validUntil: end,
      daysLeft: 3,
    });
    await refused(() => update({ validFrom: addDays(end, 1) }), 400, {
      validFrom: lo('validation.passEndBeforeStart'),
    });
    await refused(() => update({ validUntil: addDays(m.validFrom, -1) }), 400, {
      validUntil: lo('validation.passEndBeforeStart'),
    });
    await refused(() => update({ validFrom: '2026-03-02', validUntil: '2026-03-01' }), 400, {
      validUntil: lo('validation.passEndBeforeStart'),
    });
    await refused(
      () => update({ plates: ['ກຂ-200'] }),
      409,
      lo('errors.plateOfOtherMember', { plate: 'ກຂ 200', number: 'U-2' }),
    );
    await refused(() => update({}), 400, { id: lo('validation.nothingToChange') });
    await refused(() => update({ status: 'CANCELLED' }), 400, { status: lo('validation.invalid') });
    expect((await update({ status: 'SUSPENDED' })).body.data?.status).toBe('SUSPENDED');
    // Dates moved while suspended: still suspended.
    const past = { validFrom: addDays(today(), -30), validUntil: addDays(today(), -1) };
    expect((await update(past)).body.data?.status).toBe('SUSPENDED');
    // Reactivated with an end in the past: EXPIRED; moved forward: ACTIVE again.
    expect((await update({ status: 'ACTIVE' })).body.data?.status).toBe('EXPIRED');
    expect((await memberRow(m.id))?.status).toBe('EXPIRED');
    expect((await update({ validUntil: addDays(today(), 30) })).body.data?.status).toBe('ACTIVE');
    const events = await auditEventsOf(t.db, m.id);
    expect(events.filter((e) => e.action === 'membership.update')).toHaveLength(6);
    expect(events.at(-1)).toMatchObject({ before: { status: 'EXPIRED' }, after: { status: 'ACTIVE' } });
  });

  it('is for managers and above of the member’s shop only', async () => {
    const s = await scene();
    const [card] = await cards(s.mgr.token, s.shopA.id, 'V-', 1);
    const m = (await sell(s.mgr.token, card?.id ?? '')).member;
    const update = (token: string) => () => post('membership/update', token, { id: m.id, fullName: 'X' });
    await refused(update(s.cashier.token), 403, lo('errors.forbidden'));
    await refused(update(s.mgrB.token), 404, lo('errors.memberIdNotFound'));
    await refused(update(s.agentB.token), 404, lo('errors.memberIdNotFound'));
    expect((await update(s.agentA.token)()).statusCode).toBe(200);
    expect((await update(s.admin.token)()).statusCode).toBe(200);
    await del(`membership/${m.id}`, s.mgr.token);
    await refused(update(s.mgr.token), 409, lo('errors.memberCancelled'));
  });

  it('replaces a card: the old one LOST, the member on the new one, earlier numbers in the detail', async () => {
    const s = await scene();
    const [a, b, c] = await cards(s.mgr.token, s.shopA.id, 'L-', 3);
    const m = (await sell(s.mgr.token, a?.id ?? '')).member;
    const [foreign] = await cards(s.mgrB.token, s.shopB.id, 'L-', 1);
    const replace =
      (numberId: string, token = s.mgr.token) =>
      () =>
        post<Member>('membership/replace-card', token, { memberId: m.id, numberId });
    await refused(replace(a?.id ?? ''), 409, lo('errors.numberNotAvailable', { number: 'L-1' }));
    await refused(replace(foreign?.id ?? ''), 404, lo('errors.numberNotFound'));
    await refused(replace(b?.id ?? '', s.cashier.token), 403, lo('errors.forbidden'));
    await refused(replace(b?.id ?? '', s.mgrB.token), 404, lo('errors.memberIdNotFound'));
    const res = await replace(b?.id ?? '')();
    expect([res.statusCode, res.body.message]).toEqual([200, lo('success.cardReplaced', { number: 'L-2' })]);
    expect(res.body.data).toMatchObject({ numberId: b?.id, number: 'L-2', validUntil: m.validUntil });
    expect(await numberRow(a?.id ?? '')).toMatchObject({ status: 'LOST', memberId: null });
    expect(await numberRow(b?.id ?? '')).toMatchObject({ status: 'ASSIGNED', memberId: m.id });
    await replace(c?.id ?? '')();
    const renewed = await post<PassReceipt>('membership/renew', s.mgr.token, {
      memberId: m.id,
      months: 1,
      method: 'CASH',
    });
    expect(renewed.body.data?.payment.number).toBe('L-3');
    const detail = await get<MemberDetail>(`membership/member/${m.id}`, s.mgr.token);
    expect(detail.body.data?.previousNumbers).toEqual(['L-1', 'L-2']);
    expect(detail.body.data?.payments.map((p) => [p.kind, p.number])).toEqual([
      ['RENEW', 'L-3'],
      ['SELL', 'L-1'],
    ]);
    const events = await auditEventsOf(t.db, m.id);
    expect(
      events
        .filter((e) => e.action === 'membership.replace_card')
        .map((e) => [(e.before as { number: string }).number, (e.after as { number: string }).number]),
    ).toEqual([
      ['L-1', 'L-2'],
      ['L-2', 'L-3'],
    ]);
  });

  it('cancels: the member is kept, the card is free again', async () => {
    const s = await scene();
    const [card] = await cards(s.mgr.token, s.shopA.id, 'C-', 1);
    const m = (await sell(s.mgr.token, card?.id ?? '')).member;
    await refused(() => del(`membership/${m.id}`, s.cashier.token), 403, lo('errors.forbidden'));
    await refused(() => del(`membership/${m.id}`, s.mgrB.token), 404, lo('errors.memberIdNotFound'));
    await refused(
      () => del(`membership/${crypto.randomUUID()}`, s.mgr.token),
      404,
      lo('errors.memberIdNotFound'),
    );
    const res = await del<Member>(`membership/${m.id}`, s.agentA.token);
    expect([res.statusCode, res.body.message, res.body.data?.status]).toEqual([
      200,
      lo('success.memberCancelled', { number: 'C-1' }),
      'CANCELLED',
    ]);
    expect(await memberRow(m.id)).toMatchObject({ status: 'CANCELLED', numberId: card?.id, number: 'C-1' });
    expect(await numberRow(card?.id ?? '')).toMatchObject({ status: 'AVAILABLE', memberId: null });
    await refused(() => del(`membership/${m.id}`, s.mgr.token), 409, lo('errors.memberCancelled'));
    const next = await sell(s.mgr.token, card?.id ?? '');
    expect(next.member.number).toBe('C-1');
    const [, event] = await auditEventsOf(t.db, m.id);
    expect(event).toMatchObject({
      action: 'membership.cancel',
      before: { status: 'ACTIVE' },
      after: { status: 'CANCELLED' },
    });
  });
});

describe('GET /v1/membership', () => {
  /** A's shop: 5 members; its branch: 1; B's shop: 1. */
  async function listed() {
    const s = await scene();
    const pool = await cards(s.mgr.token, s.shopA.id, 'K-', 6);
    const [branchCard] = await cards(s.mgr.token, s.branch.id, 'K-', 1);
    const [bCard] = await cards(s.mgrB.token, s.shopB.id, 'K-', 1);
    const at = (i: number) => pool[i]?.id ?? '';
    const m = [
      await sell(s.mgr.token, at(4), { fullName: 'ນາງ ບົວລະພາ', phone: '020 7777 0001', plates: ['ກຂ 4421'] }),
      await sell(s.mgr.token, at(0), { fullName: 'ທ້າວ ສົມພອນ', phone: '', plates: ['AB 1'] }),
      await sell(s.mgr.token, at(2), { fullName: 'Somphone Lee', plates: ['ຄງ 21'] }),
      await sell(s.mgr.token, at(1), { fullName: 'ທ້າວ ແສງ', plates: ['ກຂ 9'] }),
      await sell(s.mgr.token, at(3), { fullName: 'ນາງ ດາວ', plates: ['ກຂ 10'] }),
    ].map((r) => r.member);
    await sell(s.mgr.token, branchCard?.id ?? '', {
      shopId: s.branch.id,
      fullName: 'ສາຂາ',
      plates: ['ກຂ 1'],
      amount: 50000,
    });
    await sell(s.mgrB.token, bCard?.id ?? '', { fullName: 'ຮ້ານ B', plates: ['ກຂ 1'] });
    const [k1, k2, k3, k4, k5] = [m[1], m[3], m[2], m[4], m[0]] as [Member, Member, Member, Member, Member];
    // K-2 suspended, K-3 ended yesterday (not yet marked), K-4 cancelled, K-5 ends in 3 days.
    await post('membership/update', s.mgr.token, { id: k2.id, status: 'SUSPENDED' });
    await t.db
      .update(members)
      .set({ validFrom: addDays(today(), -31), validUntil: addDays(today(), -1) })
      .where(eq(members.id, k3.id));
    await del(`membership/${k4.id}`, s.mgr.token);
    await t.db
      .update(members)
      .set({ validUntil: addDays(today(), 3) })
      .where(eq(members.id, k5.id));
    return { s, k1, k2, k3, k4, k5 };
  }
  const names = (res: Reply<Member[]>) => res.body.data?.map((x) => `${x.number} ${x.fullName}`);
  const list = (token: string, query: Record<string, string | number | undefined> = {}) =>
    get<Member[]>(`membership?${qs(query)}`, token);

  it('answers the caller’s shops, by shop and card number, filtered and paged', async () => {
    const { s, k2, k3, k5 } = await listed();
    const shopA = await list(s.cashier.token);
    expect(shopA.body.meta).toEqual({ page: 1, pageSize: 20, total: 5, totalPages: 1, totalCapped: false });
    expect(names(shopA)).toEqual([
      'K-1 ທ້າວ ສົມພອນ',
      'K-2 ທ້າວ ແສງ',
      'K-3 Somphone Lee',
      'K-4 ນາງ ດາວ',
      'K-5 ນາງ ບົວລະພາ',
    ]);
    expect(shopA.body.data?.map((x) => x.status)).toEqual([
      'ACTIVE',
      'SUSPENDED',
      'EXPIRED',
      'CANCELLED',
      'ACTIVE',
    ]);
    expect(shopA.body.data?.[2]).toMatchObject({ id: k3.id, daysLeft: -1, shopName: s.shopA.name });
    expect((await list(s.mgr.token)).body.meta?.total).toBe(6);
    expect((await list(s.agentA.token)).body.meta?.total).toBe(6);
    expect((await list(s.mgr.token, { shopId: s.branch.id })).body.meta?.total).toBe(1);
    expect((await list(s.agentB.token)).body.meta?.total).toBe(1);
    const all = await list(s.admin.token, { pageSize: 100 });
    expect(all.body.data?.filter((x) => x.shopId === s.shopA.id).map((x) => x.number)).toEqual([
      'K-1',
      'K-2',
      'K-3',
      'K-4',
      'K-5',
    ]);
    expectError(await list(s.cashier.token, { shopId: s.shopB.id }), 403, lo('errors.shopOutOfScope'));
    expectError(await list(s.mgr.token, { shopId: s.shopB.id }), 403, lo('errors.shopOutOfScope'));
    expectError(await list(s.agentA.token, { shopId: s.shopB.id }), 403, lo('errors.shopOutOfScope'));
    const byStatus = async (status: string, token = s.cashier.token) => names(await list(token, { status }));
    expect(await byStatus('ACTIVE')).toEqual(['K-1 ທ້າວ ສົມພອນ', 'K-5 ນາງ ບົວລະພາ']);
    expect(await byStatus('EXPIRED')).toEqual(['K-3 Somphone Lee']);
    expect(await byStatus('EXPIRED', s.agentA.token)).toEqual(['K-3 Somphone Lee']);
    expect(await byStatus('SUSPENDED')).toEqual([`K-2 ${k2.fullName}`]);
    expect(await byStatus('CANCELLED', s.mgr.token)).toEqual(['K-4 ນາງ ດາວ']);
    const soon = await list(s.mgr.token, { expiringWithin: 7 });
    expect(names(soon)).toEqual([`K-5 ${k5.fullName}`]);
    expect(soon.body.data?.[0]?.daysLeft).toBe(3);
    expect(names(await list(s.agentA.token, { expiringWithin: 2 }))).toEqual([]);
    expectError(await list(s.mgr.token, { expiringWithin: 400, status: 'OLD' }), 400, {
      expiringWithin: lo('validation.tooBig', { max: 366 }),
      status: lo('validation.invalid'),
    });
  });

  it('searches a name, a card number, a phone’s digits or a whole plate', async () => {
    const { s } = await listed();
    const search = async (q: string, token = s.mgr.token) => names(await list(token, { search: q }));
    expect(await search('ສົມພອນ')).toEqual(['K-1 ທ້າວ ສົມພອນ']);
    expect(await search('somph')).toEqual(['K-3 Somphone Lee']);
    expect(await search('k-4')).toEqual(['K-4 ນາງ ດາວ']);
    expect(await search('020 7777')).toEqual(['K-5 ນາງ ບົວລະພາ']);
    expect(await search('ກຂ-4421')).toEqual(['K-5 ນາງ ບົວລະພາ']);
    expect(await search('ab1')).toEqual(['K-1 ທ້າວ ສົມພອນ']);
    expect(await search('ກຂ 1')).toEqual(['K-1 ສາຂາ']);
    expect(await search('ກຂ 1', s.admin.token)).toEqual(expect.arrayContaining(['K-1 ສາຂາ', 'K-1 ຮ້ານ B']));
    expect(await search('100%_')).toEqual([]);
    // A search the planner expects many matches of is paged in list order: the same answers.
    const admin = { ...s.admin, fullName: 'a', sessionId: 'x', role: 'ADMIN' as const };
    for (const q of ['ສົມພອນ', 'k-', '020 7777', 'ກຂ 1', 'somph'])
      for (const offset of [0, 1, 3]) {
        const f = { shop: null, few: false, search: q, scope: (c: AnyColumn) => shopScope(admin, c) };
        const sorted = await pageOfMembers(t.db, f, 2, offset, Number.POSITIVE_INFINITY);
        const inOrder = await pageOfMembers(t.db, f, 2, offset, -1);
        expect(inOrder.total).toBe(sorted.total);
        expect(inOrder.rows.map((r) => r.id)).toEqual(sorted.rows.map((r) => r.id));
      }
  });

  it('counts a search over many shops up to 1,000 ("1,000+"); one shop’s search in full', async () => {
    const s = await scene();
    const word = unique('Capped').replace(/[^A-Za-z0-9]/g, '');
    await t.db.execute(sql`
      insert into members (shop_id, number, full_name, plates, plate_keys, vehicle_type, valid_from, valid_until)
      select ${s.shopA.id}::uuid, 'C-' || g, ${word} || ' ' || g, '{}', '{}', 'MOTORBIKE', current_date, current_date + 30
      from generate_series(1, ${MEMBER_SEARCH_COUNT_CAP + 10}) g`);
    // Other tests list every shop as an admin: these rows go again at the end.
    try {
      const wide = await list(s.admin.token, { search: word, pageSize: 100 });
      expect(wide.body.meta).toEqual({
        page: 1,
        pageSize: 100,
        total: MEMBER_SEARCH_COUNT_CAP,
        totalPages: MEMBER_SEARCH_COUNT_CAP / 100,
        totalCapped: true,
      });
      expect(wide.body.data).toHaveLength(100);
      const last = await list(s.admin.token, {
        search: word,
        pageSize: 100,
        page: MEMBER_SEARCH_COUNT_CAP / 100,
      });
      expect(last.body.data).toHaveLength(100);
      const beyond = await list(s.admin.token, {
        search: word,
        pageSize: 100,
        page: MEMBER_SEARCH_COUNT_CAP / 100 + 1,
      });
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.meta).toMatchObject({ total: MEMBER_SEARCH_COUNT_CAP, totalCapped: true });
      const oneShop = await list(s.admin.token, { search: word, shopId: s.shopA.id });
      expect(oneShop.body.meta).toMatchObject({ total: MEMBER_SEARCH_COUNT_CAP + 10, totalCapped: false });
      // A deep page of a search with few matches says how many there are.
      const few = await list(s.admin.token, { search: `${word} 100`, pageSize: 100, page: 20 });
      expect(few.body.data).toEqual([]);
      expect(few.body.meta).toMatchObject({ total: 11, totalCapped: false });
      const manager = await list(s.mgr.token, { search: word });
      expect(manager.body.meta).toMatchObject({ total: MEMBER_SEARCH_COUNT_CAP + 10, totalCapped: false });
    } finally {
      await t.db.delete(members).where(eq(members.shopId, s.shopA.id));
    }
  });

  it('pages the same rows from either end', async () => {
    const { s } = await listed();
    const every = names(await list(s.admin.token, { pageSize: 100 })) ?? [];
    expect(every.length).toBeGreaterThanOrEqual(7);
    const pages: string[] = [];
    const total = every.length;
    for (let page = 1; page <= Math.ceil(total / 3); page++) {
      const res = await list(s.admin.token, { page, pageSize: 3 });
      expect(res.body.meta).toMatchObject({ page, total, totalPages: Math.ceil(total / 3) });
      pages.push(...(names(res) ?? []));
    }
    expect(pages).toEqual(every);
    expect((await list(s.admin.token, { page: 999, pageSize: 3 })).body.data).toEqual([]);
  });
});

describe('GET /v1/membership/member/{memberId}', () => {
  it('shows the member, payments newest first with who took them, last 20 visits', async () => {
    const s = await scene();
    await post('membership/settings', s.mgr.token, { staffSellPasses: true });
    const [card] = await cards(s.mgr.token, s.shopA.id, 'G-', 1);
    const m = (await sell(s.cashier.token, card?.id ?? '')).member;
    await post('membership/renew', s.mgr.token, { memberId: m.id, months: 3, method: 'QR' });
    const visits = Array.from({ length: 22 }, (_, i) => ({
      shopId: s.shopA.id,
      reference: `${s.shopA.seq}-${unique('V').toUpperCase().padEnd(12, 'X').slice(0, 12)}`,
      number: 100 + i,
      vehicleType: 'MOTORBIKE',
      plate: m.plates[0] ?? null,
      memberId: m.id,
      memberNumber: m.number,
      businessDate: addDays('2026-01-01', i),
      checkInAt: new Date(Date.parse('2026-01-01T03:00:00Z') + i * 86_400_000),
      status: i === 21 ? 'CANCELLED' : 'PARKED',
      ...(i === 21
        ? { cancelledAt: new Date(), cancelReason: 'test', cancelBusinessDate: '2026-01-22' }
        : {}),
    }));
    await t.db.insert(bills).values(visits);
    const res = await get<MemberDetail>(`membership/member/${m.id}`, s.cashier.token);
    expect(res.statusCode).toBe(200);
    const d = res.body.data as MemberDetail;
    expect(d.member).toMatchObject({ id: m.id, feePaid: 230000 });
    expect(d.payments.map((p) => [p.kind, p.amount, p.takenByName])).toEqual([
      ['RENEW', 170000, `Test ${s.mgr.username}`],
      ['SELL', 60000, `Test ${s.cashier.username}`],
    ]);
    expect(d.visits).toHaveLength(20);
    expect(d.visits.map((v) => v.number).slice(0, 2)).toEqual([120, 119]);
    expect(d.visits[0]).toMatchObject({
      plate: m.plates[0],
      checkOutAt: null,
      checkInAt: '2026-01-21T03:00:00.000Z',
    });
    expect(d.previousNumbers).toEqual([]);
    expectError(await get(`membership/member/${m.id}`, s.mgrB.token), 404, lo('errors.memberIdNotFound'));
    expectError(await get(`membership/member/${m.id}`, s.agentB.token), 404, lo('errors.memberIdNotFound'));
    expect((await get(`membership/member/${m.id}`, s.agentA.token)).statusCode).toBe(200);
  });
});

describe('plans and settings', () => {
  it('lists the shop’s pass prices from its own rules (a branch: its own)', async () => {
    const s = await scene();
    await t.db
      .update(priceRules)
      .set({ pass12m: 1_500_000, pass1m: 150_000 })
      .where(and(eq(priceRules.shopId, s.shopA.id), eq(priceRules.vehicleType, 'CAR')));
    const plans = await get<PassPlan[]>('membership/plans', s.cashier.token);
    expect(plans.body.data).toEqual([
      { vehicleType: 'MOTORBIKE', months: 1, price: 60000 },
      { vehicleType: 'MOTORBIKE', months: 3, price: 170000 },
      { vehicleType: 'CAR', months: 1, price: 150000 },
      { vehicleType: 'CAR', months: 12, price: 1500000 },
    ]);
    expect((await get<PassPlan[]>(`membership/plans?shopId=${s.branch.id}`, s.mgr.token)).body.data).toEqual(
      [],
    );
    expectError(
      await get(`membership/plans?shopId=${s.shopB.id}`, s.cashier.token),
      403,
      lo('errors.shopOutOfScope'),
    );
    expectError(await get('membership/plans', s.admin.token), 400, { shopId: lo('validation.shopRequired') });
  });

  it('reads the settings for everyone in scope; managers and above change them, audited', async () => {
    const s = await scene();
    const read = await get<MembershipSettings>('membership/settings', s.cashier.token);
    expect(read.body.data).toEqual({ shopId: s.shopA.id, staffSellPasses: false, reminderDays: 7 });
    const save = (token: string, body: Record<string, unknown>) =>
      post<MembershipSettings>('membership/settings', token, body);
    const res = await save(s.mgr.token, { staffSellPasses: true, reminderDays: '3' });
    expect([res.statusCode, res.body.message, res.body.data]).toEqual([
      200,
      lo('success.saved'),
      { shopId: s.shopA.id, staffSellPasses: true, reminderDays: 3 },
    ]);
    expect(
      (await save(s.agentA.token, { shopId: s.branch.id, reminderDays: 0 })).body.data?.reminderDays,
    ).toBe(0);
    const [event] = await auditEventsOf(t.db, s.shopA.id);
    expect(event).toMatchObject({
      action: 'membership.settings',
      before: { staffSellPasses: false, reminderDays: 7 },
      after: { staffSellPasses: true, reminderDays: 3 },
    });
    // The same values again: nothing written.
    await refusedNothing(() => save(s.mgr.token, { staffSellPasses: true }));
    await refused(() => save(s.cashier.token, { reminderDays: 1 }), 403, lo('errors.forbidden'));
    await refused(() => save(s.mgr.token, { reminderDays: 61 }), 400, {
      reminderDays: lo('validation.reminderDays'),
    });
    await refused(() => save(s.mgr.token, { staffSellPasses: 'yes' }), 400, {
      staffSellPasses: lo('validation.invalid'),
    });
    await refused(
      () => save(s.mgr.token, { shopId: s.shopB.id, reminderDays: 1 }),
      403,
      lo('errors.shopOutOfScope'),
    );
    expectError(
      await get(`membership/settings?shopId=${s.shopB.id}`, s.agentA.token),
      403,
      lo('errors.shopOutOfScope'),
    );
    expect(
      (await get<MembershipSettings>(`membership/settings?shopId=${s.shopB.id}`, s.admin.token)).body.data,
    ).toEqual({
      shopId: s.shopB.id,
      staffSellPasses: false,
      reminderDays: 7,
    });
  });
});

async function refusedNothing(send: () => Promise<Reply>) {
  const before = await counts();
  expect((await send()).statusCode).toBe(200);
  expect(await counts()).toEqual(before);
}
