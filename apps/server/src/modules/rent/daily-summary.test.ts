import { addDaysToDate, businessDate } from '@parking-hub/contracts/business-day';
import type { DailySummaryResult } from '@parking-hub/contracts/rent';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { dailySummaries } from '../../db/schema/rent.ts';
import { reportDaily } from '../../db/schema/reports.ts';
import { call, expectError, insertShop, signedIn } from '../../test/harness.ts';
import { type MessagingScene, messagingScene, waitForRow } from '../outbox/outbox.test-support.ts';
import { runDailySummary } from './daily-summary.ts';

/**
 * The morning summary against the real outbox and the fake Cloud API over HTTP, with a moved
 * clock. Figures come from report_daily rows written here; every run names its shops (`shopIds`)
 * so the tests do not see each other's.
 */
let s: MessagingScene;
beforeAll(async () => {
  s = await messagingScene();
});
afterAll(() => s.close());

/** 10:00 in Vientiane on 2031-06-15: every Vientiane shop's yesterday is 2031-06-14. */
const NOW = new Date('2031-06-15T03:00:00Z');
const YESTERDAY = '2031-06-14';
const NIL = '00000000-0000-0000-0000-000000000000';

let phones = 0;
const nextPhone = () => `+856209999${String(++phones).padStart(4, '0')}`;
const shopWithPhone = (values: Parameters<typeof insertShop>[1] = {}) =>
  insertShop(s.t.db, { name: `ຮ້ານ ${phones + 1}`, whatsapp: nextPhone(), ...values });

const run = (shopIds: string[], o: { again?: boolean; day?: string; batch?: number; now?: Date } = {}) =>
  runDailySummary({ db: s.t.db, outbox: s.t.app.outbox, config: s.t.config }, { now: NOW, shopIds, ...o });

interface Figures {
  vehicleType?: string;
  method?: string;
  billsIn?: number;
  billsOut?: number;
  cancelled?: number;
  amount?: number;
  staffId?: string;
}
async function rollup(shopId: string, bizDate: string, rows: Figures[]) {
  await s.t.db.insert(reportDaily).values(
    rows.map((r, i) => ({
      shopId,
      calDate: bizDate,
      bizDate,
      vehicleType: r.vehicleType ?? (i % 2 ? 'CAR' : 'MOTORBIKE'),
      staffId: r.staffId ?? NIL,
      method: r.method ?? `M${i}`,
      billsIn: r.billsIn ?? 0,
      billsOut: r.billsOut ?? 0,
      cancelled: r.cancelled ?? 0,
      amount: r.amount ?? 0,
    })),
  );
}

const summariesOf = (shopIds: string[]) =>
  s.t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, 'daily_summary'), inArray(outboxMessages.shopId, shopIds)));

const templatesTo = (phone: string) =>
  s.fake.accepted().filter((r) => r.to === phone.slice(1) && r.body.template?.name === 'ph_daily_summary');

