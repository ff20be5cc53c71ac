/**
 * The invoices' calls (issue 15): who sees which invoice (an agent or a manager never another's:
 * 404), the report's totals, detail, update, void (charges and the promotion's use given back, a
 * remake on demand), one-off charges, and bad input: a 4xx envelope with a Lao message and nothing
 * written.
 */
import { translate } from '@parking-hub/contracts/messages';
import type { Charge, GenerateInvoicesResult, Invoice, InvoiceDetail } from '@parking-hub/contracts/rent';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';

const lo = (key: string, params: Record<string, string | number> = {}) => translate('lo', key, params);

let t: TestApp;
type Person = Awaited<ReturnType<typeof signedIn>>;
let admin: Person;
let agentA: Person;
let agentB: Person;
let managerA: Person;
let branchManager: Person;
let shopUser: Person;
let shopA: string;
let branchA: string;
let shopB: string;
let packageId: string;
let promotionId: string;
let feeId: string;

async function count(table: string) {
  const r = await t.db.execute<{ n: string }>(sql.raw(`select count(*)::text as n from ${table}`));
  return Number(r.rows[0]?.n);
}

async function invoiceOf(shopId: string, month = '2026-03-01') {
  const r = await t.db.execute<{ id: string; number: string; status: string }>(sql`
    select id, number, status from rent_invoices where shop_id = ${shopId} and month = ${month}::date and status <> 'VOID'`);
  return r.rows[0] as { id: string; number: string; status: string };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'ADMIN');
  agentA = await signedIn(t, 'AGENT');
  agentB = await signedIn(t, 'AGENT');
  const pkg = await t.db.execute<{ id: string }>(sql`
    insert into packages (name_lo, name_en, monthly_price, tickets_included, extra_ticket_price)
    values ('ພື້ນຖານ', 'Basic', 150000, 100, 50) returning id`);
  packageId = pkg.rows[0]?.id as string;
  const created = new Date('2025-10-01T10:00:00+07:00');
  shopA = (await insertShop(t.db, { agentId: agentA.id, packageId, createdAt: created })).id;
  branchA = (await insertShop(t.db, { agentId: agentA.id, parentId: shopA, createdAt: created })).id;
  shopB = (await insertShop(t.db, { agentId: agentB.id, packageId, createdAt: created })).id;
  managerA = await signedIn(t, 'MANAGER', { shopId: shopA });
  branchManager = await signedIn(t, 'MANAGER', { shopId: branchA });
  shopUser = await signedIn(t, 'SHOP', { shopId: shopA });
  await t.db.execute(sql`
    insert into report_monthly (shop_id, cal_month, biz_month, staff_id, method, bills_in) values
      (${shopA}, '2026-03-01', '2026-03-01', '00000000-0000-0000-0000-000000000000', '', 120),
      (${branchA}, '2026-03-01', '2026-03-01', '00000000-0000-0000-0000-000000000000', '', 30)`);
  const promo = await t.db.execute<{ id: string }>(sql`
    insert into promotions (title, discount_type, discount_value, valid_from, valid_until, audience, shop_ids)
    values ('ຫຼຸດ 10%', 'PERCENT', 10, '2026-01-01', '2026-12-31', 'SHOPS', array[${shopA}]::uuid[]) returning id`);
  promotionId = promo.rows[0]?.id as string;
  const fee = await t.db.execute<{ id: string }>(sql`
    insert into fees (code, name_lo, name_en, amount) values ('SETUP_T', 'ຄ່າຕິດຕັ້ງ', 'Set-up', 250000) returning id`);
  feeId = fee.rows[0]?.id as string;
});
afterAll(async () => {
  await t?.close();
});

