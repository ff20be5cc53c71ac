import { randomBytes } from 'node:crypto';
import type { PublicInvoice, SendInvoicesResult } from '@parking-hub/contracts/rent';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, publicUrlMissing, publicUrlWarning } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { companyProfile } from '../../db/schema/company.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { rentInvoiceLines, rentInvoices } from '../../db/schema/rent.ts';
import { parseEmvco } from '../../lib/emvco.ts';
import { call, createTestApp, expectError, insertShop, signedIn } from '../../test/harness.ts';
import { type MessagingScene, messagingScene, waitForRow } from '../outbox/outbox.test-support.ts';

/**
 * Sending rent invoices through the real outbox (workers on) to the fake Cloud API over HTTP, its
 * signed status webhooks coming back; and the public invoice page's call. Invoices are written
 * straight into rent_invoices (the invoices helper makes them for real elsewhere).
 */
let s: MessagingScene;
const PUBLIC_URL = 'https://pay.parkinghub.test';
beforeAll(async () => {
  s = await messagingScene({ PUBLIC_URL, PUBLIC_RATE_PER_MINUTE: '8' });
});
afterAll(() => s.close());

let seq = 0;
let phones = 0;
const nextPhone = () => `+856207777${String(++phones).padStart(4, '0')}`;

async function shopWithPhone(values: Parameters<typeof insertShop>[1] = {}) {
  return insertShop(s.t.db, { name: `ຮ້ານ ${phones + 1}`, whatsapp: nextPhone(), ...values });
}

/** An invoice of 150,000 ₭ (package 150,000 + extra 20,000 − promotion 20,000), paid `paid`. */
async function invoice(
  shopId: string,
  o: { status?: string; paid?: number; month?: string; agentId?: string; db?: Db } = {},
) {
  seq++;
  const db = o.db ?? s.t.db;
  const [row] = await db
    .insert(rentInvoices)
    .values({
      number: `INV-2026-${String(seq).padStart(6, '0')}`,
      year: 2026,
      seq,
      shopId,
      month: o.month ?? '2026-10-01',
      status: o.status ?? 'UNPAID',
      tickets: 3400,
      ticketsIncluded: 3000,
      subtotal: 170_000,
      discount: 20_000,
      total: 150_000,
      paid: o.paid ?? 0,
      dueDate: '2026-11-10',
      publicToken: randomBytes(24).toString('base64url'),
      ...(o.agentId ? { agentId: o.agentId } : {}),
    })
    .returning();
  if (!row) throw new Error('invoice insert failed');
  await db
    .insert(rentInvoiceLines)
    .values([
      line(row.id, 1, 'PACKAGE', 'ແພັກເກັດ ພື້ນຖານ', 'Package Basic', 1, 150_000),
      line(row.id, 2, 'EXTRA_TICKETS', 'ບິນເກີນແພັກເກັດ', 'Tickets over the allowance', 400, 50),
      line(row.id, 3, 'PROMOTION', 'ໂປຣໂມຊັນ', 'Promotion', 1, -20_000),
    ]);
  return row;
}

function line(
  invoiceId: string,
  position: number,
  kind: string,
  lo: string,
  en: string,
  q: number,
  unit: number,
) {
  return {
    invoiceId,
    position,
    kind,
    descriptionLo: lo,
    descriptionEn: en,
    quantity: q,
    unitPrice: unit,
    amount: q * unit,
  };
}

const send = (token: string, body: unknown) =>
  call<SendInvoicesResult>(s.t.app, 'POST', 'sent/manual-summary', { token, body });
const resend = (token: string, body: unknown) =>
  call<SendInvoicesResult>(s.t.app, 'POST', 'resent-manual-summary-rent', { token, body });

const templatesTo = (phone: string) =>
  s.fake.accepted().filter((r) => r.to === phone.slice(1) && r.body.template?.name === 'ph_rent_invoice');

async function invoiceRow(id: string) {
  const [row] = await s.t.db.select().from(rentInvoices).where(eq(rentInvoices.id, id));
  if (!row) throw new Error('no invoice');
  return row;
}

const messagesOf = (invoiceId: string) =>
  s.t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.cause, 'invoice.send'), eq(outboxMessages.causeId, invoiceId)));

