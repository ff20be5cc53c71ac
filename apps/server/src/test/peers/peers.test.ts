// The test peers themselves: the fake WhatsApp Cloud API answers and calls back the way Meta
// documents it, and the SMTP sink keeps decoded mail. Other tests trust both.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Failure, FakeWhatsApp } from './fake-whatsapp.ts';
import { SmtpSink } from './smtp-sink.ts';

interface Hit {
  raw: string;
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: webhook JSON, checked field by field
  json: any;
}

/** A webhook endpoint: records every POST and answers the queued statuses, then 200. */
async function startReceiver(answers: number[] = []) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      hits.push({ raw, headers: req.headers, json: JSON.parse(raw) });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { url, hits, close };
}

async function until(check: () => boolean, timeoutMs = 5_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

// biome-ignore lint/suspicious/noExplicitAny: Graph JSON, checked field by field
const json = (res: Response): Promise<any> => res.json();

const hmac = (raw: string) => `sha256=${createHmac('sha256', 'test-app-secret').update(raw).digest('hex')}`;

describe('FakeWhatsApp', () => {
  let wa: FakeWhatsApp;
  const send = (body: unknown, token = wa.token) =>
    fetch(`${wa.url}/${wa.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const text = (to: string, body: string, ref?: string) => ({
    messaging_product: 'whatsapp',
    to,
    type: 'text',
    text: { body },
    ...(ref ? { biz_opaque_callback_data: ref } : {}),
  });

  beforeAll(async () => {
    wa = await FakeWhatsApp.start();
  });
  beforeEach(() => wa.reset());
  afterAll(() => wa.close());

  it('accepts a message with the right token and records its wamid and client reference', async () => {
    const res = await send(text('+8562055551234', 'ສະບາຍດີ', 'outbox-1'));
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      contacts: [{ input: '+8562055551234', wa_id: '8562055551234' }],
      messages: [{ id: expect.stringMatching(/^wamid\.[A-Za-z0-9+/=]+$/) }],
    });
    expect(wa.accepted()).toHaveLength(1);
    expect(wa.requests[0]).toMatchObject({
      to: '+8562055551234',
      type: 'text',
      clientRef: 'outbox-1',
      wamid: body.messages[0].id,
      answered: 200,
      authorization: 'Bearer test-wa-token',
    });
  });

  it('accepts a template and gives every message its own wamid', async () => {
    const template = { name: 'bill_receipt', language: { code: 'lo' }, components: [] };
    const a = await send({ messaging_product: 'whatsapp', to: '8562055550001', type: 'template', template });
    const b = await send(text('8562055550001', 'again'));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(new Set(wa.accepted().map((r) => r.wamid)).size).toBe(2);
  });

  it('refuses a wrong or missing token with 401 and Graph code 190', async () => {
    for (const res of [
      await send(text('8562055550001', 'hi'), 'wrong'),
      await fetch(`${wa.url}/${wa.phoneNumberId}/messages`, { method: 'POST', body: '{}' }),
    ]) {
      expect(res.status).toBe(401);
      const { error } = await json(res);
      expect(error).toMatchObject({
        code: 190,
        type: 'OAuthException',
        error_data: { messaging_product: 'whatsapp' },
      });
      expect(error.fbtrace_id).toEqual(expect.any(String));
    }
    expect(wa.requests.map((r) => r.answered)).toEqual([401, 401]);
    expect(wa.accepted()).toEqual([]);
  });

  it('validates the message like the real API', async () => {
    const cases: Array<[unknown, number]> = [
      [text('8562055550001', 'x'.repeat(4097)), 100],
      [text('8562055550001', ''), 100],
      [{ ...text('8562055550001', 'hi'), messaging_product: 'sms' }, 100],
      [text('not-a-number', 'hi'), 131009],
      [
        { messaging_product: 'whatsapp', to: '8562055550001', type: 'template', template: { name: 't' } },
        100,
      ],
      [{ messaging_product: 'whatsapp', to: '8562055550001', type: 'sticker' }, 100],
    ];
    for (const [body, code] of cases) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe(code);
    }
    expect((await send(text('8562055550001', 'x'.repeat(4096)))).status).toBe(200);
  });

  it('answers each injected failure with its HTTP status and Graph code, then accepts again', async () => {
    const table: Array<[Failure, number, number]> = [
      [{ kind: 'rate-limit' }, 429, 130429],
      [{ kind: 'pair-rate-limit' }, 400, 131056],
      [{ kind: 'server-error' }, 500, 131000],
      [{ kind: 'invalid-token' }, 401, 190],
      [{ kind: 'undeliverable' }, 400, 131026],
      [{ kind: 'reengagement' }, 400, 131047],
    ];
    for (const [failure, status, code] of table) {
      wa.failNext(2, failure);
      for (let i = 0; i < 2; i++) {
        const res = await send(text('8562055550001', 'hi'));
        expect(res.status).toBe(status);
        const { error } = await json(res);
        expect(error.code).toBe(code);
        expect(error.message).toContain(code === 190 ? 'access token' : `(#${code})`);
      }
    }
    wa.failNext(1, { kind: 'drop' });
    await expect(send(text('8562055550001', 'hi'))).rejects.toThrow();
    expect((await send(text('8562055550001', 'hi'))).status).toBe(200);
    expect(wa.requests).toHaveLength(14);
    expect(wa.requests.at(-2)?.answered).toBe(0);
  });

  it('fails every message to one recipient until cleared', async () => {
    wa.failRecipient('+8562055559999', { kind: 'undeliverable' });
    expect((await send(text('8562055559999', 'a'))).status).toBe(400);
    expect((await send(text('8562055550001', 'b'))).status).toBe(200);
    wa.failRecipient('8562055559999', null);
    expect((await send(text('8562055559999', 'c'))).status).toBe(200);
  });

  it('holds the answer while the onRequest hook runs', async () => {
    let release = () => {};
    wa.onRequest(() => new Promise<void>((resolve) => (release = resolve)));
    let answered = false;
    const pending = send(text('8562055550001', 'hold')).then((res) => {
      answered = true;
      return res;
    });
    await wa.waitFor((r) => r.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    expect(wa.requests[0]?.answered).toBe(200);
    release();
    expect((await pending).status).toBe(200);
  });

  it('posts each status as its own signed webhook, echoing biz_opaque_callback_data', async () => {
    const receiver = await startReceiver();
    try {
      wa.setWebhook(receiver.url);
      wa.setStatuses(['sent', 'delivered', 'read']);
      const res = await send(text('+8562055551234', 'ສະບາຍດີ', 'outbox-42'));
      const wamid = (await json(res)).messages[0].id;
      await until(() => receiver.hits.length === 3);
      for (const hit of receiver.hits) {
        expect(hit.headers['x-hub-signature-256']).toBe(hmac(hit.raw));
        expect(hit.headers['content-type']).toBe('application/json');
        expect(hit.json.object).toBe('whatsapp_business_account');
        const change = hit.json.entry[0].changes[0];
        expect(change.field).toBe('messages');
        expect(change.value.metadata.phone_number_id).toBe(wa.phoneNumberId);
      }
      const statuses = receiver.hits.map((h) => h.json.entry[0].changes[0].value.statuses[0]);
      expect(statuses.map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
      for (const s of statuses) {
        expect(s).toMatchObject({
          id: wamid,
          recipient_id: '8562055551234',
          biz_opaque_callback_data: 'outbox-42',
        });
        expect(s.timestamp).toMatch(/^\d{10}$/);
      }
    } finally {
      await receiver.close();
    }
  });

  it('retries a webhook until the receiver answers 200', async () => {
    const receiver = await startReceiver([500, 503]);
    try {
      wa.setWebhook(receiver.url);
      wa.setStatuses(['sent', 'delivered']);
      await send(text('8562055550001', 'retry'));
      await until(() => receiver.hits.length === 4);
      const statuses = receiver.hits.map((h) => h.json.entry[0].changes[0].value.statuses[0].status);
      expect(statuses).toEqual(['sent', 'sent', 'sent', 'delivered']);
      expect(receiver.hits[0]?.raw).toBe(receiver.hits[2]?.raw);
    } finally {
      await receiver.close();
    }
  });

  it('posts single statuses and inbound messages on demand, with a chosen signature', async () => {
    const receiver = await startReceiver([200, 200, 401]);
    try {
      wa.setWebhook(receiver.url);
      const failed = { wamid: 'wamid.X', status: 'failed' as const, recipient: '856 20 5555 1234' };
      expect(
        await wa.postStatus({ ...failed, errors: [{ code: 131026, title: 'Message undeliverable' }] }),
      ).toBe(200);
      expect(await wa.postInbound('8562055551234', 'ຂອບໃຈ')).toBe(200);
      expect(await wa.postStatus({ ...failed, status: 'read' }, { signature: 'sha256=bad' })).toBe(401);
      const [status, inbound, bad] = receiver.hits;
      expect(status?.json.entry[0].changes[0].value.statuses[0]).toMatchObject({
        recipient_id: '8562055551234',
        errors: [{ code: 131026, title: 'Message undeliverable' }],
      });
      const value = inbound?.json.entry[0].changes[0].value;
      expect(value.contacts[0].wa_id).toBe('8562055551234');
      expect(value.messages[0]).toMatchObject({
        from: '8562055551234',
        type: 'text',
        text: { body: 'ຂອບໃຈ' },
      });
      // Meta escapes non-ASCII: the signature is over those exact bytes.
      expect(inbound?.raw).toContain('\\u0e82');
      expect(inbound?.headers['x-hub-signature-256']).toBe(hmac(inbound?.raw ?? ''));
      expect(bad?.headers['x-hub-signature-256']).toBe('sha256=bad');
    } finally {
      await receiver.close();
    }
  });

  it('with requireWindow, refuses free-form text until the customer writes', async () => {
    const receiver = await startReceiver();
    const strict = await FakeWhatsApp.start({ requireWindow: true, webhookUrl: receiver.url, statuses: [] });
    const post = (body: unknown) =>
      fetch(`${strict.url}/${strict.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${strict.token}` },
        body: JSON.stringify(body),
      });
    try {
      const closed = await post(text('8562055551234', 'hi'));
      expect([closed.status, (await json(closed)).error.code]).toEqual([400, 131047]);
      const template = { name: 'bill_receipt', language: { code: 'lo' } };
      const tpl = { messaging_product: 'whatsapp', to: '8562055551234', type: 'template', template };
      expect((await post(tpl)).status).toBe(200);
      expect(await strict.postInbound('8562055551234', 'ສະບາຍດີ')).toBe(200);
      expect((await post(text('8562055551234', 'hi'))).status).toBe(200);
    } finally {
      await strict.close();
      await receiver.close();
    }
  });

  it('answers the phone number info call', async () => {
    const get = (id: string, token = wa.token) =>
      fetch(`${wa.url}/${id}?fields=verified_name,quality_rating`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const ok = await get(wa.phoneNumberId);
    expect(ok.status).toBe(200);
    expect(await json(ok)).toEqual({
      verified_name: 'Parking Hub Test',
      display_phone_number: '+856 20 5555 0000',
      quality_rating: 'GREEN',
      id: '1234567890',
    });
    const wrongToken = await get(wa.phoneNumberId, 'nope');
    expect([wrongToken.status, (await json(wrongToken)).error.code]).toEqual([401, 190]);
    const unknown = await get('999');
    expect([unknown.status, (await json(unknown)).error.code]).toEqual([400, 100]);
  });

  it('serves the inspection calls for other processes', async () => {
    const base = wa.url.replace(/\/v[\d.]+$/, '');
    const failNext = await fetch(`${base}/_fake/fail-next`, {
      method: 'POST',
      body: JSON.stringify({ count: 1, failure: { kind: 'rate-limit' } }),
    });
    expect(failNext.status).toBe(200);
    expect((await send(text('8562055550001', 'a'))).status).toBe(429);
    const requests = await json(await fetch(`${base}/_fake/requests`));
    expect(requests).toEqual([expect.objectContaining({ to: '8562055550001', answered: 429 })]);
    await fetch(`${base}/_fake/reset`, { method: 'POST' });
    expect(wa.requests).toEqual([]);
  });
});

