import { addDays } from '@parking-hub/contracts/members';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { memberReminders, members } from '../../db/schema/members.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { insertShop } from '../../test/harness.ts';
import { verifyAuditChain } from '../audit/audit.verify.ts';
import { type MessagingScene, messagingScene, waitForRow } from '../outbox/outbox.test-support.ts';
import { REMINDER_HOURS, runMembersDaily } from './members.jobs.ts';
import { claimReminders, reminderKey, remindersDue } from './members-jobs.repository.ts';

/**
 * The members' hourly job with a moved clock (`now` injected) against the real outbox, its
 * workers sending over HTTP to the fake Cloud API. Every shop here is in its own world: the
 * clock is set per test far from today, and each test reads only its own shops' rows.
 */
let s: MessagingScene;
beforeAll(async () => {
  s = await messagingScene();
});
afterAll(() => s.close());
beforeEach(() => s.fake.reset());

/** 10:00 in Vientiane (UTC+7) on `day`, plus `hours`. */
const at = (day: string, hours = 0) => new Date(Date.parse(`${day}T03:00:00Z`) + hours * 3_600_000);
const run = (now: Date, batch?: number) =>
  runMembersDaily({ db: s.t.db, outbox: s.t.app.outbox }, { now, ...(batch ? { batch } : {}) });

let phones = 0;
async function member(
  shopId: string,
  until: string,
  o: Partial<typeof members.$inferInsert> & { fromDays?: number } = {},
) {
  const { fromDays, ...values } = o;
  phones++;
  const [row] = await s.t.db
    .insert(members)
    .values({
      shopId,
      number: `M-${phones}`,
      fullName: `ສະມາຊິກ ${phones}`,
      phone: `+856205555${String(phones).padStart(4, '0')}`,
      validFrom: addDays(until, fromDays ?? -30),
      validUntil: until,
      ...values,
    })
    .returning();
  if (!row) throw new Error('member insert failed');
  return row;
}

async function remindersOf(ids: string[]) {
  return s.t.db
    .select()
    .from(memberReminders)
    .where(inArray(memberReminders.memberId, ids))
    .orderBy(memberReminders.periodUntil);
}

const kinds = async (id: string) => (await remindersOf([id])).map((r) => [r.periodUntil, r.kind]);

async function statusOf(id: string) {
  const [row] = await s.t.db.select({ status: members.status }).from(members).where(eq(members.id, id));
  return row?.status;
}

const templateTo = (phone: string) =>
  s.fake.accepted().filter((r) => r.to === phone.slice(1) && r.body.template?.name === 'ph_member_reminder');

