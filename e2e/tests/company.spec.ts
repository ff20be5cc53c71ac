import { mkdirSync } from 'node:fs';
import type { Company } from '@parking-hub/contracts/company';
import type { Locator, Page } from '@playwright/test';
import { apiLogin, createUser } from '../support/api.ts';
import { checkIn, shopWithStaff } from '../support/bills.ts';
import { withDb } from '../support/db.ts';
import { tempFile, tinyPng } from '../support/shops.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, signIn } from '../support/ui.ts';

const SHOTS = '/tmp/ph-shots';
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
const COMPANY = {
  companyName: 'ບໍລິສັດ ພາກກິ້ງຮັບ ລາວ ຈຳກັດ',
  branch: 'ສຳນັກງານໃຫຍ່ ນະຄອນຫຼວງວຽງຈັນ',
  telephone: '021 555 123',
  whatsapp: '020 5555 1234',
  email: 'info@parkinghub.la',
  address: 'ບ້ານ ສີຫອມ, ເມືອງ ຈັນທະບູລີ, ນະຄອນຫຼວງວຽງຈັນ',
};
const MSG = {
  empty: 'ຍັງບໍ່ໄດ້ປ້ອນຂໍ້ມູນບໍລິສັດ',
  nameRequired: 'ກະລຸນາປ້ອນຊື່ບໍລິສັດ',
  whatsapp: 'ເບີ WhatsApp ບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)',
  imageType: 'ຮູບຕ້ອງເປັນ PNG, JPEG ຫຼື WebP',
  saved: 'ບັນທຶກສຳເລັດ',
};

// One profile for the whole platform: these tests run in order, and leave it empty for the others
// (the public pages' tests expect the provider's name in the footer).
test.describe.configure({ mode: 'serial' });
const clearProfile = () => withDb((c) => c.query('delete from company_profile'));
test.beforeAll(clearProfile);
test.afterAll(clearProfile);

mkdirSync(SHOTS, { recursive: true });

/** The element is on screen and on top: what is painted at its centre is it or inside it. */
async function expectOnTop(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeVisible();
  const onTop = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.right <= window.innerWidth && r.left >= 0 && !!hit && (hit === el || el.contains(hit));
  });
  expect(onTop).toBe(true);
}

async function expectLaoFont(page: Page) {
  const lao = await page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('16px "Noto Sans Lao"', 'ບໍລິສັດ');
  });
  expect(lao).toBe(true);
}

async function apiCompany(page: Page): Promise<Company> {
  const { token } = await apiLogin(page.request);
  const res = await page.request.get('/parking-hub-api/v1/company', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: Company }).data;
}

