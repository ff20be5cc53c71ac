import type { Page } from '@playwright/test';
import { createUser } from '../support/api.ts';
import { withDb } from '../support/db.ts';
import { peerMails, peerWhatsapp, waitForMail, waitForWhatsapp } from '../support/peers.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen } from '../support/ui.ts';

/**
 * Forgot password at /reset-password: find the account → choose e-mail or WhatsApp → the code from
 * the SMTP sink or the fake WhatsApp Cloud API → a new password → back to sign in.
 */

const SHOTS = '/tmp/ph-shots/forgot-password';
const LAO = /[\u0E80-\u0EFF]/;

let seq = 0;
const unique = () => `${Date.now().toString(36)}${seq++}`;
/** A Lao mobile as people type it, and its E.164 form (8 random digits after 20). */
function laoMobile() {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { typed: `020 ${digits.slice(0, 4)} ${digits.slice(4)}`, e164: `+85620${digits}` };
}

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
}

/** The code in a mail: its only run of six digits. */
function codeInText(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

/** The code in a WhatsApp template message: the body's first parameter. */
// biome-ignore lint/suspicious/noExplicitAny: the Cloud API JSON the server sent
function codeInTemplate(body: any): string {
  // biome-ignore lint/suspicious/noExplicitAny: as above
  const components: any[] = body?.template?.components ?? [];
  const text = components.find((c) => c.type === 'body')?.parameters?.[0]?.text;
  if (typeof text !== 'string')
    throw new Error(`not a template with a body parameter: ${JSON.stringify(body)}`);
  return codeInText(text);
}

async function startAt(page: Page, identifier: string) {
  await page.goto('/');
  await page.getByRole('link', { name: 'ລືມລະຫັດຜ່ານ?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ລືມລະຫັດຜ່ານ');
  const field = page.getByLabel('ຊື່ຜູ້ໃຊ້, ເບີໂທ ຫຼື ອີເມວ');
  await expect(field).toBeFocused();
  await field.fill(identifier);
  await page.getByTestId('reset-find').click();
  await expect(page.getByTestId('choose-destination-form').or(page.getByTestId('who-to-ask'))).toBeVisible();
}

async function loginStatus(page: Page, username: string, password: string) {
  const res = await page.request.post('/parking-hub-api/v1/login', { data: { username, password } });
  return res.status();
}

test('by e-mail: find by user name, the code from the mail, a new password, then sign in with it', async ({
  page,
  request,
}) => {
  const email = `reset-${unique()}@example.test`;
  const mobile = laoMobile();
  const user = await createUser(request, 'AGENT', { email, whatsapp: mobile.typed });
  // The page's clock, to run the resend countdown out without waiting a minute.
  await page.clock.install();

  await page.goto('/reset-password');
  await expect(page.getByTestId('reset-steps')).toContainText('ຊອກຫາບັນຊີ');
  await shot(page, '1-find');
  await page.getByTestId('reset-find').click();
  await expect(page.getByText('ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້, ເບີໂທ ຫຼື ອີເມວ')).toBeVisible();

  await startAt(page, user.username);
  // Step 2: both places, masked, e-mail first and chosen.
  const emailChoice = page.getByTestId('destination-EMAIL');
  const waChoice = page.getByTestId('destination-WHATSAPP');
  await expect(emailChoice).toContainText('ອີເມວ');
  // Masked as the server masks it: the first letter of each part and the last label.
  await expect(emailChoice).toContainText('r•••@e•••.test');
  await expect(emailChoice).not.toContainText(email);
  await expect(waChoice).toContainText(mobile.e164.slice(-4));
  await expect(waChoice).not.toContainText(mobile.e164.slice(-8));
  await expect(emailChoice.getByRole('radio')).toBeChecked();
  await expect(emailChoice.getByRole('radio')).toBeFocused();
  await expectSeen(page.getByTestId('reset-send'));
  await shot(page, '2-choose');

  const sentAfter = Date.now();
  await page.getByTestId('reset-send').click();
  // Step 3: where it went, the code field focused, the resend countdown.
  const code = page.getByLabel('ລະຫັດຢືນຢັນ');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByTestId('code-sent-to')).toContainText('ອີເມວ');
  await expect(page.getByTestId('resend-countdown')).toContainText(/ຂໍລະຫັດໃໝ່ໄດ້ໃນອີກ 0:[0-5]\d/);
  await expectSeen(code);
  await shot(page, '3-code');

  const mail = await waitForMail(request, (m) => m.to.includes(email) && m.at >= sentAfter - 1000);
  expect(mail.subject).toMatch(LAO);

  // The countdown ends in the page, but the server still counts its minute: its Lao answer shows.
  await page.clock.fastForward('01:01');
  await page.getByTestId('resend-link').click();
  await expect(page.getByText(/^ກະລຸນາລໍຖ້າ \d+ ວິນາທີ ກ່ອນຂໍລະຫັດໃໝ່$/)).toBeVisible();
  await expect(code).toBeFocused();

  await code.fill(codeInText(mail.text));

  // Step 4: the code is checked as soon as it is complete.
  const password = page.getByLabel('ລະຫັດຜ່ານໃໝ່', { exact: true });
  await expect(password).toBeFocused();
  await shot(page, '4-password');
  await password.fill('short');
  await page.getByLabel('ຢືນຢັນລະຫັດຜ່ານໃໝ່').fill('other-one');
  await page.getByTestId('reset-save').click();
  await expect(page.getByText('ລະຫັດຜ່ານຕ້ອງມີຢ່າງໜ້ອຍ 8 ຕົວອັກສອນ')).toBeVisible();
  await password.fill('brand-new-pass-1');
  await page.getByTestId('reset-save').click();
  await expect(page.getByText('ລະຫັດຜ່ານບໍ່ກົງກັນ')).toBeVisible();
  await page.getByLabel('ຢືນຢັນລະຫັດຜ່ານໃໝ່').fill('brand-new-pass-1');
  const changedAfter = Date.now();
  await page.getByTestId('reset-save').click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('toast-success')).toHaveText('ຕັ້ງລະຫັດຜ່ານໃໝ່ສຳເລັດ, ກະລຸນາເຂົ້າສູ່ລະບົບ');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await shot(page, '5-done');
  // The notice goes where the code went.
  await waitForMail(
    request,
    (m) => m.to.includes(email) && m.at >= changedAfter - 1000 && m.messageId !== mail.messageId,
  );

  // The old password fails, the new one signs in.
  expect(await loginStatus(page, user.username, user.password)).toBe(401);
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=password]').fill('brand-new-pass-1');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('by WhatsApp: a wrong code shows the Lao error with the tries left, the right one goes on', async ({
    page,
    request,
  }) => {
    const mobile = laoMobile();
    const user = await createUser(request, 'AGENT', { whatsapp: mobile.typed });

    await page.goto('/reset-password');
    await expect(page.getByTestId('reset-step-caption')).toHaveText('ຂັ້ນຕອນ 1 ຈາກ 4: ຊອກຫາບັນຊີ');
    await expectNoHorizontalOverflow(page);
    await shot(page, '1-find');

    await startAt(page, user.username);
    await expect(page.getByTestId('reset-step-caption')).toHaveText('ຂັ້ນຕອນ 2 ຈາກ 4: ເລືອກບ່ອນຮັບລະຫັດ');
    const choice = page.getByTestId('destination-WHATSAPP');
    await expect(choice).toContainText(`•••• ${mobile.e164.slice(-4)}`);
    await expect(page.getByTestId('destination-EMAIL')).toHaveCount(0);
    await expectSeen(choice);
    await expectNoHorizontalOverflow(page);
    await shot(page, '2-choose');

    const sentAfter = Date.now();
    await page.getByTestId('reset-send').click();
    const code = page.getByLabel('ລະຫັດຢືນຢັນ');
    await expect(code).toBeFocused();
    await expect(page.getByTestId('code-sent-to')).toContainText('WhatsApp');
    await expectSeen(code);
    await expectSeen(page.getByTestId('reset-verify'));
    await expectNoHorizontalOverflow(page);
    await shot(page, '3-code');

    const digits = mobile.e164.slice(1);
    const message = await waitForWhatsapp(
      request,
      (m) => m.to.replace(/\D/g, '') === digits && m.at >= sentAfter - 1000,
    );
    const right = codeInTemplate(message.body);
    const wrong = right === '000000' ? '111111' : '000000';
    await code.fill(wrong);
    await expect(page.getByText('ລະຫັດຢືນຢັນບໍ່ຖືກຕ້ອງ (ປ້ອນໄດ້ອີກ 4 ເທື່ອ)')).toBeVisible();
    await expect(code).toBeFocused();
    await expectSeen(code);
    await expectNoHorizontalOverflow(page);
    await shot(page, '3-code-wrong');

    await code.fill(right);
    await expect(page.getByLabel('ລະຫັດຜ່ານໃໝ່', { exact: true })).toBeFocused();
    await expect(page.getByTestId('reset-step-caption')).toHaveText('ຂັ້ນຕອນ 4 ຈາກ 4: ຕັ້ງລະຫັດຜ່ານໃໝ່');
    await expectNoHorizontalOverflow(page);
    await shot(page, '4-password');
    await page.getByLabel('ລະຫັດຜ່ານໃໝ່', { exact: true }).fill('phone-new-pass-1');
    await page.getByLabel('ຢືນຢັນລະຫັດຜ່ານໃໝ່').fill('phone-new-pass-1');
    await page.getByTestId('reset-save').click();
    await expect(page).toHaveURL(/\/$/);
    await expectSeen(page.getByTestId('toast-success'));
    await shot(page, '5-done');
    expect(await loginStatus(page, user.username, 'phone-new-pass-1')).toBe(200);
  });

  test('no e-mail and no WhatsApp on file: the page says whom to ask', async ({ page, request }) => {
    const user = await createUser(request, 'AGENT');
    await startAt(page, user.username);
    const help = page.getByTestId('who-to-ask');
    await expect(help).toContainText('ບັນຊີນີ້ບໍ່ມີອີເມວ ຫຼື WhatsApp');
    await expect(help).toContainText('ຜູ້ຈັດການ');
    await expect(help).toContainText('ຕົວແທນ');
    await expect(help).toContainText('“ຜູ້ໃຊ້”');
    await expectSeen(page.getByTestId('reset-back'));
    await expectNoHorizontalOverflow(page);
    await shot(page, '2-who-to-ask');
    // Another account is one tap away.
    await page.getByTestId('reset-restart').click();
    await expect(page.getByLabel('ຊື່ຜູ້ໃຊ້, ເບີໂທ ຫຼື ອີເມວ')).toHaveValue(user.username);
  });
});