describe('members-daily: reminders', () => {
  it('sends each due member one reminder per period, on the last day again, and reaches the Cloud API', async () => {
    const today = '2031-03-10';
    const shop = await insertShop(s.t.db, { name: 'ຕະຫຼາດເຊົ້າ' });
    const before = await member(shop.id, addDays(today, 7));
    const lastDay = await member(shop.id, today);
    const notYet = await member(shop.id, addDays(today, 8));
    const late = await member(shop.id, addDays(today, 3)); // its BEFORE day was missed
    const short = await member(shop.id, addDays(today, 5), { fromDays: -6 }); // a week's pass from yesterday
    const cancelled = await member(shop.id, addDays(today, 7), { status: 'CANCELLED' });
    const suspended = await member(shop.id, addDays(today, 7), { status: 'SUSPENDED' });
    const noPhone = await member(shop.id, addDays(today, 7), { phone: null });
    const all = [before, lastDay, notYet, late, short, cancelled, suspended, noPhone];

    const first = await run(at(today));
    expect(first.reminders).toEqual({ BEFORE: 2, LAST_DAY: 1 });
    const rows = await remindersOf(all.map((m) => m.id));
    expect(rows.map((r) => [r.memberId, r.periodUntil, r.kind]).sort()).toEqual(
      [
        [before.id, before.validUntil, 'BEFORE'],
        [lastDay.id, today, 'LAST_DAY'],
        [late.id, late.validUntil, 'BEFORE'],
      ].sort(),
    );
    expect(rows.every((r) => r.messageId !== null)).toBe(true);

    // Through the outbox to the fake Cloud API: the template with the shop, name, number, end.
    const message = await waitForRow(
      s.t.db,
      rows.find((r) => r.memberId === before.id)?.messageId ?? '',
      (r) => ['SENT', 'DELIVERED', 'READ'].includes(r.status),
    );
    expect(message).toMatchObject({
      recipient: before.phone,
      kind: 'member_reminder',
      shopId: shop.id,
      cause: 'membership.reminder',
      causeId: before.id,
      // Pointless once the pass has ended: midnight after its last day, shop time.
      expiresAt: new Date('2031-03-17T17:00:00Z'),
      body: `ຕະຫຼາດເຊົ້າ: ສະບາຍດີ ${before.fullName}, ບັດສະມາຊິກເລກ ${before.number} ຂອງທ່ານ ໝົດອາຍຸວັນທີ 17/03/2031. ກະລຸນາຕໍ່ອາຍຸທີ່ຮ້ານ ເພື່ອຈອດລົດຕໍ່ໂດຍບໍ່ເສຍຄ່າ.`,
    });
    await s.fake.waitFor(() => [before, lastDay, late].every((m) => templateTo(m.phone ?? '').length === 1));
    expect(templateTo(before.phone ?? '')[0]?.body.template).toEqual({
      name: 'ph_member_reminder',
      language: { code: 'lo' },
      components: [
        {
          type: 'body',
          parameters: ['ຕະຫຼາດເຊົ້າ', before.fullName, before.number, '17/03/2031'].map((text) => ({
            type: 'text',
            text,
          })),
        },
      ],
    });
    expect(templateTo(lastDay.phone ?? '')[0]?.body.template.components[0].parameters[3].text).toBe(
      '10/03/2031',
    );

    // Run again, the same hour and later the same day: nothing more.
    expect((await run(at(today))).reminders).toEqual({ BEFORE: 0, LAST_DAY: 0 });
    expect((await run(at(today, 8))).reminders).toEqual({ BEFORE: 0, LAST_DAY: 0 });
    expect(await remindersOf(all.map((m) => m.id))).toHaveLength(3);

    // The next day: the 8-day pass is now due; the others had theirs; yesterday's last day ended.
    const next = await run(at(addDays(today, 1)));
    expect(next.reminders).toEqual({ BEFORE: 1, LAST_DAY: 0 });
    expect(await kinds(notYet.id)).toEqual([[notYet.validUntil, 'BEFORE']]);
    expect(await statusOf(lastDay.id)).toBe('EXPIRED');
    // The short pass gets its last day's reminder only.
    await run(at(short.validUntil));
    expect(await kinds(short.id)).toEqual([[short.validUntil, 'LAST_DAY']]);
    // Still one request per reminder at the Cloud API.
    await s.fake.waitFor(() => templateTo(notYet.phone ?? '').length === 1);
    expect(templateTo(before.phone ?? '')).toHaveLength(1);
  });

  it('a renewal starts a new period with reminders of its own; the old ones never repeat', async () => {
    const today = '2031-05-01';
    const shop = await insertShop(s.t.db);
    const m = await member(shop.id, addDays(today, 7));
    await run(at(today));
    expect(await kinds(m.id)).toEqual([[addDays(today, 7), 'BEFORE']]);
    // Renewed for a month: the end moves; the old end's last day is no longer a last day.
    const renewedUntil = addDays(today, 37);
    await s.t.db.update(members).set({ validUntil: renewedUntil }).where(eq(members.id, m.id));
    for (let d = 0; d <= 29; d++) await run(at(addDays(today, d)));
    expect(await kinds(m.id)).toEqual([[addDays(today, 7), 'BEFORE']]);
    await run(at(addDays(today, 30)));
    await run(at(renewedUntil));
    await run(at(renewedUntil, 5));
    expect(await kinds(m.id)).toEqual([
      [addDays(today, 7), 'BEFORE'],
      [renewedUntil, 'BEFORE'],
      [renewedUntil, 'LAST_DAY'],
    ]);
  });

  it("follows each shop's reminder days, its time zone and hours, and skips shops not active", async () => {
    const today = '2031-07-01';
    const three = await insertShop(s.t.db, { memberReminderDays: 3 });
    const none = await insertShop(s.t.db, { memberReminderDays: 0 });
    const fourteen = await insertShop(s.t.db, { memberReminderDays: 14 });
    const suspendedShop = await insertShop(s.t.db, { status: 'SUSPENDED' });
    // 10:00 in Vientiane is 22:00 the day before in Mexico City (UTC−6): no message at night.
    const faraway = await insertShop(s.t.db, { timezone: 'America/Mexico_City' });
    const m7at3 = await member(three.id, addDays(today, 7));
    const m3at3 = await member(three.id, addDays(today, 3));
    const m1at0 = await member(none.id, addDays(today, 1));
    const m0at0 = await member(none.id, today);
    const m14 = await member(fourteen.id, addDays(today, 14), { fromDays: -60 });
    const mSuspendedShop = await member(suspendedShop.id, addDays(today, 7));
    const mFar = await member(faraway.id, addDays(today, 6));
    await run(at(today));
    expect(await kinds(m7at3.id)).toEqual([]);
    expect(await kinds(m3at3.id)).toEqual([[m3at3.validUntil, 'BEFORE']]);
    expect(await kinds(m1at0.id)).toEqual([]);
    expect(await kinds(m0at0.id)).toEqual([[today, 'LAST_DAY']]);
    expect(await kinds(m14.id)).toEqual([[m14.validUntil, 'BEFORE']]);
    expect(await kinds(mSuspendedShop.id)).toEqual([]);
    expect(await kinds(mFar.id)).toEqual([]);
    // 10:00 in Mexico City (16:00 UTC), 1 July there: 6 days left, the reminder goes (late by one
    // night, in daylight).
    await run(new Date(`${today}T16:00:00Z`));
    expect(await kinds(mFar.id)).toEqual([[mFar.validUntil, 'BEFORE']]);
  });

  it('two runs at once (two instances) send each reminder once', async () => {
    const today = '2031-09-01';
    const shop = await insertShop(s.t.db);
    const list = await Promise.all(
      Array.from({ length: 12 }, (_, i) => member(shop.id, addDays(today, i % 2 ? 7 : 0))),
    );
    const [a, b] = await Promise.all([run(at(today), 5), run(at(today), 5)]);
    expect((a?.reminders.BEFORE ?? 0) + (b?.reminders.BEFORE ?? 0)).toBe(6);
    expect((a?.reminders.LAST_DAY ?? 0) + (b?.reminders.LAST_DAY ?? 0)).toBe(6);
    expect(await remindersOf(list.map((m) => m.id))).toHaveLength(12);
    const messages = await s.t.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'member_reminder'), eq(outboxMessages.shopId, shop.id)));
    expect(messages).toHaveLength(12);
  });
});