test('SUPER-ADMIN fills in the profile with a logo; a bad WhatsApp number is refused in Lao', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await page.goto('/app/company');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ບໍລິສັດ');
  await expect(page.getByTestId('company-empty')).toContainText(MSG.empty);
  await page.screenshot({ path: `${SHOTS}/company-empty-1280.png` });
  const form = page.getByTestId('company-form');

  // Nothing typed: the name is missing, and nothing is sent.
  await form.getByTestId('company-save').click();
  await expect(form.getByText(MSG.nameRequired)).toBeVisible();

  for (const [field, value] of Object.entries(COMPANY)) await form.getByTestId(`field-${field}`).fill(value);
  await form.getByTestId('field-whatsapp').fill('12345');
  await form.getByTestId('company-save').click();
  const whatsapp = form.getByTestId('field-whatsapp');
  await expect(form.getByText(MSG.whatsapp)).toBeVisible();
  await expect(whatsapp).toHaveAttribute('aria-invalid', 'true');
  await expect(whatsapp).toBeFocused();
  expect((await apiCompany(page)).companyName).toBeNull();

  // A picture that is not one is refused before anything is sent; a PNG is taken.
  await form.getByTestId('field-company-logo').setInputFiles(tempFile('logo.gif', 'GIF89a'));
  await expect(form.getByTestId('company-logo-help')).toHaveText(MSG.imageType);
  await form.getByTestId('field-company-logo').setInputFiles(tinyPng());
  await expect(form.getByTestId('company-logo-file-name')).toContainText('logo.png');
  await form.getByTestId('field-company-qr').setInputFiles(tinyPng());
  await whatsapp.fill(COMPANY.whatsapp);
  await form.getByTestId('company-save').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(MSG.saved);
  await expect(page.getByTestId('company-empty')).toHaveCount(0);
  await expect(whatsapp).toHaveValue('+8562055551234');
  await expect(form.getByTestId('company-logo-file-name')).toHaveCount(0);
  const logo = form.getByTestId('company-logo-image').locator('img');
  await expect(logo).toHaveAttribute('src', /^\/uploads\/company\/[0-9a-f]{32}\.png$/);
  const served = await page.request.get((await logo.getAttribute('src')) ?? '');
  expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/png']);

  const saved = await apiCompany(page);
  expect(saved).toMatchObject({
    ...COMPANY,
    telephone: '021555123',
    whatsapp: '+8562055551234',
    logoPath: expect.stringMatching(/^\/uploads\/company\//),
    qrImagePath: expect.stringMatching(/^\/uploads\/company\//),
  });

  // After a reload the screen shows what the server keeps.
  await page.reload();
  await expect(form.getByTestId('field-companyName')).toHaveValue(COMPANY.companyName);
  await expect(form.getByTestId('field-address')).toHaveValue(COMPANY.address);
  await expect(form.getByTestId('field-whatsapp')).toHaveValue('+8562055551234');
  await expect(page.getByTestId('company-updated-at')).toContainText('ແກ້ໄຂລ່າສຸດ');
  await expect(form.getByTestId('company-qr-image').locator('img')).toHaveAttribute(
    'src',
    saved.qrImagePath ?? '',
  );
  await expectLaoFont(page);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SHOTS}/company-1280.png`, fullPage: true });

  // On a phone (the drawer closes when the page loads that narrow).
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(form.getByTestId('company-save')).toBeVisible();
  await expectOnTop(form.getByTestId('company-save'));
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SHOTS}/company-375.png`, fullPage: true });
});

