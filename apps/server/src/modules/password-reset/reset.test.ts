import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { passwordResets } from '../../db/schema/password-resets.ts';
import { users } from '../../db/schema/users.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertUser,
  loginAs,
  TEST_PASSWORD,
  unique,
} from '../../test/harness.ts';
import { type MessagingScene, messagingScene, waitForRow } from '../outbox/outbox.test-support.ts';

interface Found {
  requestId: string;
  destinations: Array<{ channel: string; masked: string }>;
  expiresInSeconds: number;
}

describe('forgotten password', () => {
  let s: MessagingScene;
  beforeAll(async () => {
    s = await messagingScene();
  });
  afterAll(() => s.close());
  beforeEach(() => s.sink.reset());

  const find = (identifier: string) =>
    call<Found>(s.t.app, 'POST', 'find-my-account', { body: { identifier } });
  const byEmail = (requestId: string) =>
    call(s.t.app, 'POST', 'auth/email-send-pin', { body: { requestId } });
  const byWhatsapp = (requestId: string) => call(s.t.app, 'POST', 'sent-code', { body: { requestId } });
  const verify = (requestId: string, code: string) =>
    call<{ resetToken: string }>(s.t.app, 'POST', 'verify-code', { body: { requestId, code } });
  const reset = (resetToken: string, password: string, confirmation = password) =>
    call(s.t.app, 'POST', 'user/reset-password', {
      body: { resetToken, password, password_confirmation: confirmation },
    });
  const person = (values: { email?: string | null; whatsapp?: string | null } = {}) =>
    insertUser(s.t.db, 'AGENT', {
      email: values.email === undefined ? `${unique('u')}@example.la` : values.email,
      whatsapp: values.whatsapp ?? null,
    });
  const codeFromMail = async (to: string) => {
    const mail = await s.sink.waitFor((m) => m.to.includes(to));
    return /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
  };

  it('goes from the user name to a new password by e-mail, signing the user out everywhere', async () => {
    const email = `${unique('somchai')}@example.la`;
    const user = await person({ email });
    const before = await loginAs(s.t.app, user.username);

    const found = await find(user.username);
    expect(found.statusCode).toBe(200);
    expect(found.body.data?.destinations).toEqual([{ channel: 'EMAIL', masked: `${email[0]}•••@e•••.la` }]);
    const { requestId } = found.body.data as Found;

    const sent = await byEmail(requestId);
    expect(sent.body).toMatchObject({
      status: 'success',
      message: 'ສົ່ງລະຫັດຢືນຢັນແລ້ວ',
      data: { channel: 'EMAIL', expiresInSeconds: 600, resendInSeconds: 60 },
    });
    const code = await codeFromMail(email);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await verify(requestId, code);
    expect(verified.statusCode).toBe(200);
    // Single use: the same code again is refused.
    expectError(await verify(requestId, code), 400, { code: 'ລະຫັດຢືນຢັນໝົດອາຍຸແລ້ວ, ກະລຸນາຂໍລະຫັດໃໝ່' });

    const token = verified.body.data?.resetToken ?? '';
    expectError(await reset(token, 'short'), 400, { password: 'ລະຫັດຜ່ານຕ້ອງມີຢ່າງໜ້ອຍ 8 ຕົວອັກສອນ' });
    expectError(await reset(token, 'brand-new-pass-1', 'other-pass-22'), 400, {
      password_confirmation: 'ລະຫັດຜ່ານບໍ່ກົງກັນ',
    });
    const done = await reset(token, 'brand-new-pass-1');
    expect(done.body).toEqual({ status: 'success', message: 'ຕັ້ງລະຫັດຜ່ານໃໝ່ສຳເລັດ, ກະລຸນາເຂົ້າສູ່ລະບົບ' });
    // The token is spent, the old session is gone, the old password fails, the new one works.
    expectError(await reset(token, 'another-pass-1'), 400, {
      resetToken: 'ໝົດເວລາຕັ້ງລະຫັດຜ່ານໃໝ່ແລ້ວ, ກະລຸນາເລີ່ມໃໝ່',
    });
    expect((await call(s.t.app, 'POST', 'me', { token: before.token, body: {} })).statusCode).toBe(401);
    expect(
      (await call(s.t.app, 'POST', 'login', { body: { username: user.username, password: TEST_PASSWORD } }))
        .statusCode,
    ).toBe(401);
    await loginAs(s.t.app, user.username, 'brand-new-pass-1');

    // A notice where the code went, and every step in the audit trail.
    const notice = await s.sink.waitFor((m) => m.to.includes(email) && m.subject === 'ລະຫັດຜ່ານຂອງທ່ານຖືກປ່ຽນແລ້ວ');
    expect(notice.text).toContain(user.username);
    const actions = (await auditEventsOf(s.t.db, user.id)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'password_reset.request',
        'password_reset.code_sent',
        'password_reset.verified',
        'password_reset.completed',
      ]),
    );
  });

  it('sends the code by WhatsApp as the authentication template, found by the number', async () => {
    const user = await person({ email: null, whatsapp: '+8562055550808' });
    const found = await find('020 5555 0808');
    expect(found.body.data?.destinations).toEqual([{ channel: 'WHATSAPP', masked: '•••• 0808' }]);
    const requestId = found.body.data?.requestId ?? '';
    expectError(await byEmail(requestId), 400, 'ບໍ່ສາມາດສົ່ງລະຫັດທາງນີ້ໄດ້, ກະລຸນາເລືອກຊ່ອງທາງອື່ນ');
    expect((await byWhatsapp(requestId)).statusCode).toBe(200);
    await s.fake.waitFor((reqs) => reqs.some((r) => r.to === '8562055550808' && r.answered === 200));
    const sent = s.fake.accepted().find((r) => r.to === '8562055550808');
    expect(sent?.body.template.name).toBe('ph_password_code');
    const code = sent?.body.template.components[0].parameters[0].text as string;
    expect(sent?.body.template.components[1]).toEqual({
      type: 'button',
      sub_type: 'url',
      index: '0',
      parameters: [{ type: 'text', text: code }],
    });
    expect((await verify(requestId, code)).statusCode).toBe(200);
    // The code is not kept in the outbox once it is out.
    const [row] = await s.t.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user.id));
    expect(await waitForRow(s.t.db, row?.id ?? '', (r) => r.secret === null)).toBeTruthy();
  });

  it('lets a code that did not arrive be tried the other way at once, the same way only after the wait', async () => {
    const email = `${unique('both')}@example.la`;
    await person({ email, whatsapp: '+8562055550909' });
    const requestId = (await find(email)).body.data?.requestId ?? '';
    expect((await byEmail(requestId)).statusCode).toBe(200);
    // The mail went out (a code still queued would be called off by the next one): the user did not see it.
    const emailed = await codeFromMail(email);
    expect((await byWhatsapp(requestId)).statusCode).toBe(200);
    const again = await byWhatsapp(requestId);
    expect(again.statusCode).toBe(429);
    // Only the last code works: the e-mailed one no longer does.
    expectError(await verify(requestId, emailed), 400, { code: 'ລະຫັດຢືນຢັນບໍ່ຖືກຕ້ອງ (ປ້ອນໄດ້ອີກ 4 ເທື່ອ)' });
  });

  it('answers an unknown account exactly like a known one, and sends nothing', async () => {
    await person({ email: 'known.person@example.la' });
    const known = await find('known.person@example.la');
    const unknown = await find('nobody.here@example.la');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(Object.keys(unknown.body.data ?? {}).sort()).toEqual(Object.keys(known.body.data ?? {}).sort());
    expect(unknown.body.data?.destinations[0]).toEqual({ channel: 'EMAIL', masked: 'n•••@e•••.la' });
    // The made-up answer is the same each time, so asking twice tells nothing either.
    const again = await find('nobody.here@example.la');
    expect(again.body.data?.destinations).toEqual(unknown.body.data?.destinations);
    const ghost = await find(unique('ghost'));
    expect(ghost.statusCode).toBe(200);

    const requestId = unknown.body.data?.requestId ?? '';
    const sent = await byEmail(requestId);
    expect(sent.statusCode).toBe(200);
    expect(Object.keys(sent.body.data ?? {}).sort()).toEqual([
      'channel',
      'expiresInSeconds',
      'masked',
      'resendInSeconds',
    ]);
    expectError(await verify(requestId, '123456'), 400, { code: 'ລະຫັດຢືນຢັນບໍ່ຖືກຕ້ອງ (ປ້ອນໄດ້ອີກ 4 ເທື່ອ)' });
    await new Promise((r) => setTimeout(r, 500));
    expect(s.sink.mails.filter((m) => m.to.includes('nobody.here@example.la'))).toHaveLength(0);
  });

  it('reads a number however it is typed, and finds an account by its WhatsApp number only', async () => {
    const forms = ['020 5555 0707', '02055550707', '+856 20 5555 0707', '856-20-5555-0707'];
    const answers = await Promise.all(forms.map(async (f) => (await find(f)).body.data?.destinations));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toContainEqual({ channel: 'WHATSAPP', masked: '•••• 0707' });
    // A phone that is not the user's WhatsApp finds nothing: the answer is a made-up one.
    const user = await person({ email: 'phone.only@example.la' });
    await s.t.db.update(users).set({ phone: '02055550606' }).where(eq(users.id, user.id));
    await find('020 5555 0606');
    const [row] = await s.t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.identifier, '+8562055550606'));
    expect(row?.userId).toBeNull();
  });

  it('calls off a code still waiting when a newer one is asked for', async () => {
    const email = `${unique('wait')}@example.la`;
    const user = await person({ email, whatsapp: '+8562055550505' });
    s.sink.failNext(1, 451, 'later');
    const requestId = (await find(email)).body.data?.requestId ?? '';
    await byEmail(requestId);
    const [first] = await s.t.db.select().from(outboxMessages).where(eq(outboxMessages.userId, user.id));
    // The e-mail is waiting for its retry; the code now goes by WhatsApp instead.
    await waitForRow(s.t.db, first?.id ?? '', (r) => r.attempts === 1 && r.sendingSince === null);
    await byWhatsapp(requestId);
    const called = await waitForRow(s.t.db, first?.id ?? '', (r) => r.status !== 'QUEUED');
    expect([called.status, called.secret]).toEqual(['CANCELLED', null]);
  });

  it('tells a user with no e-mail or WhatsApp on file to ask someone (no destinations)', async () => {
    const user = await person({ email: null });
    expect((await find(user.username)).body.data?.destinations).toEqual([]);
  });

  it('treats a suspended account as unknown', async () => {
    const user = await person({ email: 'suspended.one@example.la' });
    await s.t.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, user.id));
    const found = await find(user.username);
    const [row] = await s.t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.identifier, user.username));
    expect(found.statusCode).toBe(200);
    expect(row?.userId).toBeNull();
  });

  it('allows five tries per code, then asks for a new one; an expired code is refused', async () => {
    const email = `${unique('tries')}@example.la`;
    await person({ email });
    const requestId = (await find(email)).body.data?.requestId ?? '';
    await byEmail(requestId);
    const code = await codeFromMail(email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let left = 4; left >= 1; left--) {
      expectError(await verify(requestId, wrong), 400, { code: `ລະຫັດຢືນຢັນບໍ່ຖືກຕ້ອງ (ປ້ອນໄດ້ອີກ ${left} ເທື່ອ)` });
    }
    expectError(await verify(requestId, wrong), 400, { code: 'ປ້ອນລະຫັດຜິດຫຼາຍເທື່ອ, ກະລຸນາຂໍລະຫັດໃໝ່' });
    // Even the right code no longer opens it.
    expectError(await verify(requestId, code), 400, { code: 'ປ້ອນລະຫັດຜິດຫຼາຍເທື່ອ, ກະລຸນາຂໍລະຫັດໃໝ່' });

    // A new code (after the resend wait) works again, until it expires.
    const early = await byEmail(requestId);
    expect(early.statusCode).toBe(429);
    expect(early.body.message).toMatch(/^ກະລຸນາລໍຖ້າ \d+ ວິນາທີ ກ່ອນຂໍລະຫັດໃໝ່$/);
    await s.t.db.execute(
      sql`update password_resets set code_sent_at = now() - interval '2 minutes' where code_hash is not null`,
    );
    s.sink.reset();
    await byEmail(requestId);
    const second = await codeFromMail(email);
    await s.t.db.execute(
      sql`update password_resets set code_expires_at = now() - interval '1 second' where code_hash is not null`,
    );
    expectError(await verify(requestId, second), 400, { code: 'ລະຫັດຢືນຢັນໝົດອາຍຸແລ້ວ, ກະລຸນາຂໍລະຫັດໃໝ່' });
  });

  it('sends an account at most five codes an hour, however they are asked for', async () => {
    const email = `${unique('limit')}@example.la`;
    const user = await person({ email });
    for (let i = 0; i < 5; i++) {
      const requestId = (await find(i % 2 ? user.username : email)).body.data?.requestId ?? '';
      expect((await byEmail(requestId)).statusCode).toBe(200);
    }
    const requestId = (await find(email)).body.data?.requestId ?? '';
    expectError(await byEmail(requestId), 429, 'ຂໍລະຫັດຫຼາຍເກີນໄປ, ກະລຸນາລອງໃໝ່ໃນອີກ 60 ນາທີ');
  });

  it('refuses bad input with Lao messages and writes nothing', async () => {
    const count = async () =>
      (await s.t.db.execute(sql`select count(*)::int as n from password_resets`)).rows[0];
    const before = await count();
    expectError(await find('  '), 400, { identifier: 'ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້, ເບີໂທ ຫຼື ອີເມວ' });
    expectError(await byEmail('not-a-request'), 400, { requestId: 'ຄຳຮ້ອງຂໍນີ້ໝົດອາຍຸແລ້ວ, ກະລຸນາເລີ່ມໃໝ່' });
    expectError(await byEmail('A'.repeat(43)), 400, { requestId: 'ຄຳຮ້ອງຂໍນີ້ໝົດອາຍຸແລ້ວ, ກະລຸນາເລີ່ມໃໝ່' });
    expectError(await verify('A'.repeat(43), '12ab56'), 400, { code: 'ລະຫັດຢືນຢັນເປັນຕົວເລກ 6 ຕົວ' });
    expect(await count()).toEqual(before);
  });
});