describe('charges and generation', () => {
  it('an admin adds charges (a fee of the list or their own line; a branch stands for its main shop)', async () => {
    const byFee = await call<Charge>(t.app, 'POST', 'rent/charge/create', {
      token: admin.token,
      body: { shopId: branchA, feeId, month: '2026-02' },
    });
    expect(byFee.statusCode, JSON.stringify(byFee.body)).toBe(201);
    expect(byFee.body.data).toMatchObject({
      shopId: shopA,
      descriptionLo: 'ຄ່າຕິດຕັ້ງ',
      descriptionEn: 'Set-up',
      unitPrice: 250_000,
      quantity: 1,
      amount: 250_000,
      month: '2026-02',
      invoiceId: null,
    });
    expect(byFee.body.message).toBe(lo('success.chargeCreated', { month: '2026-02' }));
    const own = await call<Charge>(t.app, 'POST', 'rent/charge/create', {
      token: admin.token,
      body: { shopId: shopA, descriptionLo: 'ເຄື່ອງພິມ', quantity: 2, unitPrice: 40_000, month: '2026-03' },
    });
    expect(own.statusCode).toBe(201);
    const later = await call<Charge>(t.app, 'POST', 'rent/charge/create', {
      token: admin.token,
      body: { shopId: shopA, descriptionLo: 'ຄ່າຜູ້ໃຊ້ເພີ່ມ', unitPrice: 10_000, month: '2026-09' },
    });
    expect(later.statusCode).toBe(201);
    const [audit] = await auditEventsOf(t.db, own.body.data?.id ?? '');
    expect(audit).toMatchObject({ action: 'rent_charge.create', entity: 'rent_charge', actorId: admin.id });
    const list = await call<Charge[]>(t.app, 'POST', 'rent/charges?page=1', {
      token: admin.token,
      body: { shopId: shopA, pending: true },
    });
    expect(list.body.data?.map((c) => c.descriptionLo).sort()).toEqual(
      ['ຄ່າຕິດຕັ້ງ', 'ຄ່າຜູ້ໃຊ້ເພີ່ມ', 'ເຄື່ອງພິມ'].sort(),
    );
    expect(list.body.meta?.total).toBe(3);
  });

  it('refuses bad charges with a Lao message and writes nothing', async () => {
    const audits = await t.db.$count(auditEvents);
    const charges = await count('rent_charges');
    expectError(
      await call(t.app, 'POST', 'rent/charge/create', {
        token: admin.token,
        body: { shopId: shopA, unitPrice: 5 },
      }),
      400,
      { descriptionLo: lo('validation.lineDescription') },
    );
    expectError(
      await call(t.app, 'POST', 'rent/charge/create', {
        token: admin.token,
        body: { shopId: shopA, descriptionLo: 'x', unitPrice: 5, quantity: 0 },
      }),
      400,
      { quantity: lo('validation.lineQuantity') },
    );
    expectError(
      await call(t.app, 'POST', 'rent/charge/create', {
        token: admin.token,
        body: { shopId: shopA, descriptionLo: 'x', unitPrice: 1.5 },
      }),
      400,
      { unitPrice: lo('validation.amountFormat') },
    );
    const res = await call(t.app, 'POST', 'rent/charge/create', {
      token: admin.token,
      body: { shopId: '00000000-0000-4000-8000-000000000000', descriptionLo: 'x', unitPrice: 5 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.messages).toEqual({ shopId: lo('errors.shopNotFound') });
    expect([await t.db.$count(auditEvents), await count('rent_charges')]).toEqual([audits, charges]);
  });

  it('refuses a month that is not over and a bad month, in Lao, making nothing', async () => {
    const now = new Date();
    const month = `${now.getUTCFullYear() + 1}-01`;
    const res = await call(t.app, 'POST', 'manual-summary-rent', { token: admin.token, body: { month } });
    expectError(res, 409, lo('errors.rentMonthNotOver', { month }));
    const bad = await call(t.app, 'POST', 'manual-summary-rent', {
      token: admin.token,
      body: { month: '2026-13' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.messages?.month).toBe(lo('validation.monthFormat'));
    const unknown = await call(t.app, 'POST', 'manual-summary-rent', {
      token: admin.token,
      body: { month: '2026-03', shopIds: [shopA, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.messages).toEqual({ shopIds: lo('errors.shopNotFound') });
    expect(await count('rent_invoices')).toBe(0);
  });

  it('makes March: one invoice per main shop, the branch’s tickets on its main shop’s, charges up to March, the promotion', async () => {
    const res = await call<GenerateInvoicesResult>(t.app, 'POST', 'manual-summary-rent', {
      token: admin.token,
      body: { month: '2026-03' },
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ month: '2026-03', created: 2, existing: 0, skipped: 0 });
    expect(res.body.message).toBe(
      lo('success.invoicesGenerated', { month: '2026-03', created: 2, existing: 0 }),
    );
    const a = await invoiceOf(shopA);
    const detail = await call<InvoiceDetail>(t.app, 'GET', `invoice/${a.id}`, { token: admin.token });
    expect(detail.statusCode).toBe(200);
    const d = detail.body.data as InvoiceDetail;
    expect(d.lines.map((l) => [l.kind, l.quantity, l.unitPrice, l.amount])).toEqual([
      ['PACKAGE', 1, 150_000, 150_000],
      ['EXTRA_TICKETS', 50, 50, 2_500],
      ['FEE', 1, 250_000, 250_000],
      ['FEE', 2, 40_000, 80_000],
      ['PROMOTION', 1, -15_000, -15_000],
    ]);
    expect(d).toMatchObject({
      shopId: shopA,
      status: 'UNPAID',
      tickets: 150,
      ticketsIncluded: 100,
      subtotal: 482_500,
      discount: 15_000,
      total: 467_500,
      paid: 0,
      due: 467_500,
      dueDate: '2026-04-10',
      agentId: agentA.id,
      packageName: 'ພື້ນຖານ',
      walletBalance: 0,
      messageStatus: null,
      sendCount: 0,
    });
    expect(d.publicPath).toMatch(/^\/invoice\/[A-Za-z0-9_-]{32}$/);
  });
});

describe('who sees which invoice', () => {
  it('the report: admins all with totals; an agent their shops’; a manager (or a branch’s) their main shop’s; shop staff 403', async () => {
    const admins = await call<Invoice[]>(t.app, 'POST', 'report-rent?page=1', {
      token: admin.token,
      body: { month: '2026-03' },
    });
    expect(admins.statusCode).toBe(200);
    expect(admins.body.data?.map((i) => i.shopId).sort()).toEqual([shopA, shopB].sort());
    const totals = (admins.body.meta as unknown as { totals: { count: number; total: number; due: number } })
      .totals;
    expect(totals).toMatchObject({ count: 2, total: 467_500 + 150_000, due: 467_500 + 150_000 });
    for (const [who, expected] of [
      [agentA, [shopA]],
      [agentB, [shopB]],
      [managerA, [shopA]],
      [branchManager, [shopA]],
    ] as const) {
      const res = await call<Invoice[]>(t.app, 'POST', 'report-rent', { token: who.token, body: {} });
      expect(res.statusCode).toBe(200);
      expect(res.body.data?.map((i) => i.shopId)).toEqual(expected);
      // Asking for another's shop gives nothing, never their invoice.
      const other = await call<Invoice[]>(t.app, 'POST', 'report-rent', {
        token: who.token,
        body: { shopId: expected[0] === shopA ? shopB : shopA },
      });
      expect(other.body.data).toEqual([]);
    }
    expectError(
      await call(t.app, 'POST', 'report-rent', { token: shopUser.token, body: {} }),
      403,
      lo('errors.forbidden'),
    );
  });

  it('filters by status, agent, overdue and a search', async () => {
    const q = async (body: object) =>
      (await call<Invoice[]>(t.app, 'POST', 'report-rent', { token: admin.token, body })).body.data?.map(
        (i) => i.shopId,
      );
    expect(await q({ agentId: agentB.id })).toEqual([shopB]);
    expect(await q({ status: 'PAID' })).toEqual([]);
    // Due on 10 April 2026: overdue by now.
    expect((await q({ overdue: true }))?.length).toBe(2);
    const b = await invoiceOf(shopB);
    expect(await q({ q: b.number })).toEqual([shopB]);
  });

  it('detail: 404 for another’s invoice; the wallet balance and the message’s status', async () => {
    const a = await invoiceOf(shopA);
    const b = await invoiceOf(shopB);
    for (const who of [agentA, managerA, branchManager])
      expectError(
        await call(t.app, 'GET', `invoice/${b.id}`, { token: who.token }),
        404,
        lo('errors.invoiceNotFound'),
      );
    expectError(
      await call(t.app, 'GET', `invoice/${a.id}`, { token: agentB.token }),
      404,
      lo('errors.invoiceNotFound'),
    );
    expectError(
      await call(t.app, 'GET', `invoice/${a.id}`, { token: shopUser.token }),
      403,
      lo('errors.forbidden'),
    );
    await t.db.execute(
      sql`insert into wallet_entries (shop_id, kind, amount, method) values (${shopA}, 'TOP_UP', 90000, 'CASH')`,
    );
    const message = await t.db.transaction((tx) =>
      t.app.outbox.enqueue(tx, {
        channel: 'WHATSAPP',
        recipient: '+8562055551234',
        kind: 'test',
        language: 'lo',
        cause: 'test',
      }),
    );
    await t.db.execute(
      sql`update rent_invoices set last_message_id = ${message.id}, send_count = 1 where id = ${a.id}`,
    );
    const mine = await call<InvoiceDetail>(t.app, 'GET', `invoice/${a.id}`, { token: managerA.token });
    expect(mine.statusCode).toBe(200);
    expect(mine.body.data).toMatchObject({
      walletBalance: 90_000,
      messageStatus: message.status,
      sendCount: 1,
    });
  });
});

describe('update and void', () => {
  it('refuses bad lines in Lao and writes nothing', async () => {
    const a = await invoiceOf(shopA);
    const audits = await t.db.$count(auditEvents);
    const lines = await t.db.execute(
      sql`select * from rent_invoice_lines where invoice_id = ${a.id} order by position`,
    );
    const line = { descriptionLo: 'ແພັກເກັດ', quantity: 1, unitPrice: 100_000 };
    const cases: Array<[object, Record<string, string>]> = [
      [{ invoiceId: a.id, lines: [line] }, { reason: lo('validation.reasonRequired') }],
      [{ invoiceId: a.id, lines: [line], reason: 'x' }, { reason: lo('validation.reasonRequired') }],
      [{ invoiceId: a.id, lines: [], reason: 'ປັບລາຄາ' }, { lines: lo('validation.linesRequired') }],
      [
        { invoiceId: a.id, lines: [{ ...line, unitPrice: 1.5 }], reason: 'ປັບລາຄາ' },
        { 'lines.0.unitPrice': lo('validation.amountFormat') },
      ],
      [
        {
          invoiceId: a.id,
          lines: [line, { kind: 'FEE', descriptionLo: 'ລົດ', quantity: 1, unitPrice: -5 }],
          reason: 'ປັບລາຄາ',
        },
        { 'lines.1.unitPrice': lo('validation.lineAmountSign') },
      ],
      [
        {
          invoiceId: a.id,
          lines: [line, { kind: 'ADJUSTMENT', descriptionLo: 'ຫຼຸດ', quantity: 1, unitPrice: -100_000 }],
          reason: 'ປັບລາຄາ',
        },
        { lines: lo('validation.invoiceTotalZero') },
      ],
      // 9,999,999 × 9,999,999,999 is past what JS multiplies exactly (was a 500 from the line's amount check).
      [
        {
          invoiceId: a.id,
          lines: [line, { descriptionLo: 'ໃຫຍ່', quantity: 9_999_999, unitPrice: 9_999_999_999 }],
          reason: 'ປັບລາຄາ',
        },
        { 'lines.1.unitPrice': lo('validation.lineTooBig') },
      ],
      // Each line within the cap, the total past it.
      [
        {
          invoiceId: a.id,
          lines: [
            { ...line, quantity: 1, unitPrice: 6_000_000_000 },
            { ...line, quantity: 2, unitPrice: 3_000_000_000 },
          ],
          reason: 'ປັບລາຄາ',
        },
        { lines: lo('validation.invoiceTotalTooBig') },
      ],
    ];
    // What a line's refId names must be the invoice's own: its charge (once), its promotion.
    const charge = await t.db.execute<{ id: string }>(
      sql`select id from rent_charges where invoice_id = ${a.id} order by id limit 1`,
    );
    const chargeId = charge.rows[0]?.id as string;
    const elsewhere = '00000000-0000-4000-8000-000000000001';
    const fee = (refId: string) => ({
      kind: 'FEE',
      descriptionLo: 'ຄ່າທຳນຽມ',
      quantity: 1,
      unitPrice: 1000,
      refId,
    });
    const promo = { kind: 'PROMOTION', descriptionLo: 'ໂປຣໂມຊັນ', quantity: 1, unitPrice: -1000 };
    const refCases: Array<[object[], Record<string, string>]> = [
      [[line, fee(elsewhere)], { 'lines.1.refId': lo('validation.lineRef') }],
      [[line, fee(chargeId), fee(chargeId)], { 'lines.2.refId': lo('validation.lineRef') }],
      [[line, promo], { 'lines.1.refId': lo('validation.lineRef') }],
      [[line, { ...promo, refId: elsewhere }], { 'lines.1.refId': lo('validation.lineRef') }],
      [[{ ...line, kind: 'PACKAGE', refId: promotionId }], { 'lines.0.refId': lo('validation.lineRef') }],
    ];
    for (const [body, messages] of refCases)
      cases.push([{ invoiceId: a.id, lines: body, reason: 'ປັບລາຄາ' }, messages]);
    // Numbers are numbers or their digits: true, [5], hex and exponents are not an amount typed.
    for (const unitPrice of [true, [100_000], '0x10', '1e4', ''])
      cases.push([
        { invoiceId: a.id, lines: [{ ...line, unitPrice }], reason: 'ປັບລາຄາ' },
        { 'lines.0.unitPrice': lo('validation.amountFormat') },
      ]);
    cases.push([
      { invoiceId: a.id, lines: [{ ...line, quantity: [1] }], reason: 'ປັບລາຄາ' },
      { 'lines.0.quantity': lo('validation.lineQuantity') },
    ]);
    const charges = await t.db.execute(sql`select id, invoice_id from rent_charges order by id`);
    const uses = await t.db.execute(sql`select uses from promotions where id = ${promotionId}`);
    for (const [body, messages] of cases) {
      const res = await call(t.app, 'POST', 'invoice/update', { token: admin.token, body });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(400);
      expect(res.body.messages).toEqual(messages);
    }
    expect(await t.db.$count(auditEvents)).toBe(audits);
    const after = await t.db.execute(
      sql`select * from rent_invoice_lines where invoice_id = ${a.id} order by position`,
    );
    expect(after.rows).toEqual(lines.rows);
    expect((await t.db.execute(sql`select id, invoice_id from rent_charges order by id`)).rows).toEqual(
      charges.rows,
    );
    expect((await t.db.execute(sql`select uses from promotions where id = ${promotionId}`)).rows).toEqual(
      uses.rows,
    );
  });

  it('an admin replaces the lines with a reason (audited before and after); a removed charge goes back to pending', async () => {
    const a = await invoiceOf(shopA);
    const res = await call<InvoiceDetail>(t.app, 'POST', 'invoice/update', {
      token: admin.token,
      body: {
        invoiceId: a.id,
        reason: 'ລູກຄ້າຂໍຫຼຸດ',
        dueDate: '2026-04-20',
        lines: [
          {
            kind: 'PACKAGE',
            descriptionLo: 'ແພັກເກັດ ພື້ນຖານ',
            quantity: 1,
            unitPrice: 150_000,
            refId: packageId,
          },
          {
            kind: 'PROMOTION',
            descriptionLo: 'ໂປຣໂມຊັນ',
            quantity: 1,
            unitPrice: -15_000,
            refId: promotionId,
          },
          { descriptionLo: 'ຫຼຸດພິເສດ', quantity: 1, unitPrice: -5_000 },
        ],
      },
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      subtotal: 150_000,
      discount: 20_000,
      total: 130_000,
      dueDate: '2026-04-20',
      adjustReason: 'ລູກຄ້າຂໍຫຼຸດ',
    });
    expect(res.body.data?.lines.map((l) => l.kind)).toEqual(['PACKAGE', 'PROMOTION', 'ADJUSTMENT']);
    const pending = await t.db.execute<{ n: string }>(
      sql`select count(*)::text as n from rent_charges where shop_id = ${shopA} and invoice_id is null`,
    );
    expect(Number(pending.rows[0]?.n)).toBe(3);
    const events = await auditEventsOf(t.db, a.id);
    const update = events.find((e) => e.action === 'invoice.update');
    expect(update?.before).toMatchObject({ total: 467_500 });
    expect(update?.after).toMatchObject({ total: 130_000, reason: 'ລູກຄ້າຂໍຫຼຸດ' });
  });

  it('voids an UNPAID invoice (kept); gives back its promotion use; the call with the shop remakes it, the job does not', async () => {
    const a = await invoiceOf(shopA);
    const usesBefore = await t.db.execute<{ uses: number }>(
      sql`select uses from promotions where id = ${promotionId}`,
    );
    const res = await call(t.app, 'DELETE', `invoice/${a.id}`, {
      token: admin.token,
      body: { reason: 'ອອກຜິດ' },
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(lo('success.invoiceVoided', { number: a.number }));
    const row = await t.db.execute<{ status: string; void_reason: string }>(
      sql`select status, void_reason from rent_invoices where id = ${a.id}`,
    );
    expect(row.rows[0]).toEqual({ status: 'VOID', void_reason: 'ອອກຜິດ' });
    const usesAfter = await t.db.execute<{ uses: number }>(
      sql`select uses from promotions where id = ${promotionId}`,
    );
    expect(usesAfter.rows[0]?.uses).toBe((usesBefore.rows[0]?.uses ?? 0) - 1);
    expectError(
      await call(t.app, 'DELETE', `invoice/${a.id}`, { token: admin.token }),
      409,
      lo('errors.invoiceNotUnpaid', { number: a.number }),
    );
    // All shops: a shop with a VOID invoice of the month is left alone.
    const all = await call<GenerateInvoicesResult>(t.app, 'POST', 'manual-summary-rent', {
      token: admin.token,
      body: { month: '2026-03' },
    });
    expect(all.body.data).toMatchObject({ created: 0, existing: 2 });
    // Chosen (a branch stands for its main shop): made again with a new number, charges and promotion
    // taken again, due on the day the finance settings now say.
    await t.db.execute(sql`
      insert into app_settings (key, value) values ('finance.settings', '{"dueDay": 15, "defaultCommissionBp": 1000}')
      on conflict (key) do update set value = excluded.value`);
    const again = await call<GenerateInvoicesResult>(t.app, 'POST', 'manual-summary-rent', {
      token: admin.token,
      body: { month: '2026-03', shopIds: [branchA, shopB] },
    });
    expect(again.body.data).toMatchObject({ created: 1, existing: 1 });
    const remade = await invoiceOf(shopA);
    expect(remade.number).not.toBe(a.number);
    const due = await t.db.execute<{ due: string }>(
      sql`select due_date::text as due from rent_invoices where id = ${remade.id}`,
    );
    expect(due.rows[0]?.due).toBe('2026-04-15');
    const picked = await t.db.execute<{ n: string }>(
      sql`select count(*)::text as n from rent_charges where invoice_id = ${remade.id}`,
    );
    expect(Number(picked.rows[0]?.n)).toBe(2);
    const uses = await t.db.execute<{ uses: number }>(
      sql`select uses from promotions where id = ${promotionId}`,
    );
    expect(uses.rows[0]?.uses).toBe(usesBefore.rows[0]?.uses);
  });

  it('a paid invoice cannot be changed or voided; an invoiced charge cannot be deleted', async () => {
    const b = await invoiceOf(shopB);
    await t.db.execute(
      sql`insert into rent_payments (invoice_id, shop_id, amount, method) values (${b.id}, ${shopB}, 1000, 'CASH')`,
    );
    const audits = await t.db.$count(auditEvents);
    expectError(
      await call(t.app, 'POST', 'invoice/update', {
        token: admin.token,
        body: {
          invoiceId: b.id,
          reason: 'ປັບລາຄາ',
          lines: [{ descriptionLo: 'x', quantity: 1, unitPrice: 5 }],
        },
      }),
      409,
      lo('errors.invoiceNotUnpaid', { number: b.number }),
    );
    expectError(
      await call(t.app, 'DELETE', `invoice/${b.id}`, { token: admin.token }),
      409,
      lo('errors.invoiceNotUnpaid', { number: b.number }),
    );
    const a = await invoiceOf(shopA);
    const charge = await t.db.execute<{ id: string }>(
      sql`select id from rent_charges where invoice_id = ${a.id} limit 1`,
    );
    expectError(
      await call(t.app, 'DELETE', `rent/charge/${charge.rows[0]?.id}`, { token: admin.token }),
      409,
      lo('errors.chargeInvoiced', { number: a.number }),
    );
    expect(await t.db.$count(auditEvents)).toBe(audits);
    const pending = await t.db.execute<{ id: string }>(
      sql`select id from rent_charges where invoice_id is null and shop_id = ${shopA} limit 1`,
    );
    const del = await call(t.app, 'DELETE', `rent/charge/${pending.rows[0]?.id}`, { token: admin.token });
    expect(del.statusCode).toBe(200);
    expectError(
      await call(t.app, 'DELETE', `rent/charge/${pending.rows[0]?.id}`, { token: admin.token }),
      404,
      lo('errors.chargeNotFound'),
    );
  });

  it('a free month (total 0) is made PAID with nothing paid, and may still be voided', async () => {
    const shopC = (await insertShop(t.db, { packageId, createdAt: new Date('2025-10-01T10:00:00+07:00') }))
      .id;
    await t.db.execute(sql`
      insert into promotions (title, discount_type, discount_value, valid_from, valid_until, audience, shop_ids)
      values ('ຟຣີ 1 ເດືອນ', 'FREE_MONTHS', 1, '2026-03-01', '2026-12-31', 'SHOPS', array[${shopC}]::uuid[])`);
    const made = await call<GenerateInvoicesResult>(t.app, 'POST', 'manual-summary-rent', {
      token: admin.token,
      body: { month: '2026-03', shopIds: [shopC] },
    });
    expect(made.body.data).toMatchObject({ created: 1, existing: 0 });
    const c = await invoiceOf(shopC);
    const detail = await call<InvoiceDetail>(t.app, 'GET', `invoice/${c.id}`, { token: admin.token });
    expect(detail.body.data).toMatchObject({
      status: 'PAID',
      subtotal: 150_000,
      discount: 150_000,
      total: 0,
      paid: 0,
      due: 0,
    });
    const res = await call(t.app, 'DELETE', `invoice/${c.id}`, { token: admin.token });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const row = await t.db.execute<{ status: string }>(
      sql`select status from rent_invoices where id = ${c.id}`,
    );
    expect(row.rows[0]?.status).toBe('VOID');
  });
});