test('SUPER-ADMIN sets the Lao QR account for rent: a partial one is refused box by box in Lao, a whole one is kept', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await page.goto('/app/company');
  const form = page.getByTestId('company-form');
  const section = form.getByTestId('company-qr-receiver');
  await expect(section).toContainText('ບັນຊີຮັບເງິນຄ່າເຊົ່າ Lao QR');
  await expect(section.getByTestId('company-qr-state')).toHaveText('ຍັງບໍ່ໄດ້ຕັ້ງ: ໃບແຈ້ງໜີ້ຈະບໍ່ມີ QR ຈ່າຍເງິນ');

  // One box typed is not a receiver: each missing or wrong box says why, and nothing is saved.
  await section.getByTestId('field-qr-iin').fill('1234');
  await form.getByTestId('company-save').click();
  await expect(section.getByText('ລະຫັດທະນາຄານ (IIN) ເປັນຕົວເລກ 8 ຕົວ (ຕົວຢ່າງ 27710418)')).toBeVisible();
  await expect(section.getByText('ເລກບັນຊີຮັບເງິນມີ 1–32 ຕົວ: A–Z ແລະ 0–9')).toBeVisible();
  await expect(section.getByTestId('field-qr-iin')).toHaveAttribute('aria-invalid', 'true');
  expect((await apiCompany(page)).qrReceiver).toBeNull();

  const receiver = {
    iin: '27710418',
    receiverId: 'PHUB0001',
    merchantName: 'PARKING HUB',
    merchantCity: 'VIENTIANE',
    mcc: '7523',
  };
  for (const [field, value] of Object.entries(receiver))
    await section.getByTestId(`field-qr-${field}`).fill(value);
  await form.getByTestId('company-save').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(MSG.saved);
  await expect(section.getByTestId('company-qr-state')).toHaveText('ຕັ້ງແລ້ວ: ໃບແຈ້ງໜີ້ມີ QR ໃຫ້ຮ້ານຈ່າຍຄ່າເຊົ່າ');
  expect((await apiCompany(page)).qrReceiver).toEqual(receiver);
  await expectLaoFont(page);
  await section.screenshot({ path: `${SHOTS}/company-qr-1280.png` });

  // On a phone: the boxes stack, each on screen and on top, nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(section.getByTestId('field-qr-receiverId')).toHaveValue('PHUB0001');
  for (const field of Object.keys(receiver)) await expectOnTop(section.getByTestId(`field-qr-${field}`));
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SHOTS}/company-qr-375.png`, fullPage: true });
});

test('the login page’s footer shows the company’s name and contacts, also from its stored copy', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const footer = page.getByTestId('footer');
  const name = footer.getByTestId('footer-company');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(name).toHaveText(COMPANY.companyName);
  await expect(name).toHaveAttribute('href', /^https:\/\//);
  await expect(footer.getByTestId('footer-phone')).toHaveText('021 555 123');
  await expect(footer.getByTestId('footer-phone')).toHaveAttribute('href', 'tel:021555123');
  await expect(footer.getByTestId('footer-whatsapp')).toHaveText('WhatsApp +856 20 5555 1234');
  await expect(footer.getByTestId('footer-whatsapp')).toHaveAttribute('href', 'https://wa.me/8562055551234');
  await expect(footer.getByTestId('footer-email')).toHaveAttribute('href', `mailto:${COMPANY.email}`);
  await expect(footer.getByRole('link', { name: 'ນະໂຍບາຍຄວາມເປັນສ່ວນຕົວ' })).toBeVisible();
  await expectOnTop(name);
  await expectOnTop(footer.getByTestId('footer-phone'));
  await expectLaoFont(page);
  await footer.screenshot({ path: `${SHOTS}/footer-1280.png` });
  await page.screenshot({ path: `${SHOTS}/login-1280.png`, fullPage: true });

  // Offline now: a reload still shows the company at once, from the copy kept in localStorage.
  await page.route('**/parking-hub-api/public/company', (route) => route.abort());
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(name).toHaveText(COMPANY.companyName);
  await expectOnTop(name);
  await expectOnTop(footer.getByTestId('footer-phone'));
  await expectOnTop(footer.getByTestId('footer-whatsapp'));
  await expectNoHorizontalOverflow(page);
  await footer.screenshot({ path: `${SHOTS}/footer-375.png` });
  await page.screenshot({ path: `${SHOTS}/login-375.png`, fullPage: true });
});

test('the customer’s e-receipt says who runs the service', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const s = await shopWithStaff(request, `ຮ້ານ ບໍລິສັດ ${Date.now().toString(36)}`);
  const bill = await checkIn(request, s.staff.token);
  await page.goto(`/bill/${bill.reference}`);
  const line = page.getByTestId('receipt-company');
  await expect(line).toHaveText(`ບໍລິການໂດຍ ${COMPANY.companyName} · 021 555 123`);
  await expectOnTop(line);
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: `${SHOTS}/receipt-375.png`, fullPage: true });
});

test('an ADMIN sees the same facts read-only, with no save button', async ({ page, request }) => {
  const admin = await createUser(request, 'ADMIN', { fullName: 'ຜູ້ດູແລ ບໍລິສັດ' });
  await page.setViewportSize(DESKTOP);
  await signIn(page, admin.username, admin.password);
  await page.goto('/app/company');
  const facts = page.getByTestId('company-facts');
  await expect(page.getByTestId('company-read-only')).toBeVisible();
  await expect(facts.getByTestId('company-name')).toHaveText(COMPANY.companyName);
  await expect(facts.getByTestId('company-branch')).toHaveText(COMPANY.branch);
  await expect(facts.getByTestId('company-telephone')).toHaveText('021 555 123');
  await expect(facts.getByTestId('company-whatsapp').getByRole('link')).toHaveAttribute(
    'href',
    'https://wa.me/8562055551234',
  );
  await expect(facts.getByTestId('company-email')).toHaveText(COMPANY.email);
  await expect(facts.getByTestId('company-address')).toHaveText(COMPANY.address);
  await expect(facts.getByTestId('company-qr-image').locator('img')).toHaveAttribute(
    'src',
    /^\/uploads\/company\//,
  );
  await expect(facts.getByTestId('company-qr-account')).toContainText(
    'PARKING HUB · PHUB0001 (IIN 27710418)',
  );
  await expect(page.getByTestId('company-form')).toHaveCount(0);
  await expect(page.getByTestId('company-save')).toHaveCount(0);
  await expect(page.locator('main input')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/company-admin-1280.png`, fullPage: true });

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(facts.getByTestId('company-name')).toHaveText(COMPANY.companyName);
  await expectNoHorizontalOverflow(page);
  await expectOnTop(facts.getByTestId('company-name'));
  await page.screenshot({ path: `${SHOTS}/company-admin-375.png`, fullPage: true });
});