describe('forgotten password, timing and limits', () => {
  it('answers known and unknown accounts no sooner than the floor, and limits each IP', async () => {
    const t = await createTestApp({ RESET_MIN_RESPONSE_MS: '300', RESET_RATE_PER_MINUTE: '4' });
    try {
      const user = await insertUser(t.db, 'AGENT', { email: 'timed@example.la' });
      const timed = async (identifier: string) => {
        const started = performance.now();
        const res = await call(t.app, 'POST', 'find-my-account', { body: { identifier }, ip: '10.9.8.7' });
        return { ms: performance.now() - started, status: res.statusCode };
      };
      const known = await timed(user.username);
      const unknown = await timed('no-such-user');
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.ms).toBeGreaterThanOrEqual(295);
      expect(unknown.ms).toBeGreaterThanOrEqual(295);
      await timed('x1');
      await timed('x2');
      const limited = await call(t.app, 'POST', 'find-my-account', {
        body: { identifier: 'x3' },
        ip: '10.9.8.7',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.body.message).toBe('ມີການຮ້ອງຂໍຫຼາຍເກີນໄປ, ກະລຸນາລອງໃໝ່ໃນອີກ 1 ນາທີ');
      // Another IP is not held back.
      expect(
        (await call(t.app, 'POST', 'find-my-account', { body: { identifier: 'x3' }, ip: '10.9.8.8' }))
          .statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});