describe('the daily summary', () => {
  it('sends each active shop and branch with WhatsApp its yesterday’s figures from the rollup, over the Cloud API', async () => {
    const main = await shopWithPhone({ name: 'ຕະຫຼາດເຊົ້າ' });
    const branch = await shopWithPhone({ name: 'ຕະຫຼາດເຊົ້າ ສາຂາ 2', parentId: main.id });
    const silent = await insertShop(s.t.db, { whatsapp: null });
    const suspended = await shopWithPhone({ status: 'SUSPENDED' });
    await rollup(main.id, YESTERDAY, [
      { billsIn: 120, method: '' },
      { billsIn: 30, method: '' },
      { billsOut: 100, amount: 250_000, method: 'CASH' },
      { billsOut: 40, amount: 1_234_000, method: 'QR' },
      { cancelled: 3, method: '', vehicleType: 'TRUCK' },
    ]);
    // Other days do not count: the day before, today, and the calendar day of another business day.
    await rollup(main.id, '2031-06-13', [{ billsIn: 999, amount: 999 }]);
    await rollup(main.id, '2031-06-15', [{ billsIn: 888, amount: 888 }]);
    await rollup(branch.id, YESTERDAY, [{ billsIn: 7, billsOut: 5, amount: 15_000 }]);
    await rollup(suspended.id, YESTERDAY, [{ billsIn: 1 }]);

    const ids = [main.id, branch.id, silent.id, suspended.id];
    const result = await run(ids);
    expect(result).toEqual({ day: YESTERDAY, queued: 2, alreadySent: 0, noWhatsapp: 1 });
    const messages = await summariesOf(ids);
    expect(messages.map((m) => m.shopId).sort()).toEqual([main.id, branch.id].sort());
    const ofMain = messages.find((m) => m.shopId === main.id);
    expect(ofMain).toMatchObject({
      recipient: main.whatsapp,
      templateName: 'ph_daily_summary',
      cause: 'report.daily_summary',
      body: 'ຕະຫຼາດເຊົ້າ: ສະຫຼຸບວັນທີ 14/06/2031: ບິນເຂົ້າ 150 ໃບ, ລົດອອກ 140 ຄັນ, ເງິນ 1,484,000 ₭, ບິນທີ່ຍົກເລີກ 3 ໃບ.',
    });
    const rows = await s.t.db.select().from(dailySummaries).where(inArray(dailySummaries.shopId, ids));
    expect(rows.map((r) => [r.shopId, r.day, r.messageId]).sort()).toEqual(
      messages.map((m) => [m.shopId, YESTERDAY, m.id]).sort(),
    );

    await waitForRow(s.t.db, ofMain?.id ?? '', (r) => ['SENT', 'DELIVERED', 'READ'].includes(r.status));
    await s.fake.waitFor(() => templatesTo(branch.whatsapp ?? '').length === 1);
    expect(templatesTo(main.whatsapp ?? '')[0]?.body.template.components[0].parameters).toEqual(
      ['ຕະຫຼາດເຊົ້າ', '14/06/2031', '150', '140', '1,484,000 ₭', '3'].map((text) => ({ type: 'text', text })),
    );
    expect(
      templatesTo(branch.whatsapp ?? '')[0]?.body.template.components[0].parameters.map(
        (p: { text: string }) => p.text,
      ),
    ).toEqual(['ຕະຫຼາດເຊົ້າ ສາຂາ 2', '14/06/2031', '7', '5', '15,000 ₭', '0']);
  });

  it('sends once per shop and day however often it runs (two at once too); again sends a second', async () => {
    const a = await shopWithPhone();
    const b = await shopWithPhone();
    await rollup(a.id, YESTERDAY, [{ billsIn: 4 }]);
    const ids = [a.id, b.id];
    expect(await run(ids)).toMatchObject({ queued: 2, alreadySent: 0 });
    expect(await run(ids)).toMatchObject({ queued: 0, alreadySent: 2 });
    const [x, y] = await Promise.all([run(ids), run(ids)]);
    expect((x?.queued ?? 0) + (y?.queued ?? 0)).toBe(0);
    expect(await summariesOf(ids)).toHaveLength(2);

    // A shop whose day is not yet summarised gets it while the others are skipped.
    const c = await shopWithPhone();
    expect(await run([...ids, c.id])).toMatchObject({ queued: 1, alreadySent: 2 });

    const again = await run(ids, { again: true });
    expect(again).toMatchObject({ queued: 2, alreadySent: 0 });
    const messages = await summariesOf(ids);
    expect(messages).toHaveLength(4);
    // The day's row points at the newest message.
    const [row] = await s.t.db.select().from(dailySummaries).where(eq(dailySummaries.shopId, a.id));
    const newest = messages
      .filter((m) => m.shopId === a.id)
      .sort((p, q) => p.createdAt.getTime() - q.createdAt.getTime())
      .at(-1);
    expect(row?.messageId).toBe(newest?.id);
  });

  it('takes each shop’s own business day: a shop in Los Angeles is a day behind at this hour', async () => {
    const la = await shopWithPhone({ timezone: 'America/Los_Angeles' });
    await rollup(la.id, '2031-06-13', [{ billsIn: 11, billsOut: 9, amount: 45_000 }]);
    await rollup(la.id, YESTERDAY, [{ billsIn: 500 }]);
    expect(await run([la.id])).toMatchObject({ queued: 1 });
    const [message] = await summariesOf([la.id]);
    expect(message?.body).toContain('ສະຫຼຸບວັນທີ 13/06/2031: ບິນເຂົ້າ 11 ໃບ, ລົດອອກ 9 ຄັນ, ເງິນ 45,000 ₭');
    // A day chosen explicitly is that day for every shop.
    expect(await run([la.id], { day: YESTERDAY })).toMatchObject({ day: YESTERDAY, queued: 1 });
    const bodies = (await summariesOf([la.id])).map((m) => m.body);
    expect(bodies.some((b) => b.includes('14/06/2031: ບິນເຂົ້າ 500 ໃບ'))).toBe(true);
  });

  it('never claims a day that is not over: a day shop asked at 18:00 gets yesterday, and today complete the next morning', async () => {
    // Open 08:00–17:00: its business day runs to the cut in the middle of the closed hours (00:30).
    const shop = await shopWithPhone({ openShop: '08:00', closeShop: '17:00' });
    await rollup(shop.id, '2031-06-14', [{ billsIn: 14 }]);
    await rollup(shop.id, '2031-06-15', [{ billsIn: 20, billsOut: 12, amount: 24_000 }]);
    const six = new Date('2031-06-15T11:00:00Z'); // 18:00 on the 15th in Vientiane: closed, not over
    expect(await run([shop.id], { now: six })).toMatchObject({ queued: 1 });
    expect((await summariesOf([shop.id]))[0]?.body).toContain('ສະຫຼຸບວັນທີ 14/06/2031: ບິນເຂົ້າ 14 ໃບ');
    // Late check-outs after closing still belong to the 15th.
    await rollup(shop.id, '2031-06-15', [{ billsOut: 8, amount: 16_000, method: 'LATE' }]);
    const seven = new Date('2031-06-16T00:00:00Z'); // 07:00 the next morning: the job
    expect(await run([shop.id], { now: seven })).toMatchObject({ queued: 1, alreadySent: 0 });
    const bodies = (await summariesOf([shop.id])).map((m) => m.body);
    expect(bodies.filter((b) => b.includes('ສະຫຼຸບວັນທີ 15/06/2031'))).toEqual([
      expect.stringContaining('ສະຫຼຸບວັນທີ 15/06/2031: ບິນເຂົ້າ 20 ໃບ, ລົດອອກ 20 ຄັນ, ເງິນ 40,000 ₭'),
    ]);
  });

  it('gives a night shop (18:00–02:00) a night only once it is over, at its 10:00 cut: at 07:00 the night before', async () => {
    const night = await shopWithPhone({ openShop: '18:00', closeShop: '02:00' });
    const day = await shopWithPhone({ openShop: '07:00', closeShop: '17:00' });
    await rollup(night.id, '2031-06-13', [{ billsIn: 13 }]);
    await rollup(night.id, '2031-06-14', [{ billsIn: 14, billsOut: 10 }]);
    await rollup(day.id, '2031-06-14', [{ billsIn: 24 }]);
    await rollup(day.id, '2031-06-15', [{ billsIn: 25 }]);
    const seven = new Date('2031-06-15T00:00:00Z'); // 07:00 in Vientiane on the 15th
    expect(await run([night.id, day.id], { now: seven })).toMatchObject({ queued: 2 });
    const bodies = new Map((await summariesOf([night.id, day.id])).map((m) => [m.shopId, m.body]));
    // The night of the 14th runs until 10:00 on the 15th: the one before is the last that is over.
    expect(bodies.get(night.id)).toContain('ສະຫຼຸບວັນທີ 13/06/2031: ບິນເຂົ້າ 13 ໃບ');
    expect(bodies.get(day.id)).toContain('ສະຫຼຸບວັນທີ 14/06/2031: ບິນເຂົ້າ 24 ໃບ');
    // A car leaving at 09:00 still counts for the night of the 14th, and the next morning's job
    // sends that night whole.
    await rollup(night.id, '2031-06-14', [{ billsOut: 4, method: 'MORNING' }]);
    expect(await run([night.id], { now: new Date('2031-06-16T00:00:00Z') })).toMatchObject({ queued: 1 });
    const nights = (await summariesOf([night.id])).map((m) => m.body);
    expect(nights.filter((b) => b.includes('ສະຫຼຸບວັນທີ 14/06/2031'))).toEqual([
      expect.stringContaining('ສະຫຼຸບວັນທີ 14/06/2031: ບິນເຂົ້າ 14 ໃບ, ລົດອອກ 14 ຄັນ'),
    ]);
    // At 01:00 on the 15th, open: the same night before.
    const late = await shopWithPhone({ openShop: '18:00', closeShop: '02:00' });
    await rollup(late.id, '2031-06-13', [{ billsIn: 31 }]);
    await rollup(late.id, '2031-06-14', [{ billsIn: 32 }]);
    expect(await run([late.id], { now: new Date('2031-06-14T18:00:00Z') })).toMatchObject({ queued: 1 });
    expect((await summariesOf([late.id]))[0]?.body).toContain('ສະຫຼຸບວັນທີ 13/06/2031: ບິນເຂົ້າ 31 ໃບ');
  });

  it('takes for every shop the business day before its current one (businessDate − 1), at any hour', async () => {
    const hours: Array<[string | null, string | null, string]> = [
      [null, null, 'Asia/Vientiane'],
      ['08:00', '17:00', 'Asia/Vientiane'],
      ['18:00', '02:00', 'Asia/Vientiane'],
      ['02:00', '14:00', 'Asia/Vientiane'],
      ['06:00', '06:00', 'Asia/Vientiane'],
      ['22:00', '23:30', 'America/Los_Angeles'],
      [null, null, 'Pacific/Kiritimati'],
    ];
    const times = [
      '2031-06-14T17:30:00Z',
      '2031-06-14T23:59:00Z',
      '2031-06-15T03:00:00Z',
      '2031-06-15T11:00:00Z',
    ];
    for (const at of times) {
      const now = new Date(at);
      const shops = [];
      for (const [openShop, closeShop, timezone] of hours)
        shops.push(await shopWithPhone({ openShop, closeShop, timezone }));
      expect(
        await run(
          shops.map((x) => x.id),
          { now },
        ),
      ).toMatchObject({ queued: shops.length });
      const days = new Map(
        (
          await s.t.db
            .select()
            .from(dailySummaries)
            .where(
              inArray(
                dailySummaries.shopId,
                shops.map((x) => x.id),
              ),
            )
        ).map((r) => [r.shopId, r.day]),
      );
      for (const [i, [openShop, closeShop, timezone]] of hours.entries()) {
        const expected = addDaysToDate(businessDate(now, { openShop, closeShop, timezone }), -1);
        expect([at, openShop, closeShop, timezone, days.get(shops[i]?.id ?? '')]).toEqual([
          at,
          openShop,
          closeShop,
          timezone,
          expected,
        ]);
      }
    }
  });

  it('goes in batches: every shop once, whatever the batch size', async () => {
    const shops = [];
    for (let i = 0; i < 23; i++) shops.push(await shopWithPhone());
    const ids = shops.map((x) => x.id);
    expect(await run(ids, { batch: 5 })).toMatchObject({ queued: 23, alreadySent: 0 });
    expect(await run(ids, { batch: 7 })).toMatchObject({ queued: 0, alreadySent: 23 });
    const messages = await summariesOf(ids);
    expect(new Set(messages.map((m) => m.shopId)).size).toBe(23);
    expect(messages).toHaveLength(23);
  });

  it('POST report-daily: admins run it now, audited once; bad input and other roles are refused', async () => {
    const shop = await shopWithPhone();
    await rollup(shop.id, '2031-01-02', [{ billsIn: 2, billsOut: 2, amount: 4000 }]);
    const body = { day: '2031-01-02', shopIds: [shop.id] };
    const res = await call<DailySummaryResult>(s.t.app, 'POST', 'report-daily', { token: s.admin, body });
    expect([res.statusCode, res.body.message, res.body.data]).toEqual([
      200,
      'ສົ່ງສະຫຼຸບປະຈຳວັນທີ 02/01/2031 ເຂົ້າຄິວ 1 ຮ້ານ',
      { day: '2031-01-02', queued: 1, alreadySent: 0, noWhatsapp: 0 },
    ]);
    const events = await s.t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'report.daily_summary'));
    expect(events.at(-1)).toMatchObject({
      actorRole: 'SUPER-ADMIN',
      after: {
        day: '2031-01-02',
        queued: 1,
        alreadySent: 0,
        noWhatsapp: 0,
        again: false,
        shopIds: [shop.id],
      },
    });
    const admin = await signedIn(s.t, 'ADMIN');
    const second = await call<DailySummaryResult>(s.t.app, 'POST', 'report-daily', {
      token: admin.token,
      body,
    });
    expect(second.body.data).toMatchObject({ queued: 0, alreadySent: 1 });
    const forced = await call<DailySummaryResult>(s.t.app, 'POST', 'report-daily', {
      token: admin.token,
      body: { ...body, again: true },
    });
    expect(forced.body.data).toMatchObject({ queued: 1 });

    for (const role of ['AGENT', 'MANAGER', 'SHOP'] as const) {
      const user = await signedIn(s.t, role, role === 'AGENT' ? {} : { shopId: shop.id });
      expectError(
        await call(s.t.app, 'POST', 'report-daily', { token: user.token, body }),
        403,
        'ທ່ານບໍ່ມີສິດໃຊ້ງານ',
      );
    }
    expect(
      (await call(s.t.app, 'POST', 'report-daily', { token: s.admin, body: { day: '2031-02-30' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call(s.t.app, 'POST', 'report-daily', { token: s.admin, body: { shopIds: ['x'] } })).statusCode,
    ).toBe(400);
    expect(await summariesOf([shop.id])).toHaveLength(2);
  });
});
