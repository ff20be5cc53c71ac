import type { Page } from '@playwright/test';
import { apiLogin, createUser } from '../support/api.ts';
import { insertShop } from '../support/db.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, signIn } from '../support/ui.ts';

/**
 * E-mail and WhatsApp on users, where a forgotten-password code goes: the account dialog (own),
 * and the users form and list (others).
 */

const SHOTS = '/tmp/ph-shots/contacts';
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, animations: 'disabled' });

let seq = 0;
const unique = () => `${Date.now().toString(36)}${seq++}`;
function laoMobile() {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return { typed: `020 ${digits.slice(0, 4)} ${digits.slice(4)}`, e164: `+85620${digits}` };
}

async function openAccount(page: Page) {
  await page.getByTestId('profile-button').click();
  await page.getByTestId('menu-account').click();
  return page.getByRole('dialog', { name: 'ຂໍ້ມູນບັນຊີ' });
}

/** The user as the first admin sees it through the API. */
async function userOf(page: Page, username: string) {
  const { token } = await apiLogin(page.request);
  const res = await page.request.post('/parking-hub-api/v1/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { q: username },
  });
  const body = (await res.json()) as {
    data: { username: string; email: string | null; whatsapp: string | null }[];
  };
  return body.data.find((u) => u.username === username);
}

test('the account dialog: own e-mail and WhatsApp, loaded, checked, normalised, cleared', async ({
  page,
  request,
}) => {
  const shopId = await insertShop(`ຮ້ານ ຕິດຕໍ່ ${unique()}`);
  const user = await createUser(request, 'MANAGER', { shopId, fullName: 'ຜູ້ຈັດການ ທົດສອບ' });
  const taken = laoMobile();
  await createUser(request, 'AGENT', { whatsapp: taken.typed });
  const mine = laoMobile();
  const email = `owner-${unique()}@example.test`;

  await signIn(page, user.username, user.password);
  let dialog = await openAccount(page);
  const emailField = dialog.getByLabel('ອີເມວ');
  const waField = dialog.getByLabel('WhatsApp');
  await expect(emailField).toHaveValue('');
  await expect(waField).toHaveValue('');
  await expect(dialog).toContainText('ເມື່ອລືມລະຫັດຜ່ານ, ລະຫັດຢືນຢັນຈະສົ່ງໄປທີ່ອີເມວ ຫຼື WhatsApp ນີ້.');
  await expect(dialog).toContainText('ຕົວຢ່າງ 020 5555 1234');

  // Checked in the browser first, in Lao.
  await emailField.fill('not-an-email');
  await waField.fill('12');
  await dialog.getByTestId('account-save').click();
  await expect(dialog.getByText('ເບີ WhatsApp ບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)')).toBeVisible();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');

  // Someone else's number: the server's answer goes under the field.
  await emailField.fill(email);
  await waField.fill(taken.typed);
  await dialog.getByTestId('account-save').click();
  await expect(dialog.getByText('ເບີ WhatsApp ນີ້ຖືກໃຊ້ແລ້ວ')).toBeVisible();

  await waField.fill(mine.typed);
  await dialog.getByTestId('account-save').click();
  // Saving signs out (spec §4).
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await userOf(page, user.username)).toMatchObject({ email, whatsapp: mine.e164 });

  // Loaded next time; an emptied field clears it, an untouched one stays.
  await signIn(page, user.username, user.password);
  dialog = await openAccount(page);
  await expect(dialog.getByLabel('ອີເມວ')).toHaveValue(email);
  await expect(dialog.getByLabel('WhatsApp')).toHaveValue(mine.e164);
  await shot(page, 'account');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'account');
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByLabel('ອີເມວ').fill('');
  await dialog.getByTestId('account-save').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await userOf(page, user.username)).toMatchObject({ email: null, whatsapp: mine.e164 });
});

test('an agent, who is not in their own users list, sees their e-mail and adds a WhatsApp number', async ({
  page,
  request,
}) => {
  const email = `agent-${unique()}@example.test`;
  const user = await createUser(request, 'AGENT', { email });
  const mine = laoMobile();
  await signIn(page, user.username, user.password);
  const dialog = await openAccount(page);
  // Read from /v1/me, which every role may call: the agent's own users list would not show them.
  await expect(dialog.getByLabel('ອີເມວ')).toHaveValue(email);
  await dialog.getByLabel('WhatsApp').fill(mine.typed);
  await dialog.getByTestId('account-save').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  const saved = await userOf(page, user.username);
  expect(saved?.whatsapp).toBe(mine.e164);
  expect(saved?.email).toMatch(/^agent-.*@example\.test$/);
});

test('the users form takes a WhatsApp number as typed and the list shows it', async ({ page }) => {
  const mobile = laoMobile();
  const username = `wa-${unique()}`;
  await signIn(page);
  await page.goto('/app/users');
  await page.getByTestId('user-create').click();
  const form = page.getByTestId('user-form');
  await expect(form).toContainText('ຕົວຢ່າງ 020 5555 1234');
  await form.getByTestId('field-fullName').fill('ວັອດແອັບ ທົດສອບ');
  await form.getByTestId('field-username').fill(username);
  await form.getByTestId('field-password').fill('good-password-1');
  await form.getByRole('combobox', { name: /ບົດບາດ/ }).click();
  await page.getByRole('option', { name: 'ຕົວແທນ' }).click();
  await form.getByTestId('field-whatsapp').fill('+856 20 123');
  await form.getByTestId('user-form-save').click();
  await expect(form.getByText('ເບີ WhatsApp ບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)')).toBeVisible();
  await form.getByTestId('field-whatsapp').fill(mobile.typed);
  await form.getByTestId('field-email').fill(`${username}@example.test`);
  await form.getByTestId('user-form-save').click();
  await expect(page.getByTestId('toast-success')).toHaveText('ສ້າງສຳເລັດ');

  await page.getByTestId('filter-q').fill(username);
  const row = page.getByTestId('data-row').filter({ hasText: username });
  await expect(row.getByTestId('user-whatsapp')).toHaveText(mobile.e164);
  await expect(row.getByTestId('user-email')).toHaveText(`${username}@example.test`);
  await shot(page, 'users');

  await row.getByTestId('user-edit').click();
  await expect(form.getByTestId('field-whatsapp')).toHaveValue(mobile.e164);
  await form.getByTestId('field-whatsapp').fill('');
  await form.getByTestId('user-form-save').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText('ບັນທຶກສຳເລັດ');
  await expect(row.getByTestId('user-whatsapp')).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(row.getByTestId('user-email')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, 'users');
});