describe('SmtpSink', () => {
  let sink: SmtpSink;
  let transport: Transporter;
  const mail = (subject: string, text: string) =>
    transport.sendMail({
      from: 'Parking Hub <no-reply@parkinghub.la>',
      to: 'owner@example.la',
      subject,
      text,
    });

  beforeAll(async () => {
    sink = await SmtpSink.start();
    transport = nodemailer.createTransport(sink.url);
  });
  afterEach(() => sink.reset());
  afterAll(async () => {
    transport.close();
    await sink.close();
  });

  it('receives a mail and decodes its UTF-8 Lao subject and body', async () => {
    const subject = 'ລະຫັດຜ່ານໃໝ່ຂອງທ່ານ';
    const body = `ສະບາຍດີ, ກົດລິ້ງນີ້ເພື່ອຕັ້ງລະຫັດຜ່ານໃໝ່.\n${'ຂ'.repeat(200)}`;
    const info = await transport.sendMail({
      from: 'Parking Hub <no-reply@parkinghub.la>',
      to: ['owner@example.la', 'Staff <staff@example.la>'],
      subject,
      text: body,
      html: `<p>${subject}</p>`,
    });
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0]).toMatchObject({
      from: 'no-reply@parkinghub.la',
      to: ['owner@example.la', 'staff@example.la'],
      subject,
      html: `<p>${subject}</p>`,
      messageId: info.messageId,
    });
    expect(sink.mails[0]?.text.trim()).toBe(body);
    expect(sink.mails[0]?.headers.subject).toBe(subject);
    expect(sink.mails[0]?.headers.from).toContain('no-reply@parkinghub.la');
  });

  it('refuses the next messages with the given SMTP replies, then accepts again', async () => {
    sink.failNext(1, 451, 'Try again later');
    sink.failNext(1, 550, 'Mailbox unavailable');
    await expect(mail('one', 'x')).rejects.toMatchObject({ responseCode: 451 });
    await expect(mail('two', 'x')).rejects.toMatchObject({ responseCode: 550 });
    await mail('three', 'x');
    expect(sink.mails.map((m) => m.subject)).toEqual(['three']);
  });

  it('waits for an existing or a future mail, and times out otherwise', async () => {
    await mail('first', 'x');
    expect((await sink.waitFor((m) => m.subject === 'first')).subject).toBe('first');
    const future = sink.waitFor((m) => m.subject === 'later', 5_000);
    setTimeout(() => void mail('later', 'y'), 50);
    expect((await future).text.trim()).toBe('y');
    await expect(sink.waitFor((m) => m.subject === 'never', 100)).rejects.toThrow(/nothing matched/);
  });
});