test('an unknown user name gets the same step 2 as a real one, and nothing is sent', async ({
  page,
  request,
}) => {
  const real = await createUser(request, 'AGENT', {
    email: `real-${unique()}@example.test`,
    whatsapp: laoMobile().typed,
  });
  await startAt(page, real.username);
  const choices = page.getByTestId('choose-destination-form').locator('[data-testid^=destination-]');
  await expect(choices.first()).toBeVisible();

  // Made-up destinations, like a real account's; about one name in four has none, like a real
  // account without e-mail or WhatsApp, so try names until one has some.
  const before = Date.now();
  for (let i = 0; i < 8; i++) {
    await startAt(page, `nobody-${unique()}`);
    if (await page.getByTestId('choose-destination-form').isVisible()) break;
    await expect(page.getByTestId('who-to-ask')).toBeVisible();
  }
  await expect(choices.first()).toBeVisible();
  await expect(choices.first().getByRole('radio')).toBeChecked();
  for (const masked of await page.getByTestId('destination-masked').allTextContents()) {
    expect(masked).toMatch(/^(\S•••@\S+\.\S+|•••• \d{4})$/);
  }
  await shot(page, '2-choose-unknown');

  await page.getByTestId('reset-send').click();
  await expect(page.getByLabel('ລະຫັດຢືນຢັນ')).toBeFocused();
  await expect(page.getByTestId('code-sent-to')).toBeVisible();
  // Any code typed for it is simply wrong, as a wrong code for a real account.
  await page.getByLabel('ລະຫັດຢືນຢັນ').fill('123456');
  await expect(page.getByText('ລະຫັດຢືນຢັນບໍ່ຖືກຕ້ອງ (ປ້ອນໄດ້ອີກ 4 ເທື່ອ)')).toBeVisible();

  // A real send is queued in the outbox in the same transaction as the answer the screen just
  // showed: no message was queued (so none can arrive), and none has.
  const queued = await withDb(async (c) => {
    const res = await c.query(
      'select id from outbox_messages where created_at >= to_timestamp($1 / 1000.0)',
      [before],
    );
    return res.rows;
  });
  expect(queued).toEqual([]);
  expect((await peerMails(request)).filter((m) => m.at >= before)).toEqual([]);
  expect((await peerWhatsapp(request)).filter((m) => m.at >= before)).toEqual([]);
});