describe('members-daily: a change between the due list and the claim', () => {
  it('a renewal or a cancellation committed after the list was read stops the old period’s reminder', async () => {
    const today = '2033-05-10';
    const shop = await insertShop(s.t.db, { name: 'ຮ້ານ ທົດສອບ' });
    const renewed = await member(shop.id, addDays(today, 7));
    const cancelled = await member(shop.id, addDays(today, 7));
    const kept = await member(shop.id, addDays(today, 7));
    const mine = new Set([renewed.id, cancelled.id, kept.id]);
    const due = (
      await remindersDue(s.t.db, { now: at(today), hours: REMINDER_HOURS, afterId: null, limit: 10_000 })
    ).filter((r) => mine.has(r.memberId));
    expect(due.map((r) => r.kind)).toEqual(['BEFORE', 'BEFORE', 'BEFORE']);
    await s.t.db
      .update(members)
      .set({ validUntil: addDays(today, 37) })
      .where(eq(members.id, renewed.id));
    await s.t.db.update(members).set({ status: 'CANCELLED' }).where(eq(members.id, cancelled.id));
    const claimed = await s.t.db.transaction((tx) => claimReminders(tx, due));
    expect([...claimed]).toEqual([
      reminderKey({ memberId: kept.id, validUntil: addDays(today, 7), kind: 'BEFORE' }),
    ]);
    expect(await kinds(renewed.id)).toEqual([]);
    expect(await kinds(cancelled.id)).toEqual([]);
  });
});

describe('members-daily: expiry', () => {
  it("ends a pass on the shop's next business day, in batches, audited as the system's change", async () => {
    const day = '2031-11-20';
    // Open 18:00–02:00: the day changes at 10:00, so 09:00 on the 21st is still the 20th.
    const night = await insertShop(s.t.db, { openShop: '18:00', closeShop: '02:00' });
    const plain = await insertShop(s.t.db, { status: 'SUSPENDED' });
    const nightPasses = await Promise.all([1, 2, 3].map(() => member(night.id, day)));
    const plainPasses = await Promise.all([1, 2].map(() => member(plain.id, day)));
    const later = await member(plain.id, addDays(day, 1));
    const suspended = await member(plain.id, addDays(day, -3), { status: 'SUSPENDED' });
    const ids = [...nightPasses, ...plainPasses].map((m) => m.id);

    await run(at(day, 14)); // 00:00 on the 21st in Vientiane
    expect(await Promise.all(nightPasses.map((m) => statusOf(m.id)))).toEqual(['ACTIVE', 'ACTIVE', 'ACTIVE']);
    expect(await Promise.all(plainPasses.map((m) => statusOf(m.id)))).toEqual(['EXPIRED', 'EXPIRED']);
    await run(at(addDays(day, 1), -1), 2); // 09:00 on the 21st
    expect(await statusOf(nightPasses[0]?.id ?? '')).toBe('ACTIVE');
    const result = await run(at(addDays(day, 1), 1), 2); // 11:00 on the 21st
    expect(result.expired).toBe(3);
    expect(await Promise.all(nightPasses.map((m) => statusOf(m.id)))).toEqual([
      'EXPIRED',
      'EXPIRED',
      'EXPIRED',
    ]);
    expect(await statusOf(later.id)).toBe('ACTIVE');
    expect(await statusOf(suspended.id)).toBe('SUSPENDED');

    const events = await s.t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'membership.expire'), inArray(auditEvents.entityId, ids)));
    expect(events).toHaveLength(5);
    expect(events[0]).toMatchObject({ actorId: null, actorName: 'system', entity: 'member' });
    expect(events.find((e) => e.entityId === nightPasses[0]?.id)).toMatchObject({
      shopId: night.id,
      before: { status: 'ACTIVE' },
      after: { status: 'EXPIRED', number: nightPasses[0]?.number, validUntil: day },
    });
    expect((await verifyAuditChain(s.t.db)).ok).toBe(true);
    // Run again: nothing left to end, nothing audited twice.
    expect((await run(at(addDays(day, 1), 2))).expired).toBe(0);
  });
});