describe('sending an invoice', () => {
  it('queues the template with the amount due and the link, marks the invoice sent and audits it; send again skips it, resend sends', async () => {
    const shop = await shopWithPhone({ name: 'ຕະຫຼາດເຊົ້າ' });
    const inv = await invoice(shop.id, { status: 'PARTLY_PAID', paid: 50_000 });
    const res = await send(s.admin, { invoiceId: inv.id });
    expect([res.statusCode, res.body.message, res.body.data]).toEqual([
      200,
      'ສົ່ງໃບແຈ້ງໜີ້ເຂົ້າຄິວ WhatsApp 1 ໃບ',
      { queued: 1, skipped: [] },
    ]);
    const link = `${PUBLIC_URL}/invoice/${inv.publicToken}`;
    const after = await invoiceRow(inv.id);
    expect(after.sendCount).toBe(1);
    expect(after.sentAt).toBeInstanceOf(Date);
    const [message, ...others] = await messagesOf(inv.id);
    expect(others).toEqual([]);
    expect(after.lastMessageId).toBe(message?.id);
    expect(message).toMatchObject({
      kind: 'rent_invoice',
      recipient: shop.whatsapp,
      shopId: shop.id,
      templateName: 'ph_rent_invoice',
      body: `ຕະຫຼາດເຊົ້າ: ໃບແຈ້ງໜີ້ຄ່າເຊົ່າ ${inv.number} ເດືອນ 10/2026, ຍອດທີ່ຕ້ອງຈ່າຍ 100,000 ₭, ກະລຸນາຈ່າຍພາຍໃນວັນທີ 10/11/2026. ເບິ່ງໃບແຈ້ງໜີ້ ແລະ ຈ່າຍດ້ວຍ Lao QR: ${link}`,
    });

    // Over HTTP to the Cloud API: the approved template, its six values in order.
    await s.fake.waitFor(() => templatesTo(shop.whatsapp ?? '').length === 1);
    expect(templatesTo(shop.whatsapp ?? '')[0]?.body.template).toEqual({
      name: 'ph_rent_invoice',
      language: { code: 'lo' },
      components: [
        {
          type: 'body',
          parameters: ['ຕະຫຼາດເຊົ້າ', inv.number, '10/2026', '100,000 ₭', '10/11/2026', link].map((text) => ({
            type: 'text',
            text,
          })),
        },
      ],
    });
    const events = await s.t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, inv.id), eq(auditEvents.action, 'invoice.send')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorRole: 'SUPER-ADMIN',
      entity: 'invoice',
      shopId: shop.id,
      after: { number: inv.number, resend: false, sendCount: 1, messageId: message?.id, amountDue: 100_000 },
    });

    // Send again: already sent, nothing queued; resend: a second message, counted.
    const twice = await send(s.admin, { invoiceIds: [inv.id] });
    expect(twice.body.data).toEqual({
      queued: 0,
      skipped: [{ invoiceId: inv.id, number: inv.number, reason: 'already_sent' }],
    });
    expect(await messagesOf(inv.id)).toHaveLength(1);
    const again = await resend(s.admin, { invoiceId: inv.id });
    expect(again.body.data).toEqual({ queued: 1, skipped: [] });
    const resent = await invoiceRow(inv.id);
    expect(resent.sendCount).toBe(2);
    expect(resent.lastMessageId).not.toBe(message?.id);
    await s.fake.waitFor(() => templatesTo(shop.whatsapp ?? '').length === 2);
  });

  it('skips a void invoice and a shop without WhatsApp, each with its reason; a month sends its unpaid, unsent ones', async () => {
    const withPhone = await shopWithPhone();
    const noPhone = await insertShop(s.t.db, { whatsapp: null });
    const month = '2026-07-01';
    const voided = await invoice(withPhone.id, { status: 'VOID', month });
    const unreachable = await invoice(noPhone.id, { month });
    const unpaid = await invoice(withPhone.id, { month: '2026-06-01' });
    const res = await send(s.admin, { invoiceIds: [voided.id, unreachable.id, unpaid.id] });
    expect(res.body.data?.queued).toBe(1);
    expect(res.body.data?.skipped).toEqual(
      expect.arrayContaining([
        { invoiceId: voided.id, number: voided.number, reason: 'void' },
        { invoiceId: unreachable.id, number: unreachable.number, reason: 'no_whatsapp' },
      ]),
    );
    expect(res.body.data?.skipped).toHaveLength(2);
    expect((await invoiceRow(voided.id)).sendCount).toBe(0);
    expect((await invoiceRow(unreachable.id)).sentAt).toBeNull();
    expect(await messagesOf(voided.id)).toEqual([]);

    // A whole month: UNPAID and PARTLY_PAID not sent yet; a PAID or VOID one is not picked.
    const m = '2026-03-01';
    const a = await invoice((await shopWithPhone()).id, { month: m });
    const b = await invoice((await shopWithPhone()).id, { month: m, status: 'PARTLY_PAID', paid: 1 });
    const paid = await invoice((await shopWithPhone()).id, { month: m, status: 'PAID', paid: 150_000 });
    const monthly = await send(s.admin, { month: '2026-03' });
    expect(monthly.body.data).toEqual({ queued: 2, skipped: [] });
    expect((await invoiceRow(paid.id)).sendCount).toBe(0);
    // Chosen by id, a fully paid invoice is not sent either: there is nothing to ask for.
    expect((await resend(s.admin, { invoiceId: paid.id })).body.data).toEqual({
      queued: 0,
      skipped: [{ invoiceId: paid.id, number: paid.number, reason: 'paid' }],
    });
    expect(await send(s.admin, { month: '2026-03' })).toMatchObject({ body: { data: { queued: 0 } } });
    const all = await resend(s.admin, { month: '2026-03' });
    expect(all.body.data?.queued).toBe(2);
    expect([(await invoiceRow(a.id)).sendCount, (await invoiceRow(b.id)).sendCount]).toEqual([2, 2]);

    // Bad input: nothing chosen, a bad id, a bad month.
    expectError(await send(s.admin, {}), 400, { invoiceId: 'ກະລຸນາເລືອກໃບແຈ້ງໜີ້ ຫຼື ເດືອນ' });
    expect((await send(s.admin, { invoiceId: 'nope' })).statusCode).toBe(400);
    expect((await send(s.admin, { month: '2026-13' })).statusCode).toBe(400);
  });

  it('lets an agent send their own shops’ invoices only; another’s answers 404 and writes nothing; managers and shops 403', async () => {
    const agent = await signedIn(s.t, 'AGENT');
    const mine = await invoice((await shopWithPhone({ agentId: agent.id })).id, { month: '2026-05-01' });
    const otherShop = await shopWithPhone();
    const theirs = await invoice(otherShop.id, { month: '2026-05-01' });
    expect((await send(agent.token, { invoiceId: mine.id })).body.data).toEqual({ queued: 1, skipped: [] });
    expectError(await send(agent.token, { invoiceId: theirs.id }), 404, 'ບໍ່ພົບໃບແຈ້ງໜີ້ນີ້');
    expectError(await resend(agent.token, { invoiceIds: [mine.id, theirs.id] }), 404, 'ບໍ່ພົບໃບແຈ້ງໜີ້ນີ້');
    expect([(await invoiceRow(mine.id)).sendCount, (await invoiceRow(theirs.id)).sendCount]).toEqual([1, 0]);
    // The month for an agent: their shops' invoices only.
    const month = await resend(agent.token, { month: '2026-05' });
    expect(month.body.data?.queued).toBe(1);
    expect((await invoiceRow(theirs.id)).sendCount).toBe(0);
    for (const role of ['MANAGER', 'SHOP'] as const) {
      const user = await signedIn(s.t, role, { shopId: otherShop.id });
      expectError(await send(user.token, { invoiceId: theirs.id }), 403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ');
      expectError(await resend(user.token, { invoiceId: theirs.id }), 403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ');
    }
    expectError(await send('', { invoiceId: theirs.id }), 401, 'ກະລຸນາເຂົ້າສູ່ລະບົບ');
    expect(await messagesOf(theirs.id)).toEqual([]);
  });

  it('follows the message: the signed status webhooks move the invoice’s last message to DELIVERED, then READ', async () => {
    const shop = await shopWithPhone();
    const inv = await invoice(shop.id, { month: '2026-04-01' });
    await send(s.admin, { invoiceId: inv.id });
    const messageId = (await invoiceRow(inv.id)).lastMessageId ?? '';
    const delivered = await waitForRow(s.t.db, messageId, (r) => r.status === 'DELIVERED');
    const request = templatesTo(shop.whatsapp ?? '')[0];
    expect(delivered.providerMessageId).toBe(request?.wamid);
    const answered = await s.fake.postStatus({
      wamid: request?.wamid ?? '',
      status: 'read',
      recipient: (shop.whatsapp ?? '').slice(1),
    });
    expect(answered).toBe(200);
    const read = await waitForRow(s.t.db, messageId, (r) => r.status === 'READ');
    expect(read.id).toBe((await invoiceRow(inv.id)).lastMessageId);
  });

  it('sends an invoice once when two sends of it come at the same time', async () => {
    const inv = await invoice((await shopWithPhone()).id, { month: '2026-01-01' });
    const answers = await Promise.all([1, 2, 3].map(() => send(s.admin, { invoiceId: inv.id })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.reduce((n, a) => n + (a.body.data?.queued ?? 0), 0)).toBe(1);
    expect(answers.flatMap((a) => a.body.data?.skipped.map((x) => x.reason) ?? [])).toEqual([
      'already_sent',
      'already_sent',
    ]);
    expect(await messagesOf(inv.id)).toHaveLength(1);
    expect((await invoiceRow(inv.id)).sendCount).toBe(1);
  });

  it('puts several invoices of one call in one go, each with its own message', async () => {
    const shops = await Promise.all([1, 2, 3].map(() => shopWithPhone()));
    const invoices = await Promise.all(shops.map((shop) => invoice(shop.id, { month: '2026-02-01' })));
    const res = await send(s.admin, { invoiceIds: invoices.map((i) => i.id) });
    expect(res.body.data).toEqual({ queued: 3, skipped: [] });
    const rows = await s.t.db
      .select({ id: rentInvoices.id, last: rentInvoices.lastMessageId })
      .from(rentInvoices)
      .where(
        inArray(
          rentInvoices.id,
          invoices.map((i) => i.id),
        ),
      );
    expect(new Set(rows.map((r) => r.last)).size).toBe(3);
  });
});

describe('the public invoice', () => {
  const receiver = {
    iin: '27710418',
    receiverId: 'PHUB0001',
    merchantName: 'PARKING HUB',
    merchantCity: 'VIENTIANE',
    mcc: '7523',
  };
  const get = (token: string, ip = '10.9.0.1') =>
    call<PublicInvoice>(s.t.app, 'GET', `/parking-hub-api/v1/public/invoice/${token}`, { ip });

  it('shows the invoice with the company and a Lao QR for the amount due, without ids or sign-in', async () => {
    await s.t.db
      .insert(companyProfile)
      .values({
        id: 1,
        companyName: 'ບໍລິສັດ ພາກກິ້ງຮັບ',
        branch: 'ສຳນັກງານໃຫຍ່',
        email: 'info@ph.la',
        qrReceiver: receiver,
      })
      .onConflictDoUpdate({
        target: companyProfile.id,
        set: { qrReceiver: receiver, companyName: 'ບໍລິສັດ ພາກກິ້ງຮັບ' },
      });
    const shop = await shopWithPhone({ name: 'ຮ້ານ ສີຫອມ', address: 'ບ້ານ ສີຫອມ', phone: '021555123' });
    const agent = await signedIn(s.t, 'AGENT');
    const inv = await invoice(shop.id, { status: 'PARTLY_PAID', paid: 30_000, agentId: agent.id });
    const res = await get(inv.publicToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body.data as PublicInvoice;
    expect(data).toMatchObject({
      number: inv.number,
      month: '2026-10',
      status: 'PARTLY_PAID',
      shop: { name: 'ຮ້ານ ສີຫອມ', code: shop.code, address: 'ບ້ານ ສີຫອມ', phone: '021555123' },
      subtotal: 170_000,
      discount: 20_000,
      total: 150_000,
      paid: 30_000,
      due: 120_000,
      dueDate: '2026-11-10',
      issuedAt: inv.createdAt.toISOString(),
      company: { name: 'ບໍລິສັດ ພາກກິ້ງຮັບ', email: 'info@ph.la' },
    });
    expect(data.lines.map((l) => [l.position, l.kind, l.quantity, l.unitPrice, l.amount])).toEqual([
      [1, 'PACKAGE', 1, 150_000, 150_000],
      [2, 'EXTRA_TICKETS', 400, 50, 20_000],
      [3, 'PROMOTION', 1, -20_000, -20_000],
    ]);
    // The QR: dynamic, the amount due, our invoice number as the bill number, a valid CRC.
    const qr = parseEmvco(data.qr?.payload ?? '');
    expect(qr.crcValid).toBe(true);
    expect(qr.fields).toMatchObject({ '01': '12', '54': '120000', '53': '418', '59': 'PARKING HUB' });
    expect(data.qr?.payload).toContain(`01${String(inv.number.length).padStart(2, '0')}${inv.number}`);
    expect(data.qr?.image).toMatch(/^data:image\/png;base64,/);
    // Nothing internal: no invoice, shop, agent or line id anywhere in the answer.
    const text = JSON.stringify(res.body);
    for (const id of [inv.id, shop.id, agent.id]) expect(text).not.toContain(id);
    expect(text).not.toMatch(/"(id|shopId|agentId|refId|invoiceId)"/);
  });

  it('has no QR when nothing is due, the invoice is void or the company has no receiver', async () => {
    const shop = await shopWithPhone();
    const paid = await invoice(shop.id, { status: 'PAID', paid: 150_000, month: '2026-09-01' });
    const voided = await invoice(shop.id, { status: 'VOID', month: '2026-09-01' });
    const open = await invoice(shop.id, { month: '2026-08-01' });
    expect((await get(paid.publicToken, '10.9.1.1')).body.data).toMatchObject({ due: 0, qr: null });
    expect((await get(voided.publicToken, '10.9.1.1')).body.data).toMatchObject({
      status: 'VOID',
      due: 0,
      qr: null,
    });
    await s.t.db.update(companyProfile).set({ qrReceiver: null });
    expect((await get(open.publicToken, '10.9.1.1')).body.data).toMatchObject({ due: 150_000, qr: null });
    await s.t.db.update(companyProfile).set({ qrReceiver: receiver });
  });

  it('answers 404 in Lao for an unknown token or one of the wrong shape, and limits guessing per IP', async () => {
    const unknown = randomBytes(24).toString('base64url');
    expectError(await get(unknown, '10.9.2.1'), 404, 'ບໍ່ພົບໃບແຈ້ງໜີ້ນີ້');
    expectError(await get('short', '10.9.2.1'), 404, 'ບໍ່ພົບໃບແຈ້ງໜີ້ນີ້');
    expectError(await get(`${unknown}x`, '10.9.2.1'), 404, 'ບໍ່ພົບໃບແຈ້ງໜີ້ນີ້');
    const english = await call(s.t.app, 'GET', `/parking-hub-api/v1/public/invoice/${unknown}`, {
      ip: '10.9.2.2',
      headers: { 'accept-language': 'en' },
    });
    expect(english.statusCode).toBe(404);
    // PUBLIC_RATE_PER_MINUTE is 8 here: the 9th call of a minute from one IP is refused, another IP is not.
    const ip = '10.9.3.1';
    for (let i = 0; i < 8; i++) expect((await get(unknown, ip)).statusCode).toBe(404);
    const limited = await get(unknown, ip);
    expect([limited.statusCode, limited.body.status]).toEqual([429, 'error']);
    expect(limited.body.message).toMatch(/ນາທີ/);
    expect((await get(unknown, '10.9.3.2')).statusCode).toBe(404);
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to this server on localhost and refuses a trailing slash or a non-web address', () => {
    expect(loadConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(loadConfig({ PUBLIC_URL: 'https://parkinghub.la' }).publicUrl).toBe('https://parkinghub.la');
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:8080');
    expect(() => loadConfig({ PUBLIC_URL: 'https://parkinghub.la/' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://parkinghub.la' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'parkinghub.la' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://parkinghub.la' }).publicUrlSet).toBe(true);
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrlSet).toBe(false);
  });

  it('warns at startup when unset on a server others use (a non-loopback host or production), and refuses sending in production', () => {
    const cfg = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', ...env });
    // A developer's own machine: nothing to say, and sending goes (to localhost links).
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1']) {
      expect(publicUrlWarning(cfg({ HOST: host }))).toBeNull();
      expect(publicUrlMissing(cfg({ HOST: host }))).toBe(false);
    }
    // Set: never a warning, never refused, wherever it listens.
    const set = { PUBLIC_URL: 'https://parkinghub.la', HOST: '0.0.0.0' };
    expect(publicUrlWarning(cfg(set))).toBeNull();
    expect(publicUrlWarning(loadConfig({ ...set, NODE_ENV: 'production' }))).toBeNull();
    expect(publicUrlMissing(loadConfig({ ...set, NODE_ENV: 'production' }))).toBe(false);
    // Listening beyond this machine: the links would be localhost ones.
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'parkinghub.la']) {
      expect(publicUrlWarning(cfg({ HOST: host, PORT: '9090' }))).toBe(
        'PUBLIC_URL is not set: invoice links in WhatsApp messages point to http://localhost:9090, which shops cannot open. Set PUBLIC_URL to the address people open this server at (e.g. https://parkinghub.la).',
      );
      expect(publicUrlMissing(cfg({ HOST: host }))).toBe(false);
    }
    // Production (NODE_ENV's default) on loopback (npm start, or behind a proxy): warned, still sent.
    for (const env of [{ NODE_ENV: 'production' }, {}]) {
      const production = loadConfig(env);
      expect(publicUrlMissing(production)).toBe(false);
      expect(publicUrlWarning(production)).toBe(
        'PUBLIC_URL is not set: invoice links in WhatsApp messages point to http://localhost:8080, which shops cannot open. Set PUBLIC_URL to the address people open this server at (e.g. https://parkinghub.la).',
      );
    }
    // Production listening beyond this machine: warned, and sending refused.
    for (const host of ['0.0.0.0', '::', '192.168.1.20']) {
      const production = loadConfig({ NODE_ENV: 'production', HOST: host });
      expect(publicUrlMissing(production)).toBe(true);
      expect(publicUrlWarning(production)).toBe(
        'PUBLIC_URL is not set: sending rent invoices is refused until it is set. Set PUBLIC_URL to the address people open this server at (e.g. https://parkinghub.la).',
      );
    }
    expect(publicUrlMissing(loadConfig({ NODE_ENV: 'test' }))).toBe(false);
  });

  it('in production without PUBLIC_URL, send and resend answer 409 in Lao and send nothing', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    try {
      expect([prod.config.env, prod.config.publicUrlSet]).toEqual(['production', false]);
      const shop = await insertShop(prod.db, { whatsapp: nextPhone() });
      const inv = await invoice(shop.id, { db: prod.db });
      const { token } = await signedIn(prod, 'ADMIN');
      for (const url of ['sent/manual-summary', 'resent-manual-summary-rent']) {
        for (const body of [{ invoiceId: inv.id }, { month: '2026-10' }]) {
          expectError(
            await call(prod.app, 'POST', url, { token, body }),
            409,
            'ຍັງບໍ່ໄດ້ສົ່ງ: ເຊີບເວີຍັງບໍ່ໄດ້ຕັ້ງຄ່າ PUBLIC_URL (ທີ່ຢູ່ຂອງລະບົບທີ່ຮ້ານເປີດໄດ້), ລິ້ງໃບແຈ້ງໜີ້ຈະເປີດບໍ່ໄດ້. ກະລຸນາຕິດຕໍ່ຜູ້ດູແລລະບົບ',
          );
        }
      }
      const english = await call(prod.app, 'POST', 'sent/manual-summary', {
        token,
        body: { invoiceId: inv.id },
        headers: { 'accept-language': 'en' },
      });
      expect([english.statusCode, english.body.message]).toEqual([
        409,
        'Not sent: PUBLIC_URL is not set on the server, so the invoice link would point to localhost and open nothing for the shop. Ask the system administrator to set it',
      ]);
      expect(await prod.db.select().from(outboxMessages)).toEqual([]);
      const [row] = await prod.db.select().from(rentInvoices).where(eq(rentInvoices.id, inv.id));
      expect([row?.sentAt, row?.sendCount, row?.lastMessageId]).toEqual([null, 0, null]);
      expect(await prod.db.select().from(auditEvents).where(eq(auditEvents.action, 'invoice.send'))).toEqual(
        [],
      );
    } finally {
      await prod.close();
    }
  });
});