test('the language switch turns the steps into English and back', async ({ page }) => {
  await page.goto('/reset-password');
  await page.getByTestId('language-switch').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password');
  await expect(page.getByLabel('User name, phone number or e-mail')).toBeVisible();
  await page.getByTestId('language-switch').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ລືມລະຫັດຜ່ານ');
});

test('an attempt the server no longer knows: "start again" goes back to step 1', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'AGENT', { email: `gone-${unique()}@example.test` });
  await startAt(page, user.username);
  // As if the half hour had run out: the server gets an attempt id it does not know.
  await page.route('**/parking-hub-api/v1/auth/email-send-pin', (route) =>
    route.continue({ postData: JSON.stringify({ requestId: 'x'.repeat(43) }) }),
  );
  await page.getByTestId('reset-send').click();
  const alert = page.getByTestId('reset-error');
  await expect(alert).toHaveText(/ຄຳຮ້ອງຂໍນີ້ໝົດອາຍຸແລ້ວ, ກະລຸນາເລີ່ມໃໝ່/);
  const again = alert.getByRole('button', { name: 'ເລີ່ມໃໝ່' });
  await expect(again).toBeFocused();
  await expect(page.getByTestId('choose-destination-form')).toHaveCount(0);
  await shot(page, '2-expired');
  await again.click();
  await expect(page.getByLabel('ຊື່ຜູ້ໃຊ້, ເບີໂທ ຫຼື ອີເມວ')).toHaveValue(user.username);
  await expect(page.getByTestId('reset-error')).toHaveCount(0);
});
