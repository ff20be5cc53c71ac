import { businessDate } from '@parking-hub/contracts/business-day';
import type { Page } from '@playwright/test';
import { createUser } from '../support/api.ts';
import { apiCreateShop, apiShopDetail, expectNoOverflowIn, tempFile, tinyPng } from '../support/shops.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, signIn } from '../support/ui.ts';

const stamp = () => Date.now().toString(36);
const MSG = {
  nameRequired: 'ກະລຸນາປ້ອນຊື່ຮ້ານ',
  amount: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
  hoursTogether: 'ກະລຸນາປ້ອນທັງເວລາເປີດ ແລະ ເວລາປິດ',
  receiverId: 'ເລກບັນຊີຮັບເງິນມີ 1–32 ຕົວ: A–Z ແລະ 0–9',
  iin: 'ລະຫັດທະນາຄານ (IIN) ເປັນຕົວເລກ 8 ຕົວ (ຕົວຢ່າງ 27710418)',
  logoType: 'ຮູບໂລໂກ້ຕ້ອງເປັນ PNG, JPEG ຫຼື WebP',
  codeTaken: 'ລະຫັດຮ້ານນີ້ມີຢູ່ແລ້ວ',
  created: 'ສ້າງສຳເລັດ',
  saved: 'ບັນທຶກສຳເລັດ',
};
const QR = {
  iin: '27710418',
  receiverId: 'SHOP1',
  merchantName: 'Night Parking',
  merchantCity: 'Vientiane',
  mcc: '7523',
};

const shopIdOf = (page: Page) => new URL(page.url()).searchParams.get('shop') ?? '';
const lastToast = (page: Page) => page.getByTestId('toast-success').last();

test('an admin creates a shop with hours, prices, Lao QR and logo, finds it, adds a branch and edits it', async ({
  page,
  request,
}) => {
  const name = `ຮ້ານ ກາງຄືນ ${stamp()}`;
  const code = `N${stamp()}`.toUpperCase().slice(0, 12);
  const agentName = `ຕົວແທນ ${stamp()}`;
  const agent = await createUser(request, 'AGENT', { fullName: agentName });
  const taken = await apiCreateShop(request, {
    name: `ຮ້ານ ມີລະຫັດ ${stamp()}`,
    code: `T${stamp()}`.slice(0, 12),
  });
  await signIn(page);
  await page.goto('/app/shops');

  // Nothing typed: the form says what is missing, in Lao, and saves nothing.
  await page.getByTestId('shop-create').click();
  const form = page.getByTestId('shop-form');
  await expect(form.getByTestId('field-timezone')).toHaveValue('Asia/Vientiane');
  await form.getByTestId('shop-form-save').click();
  await expect(form.getByText(MSG.nameRequired)).toBeVisible();
  await expect(form.getByText(MSG.amount)).toHaveCount(2);

  // A logo that is not an image is refused before anything is sent.
  await form.getByTestId('field-logo').setInputFiles(tempFile('logo.gif', 'GIF89a'));
  await expect(form.getByTestId('logo-help')).toHaveText(MSG.logoType);

  await form.getByTestId('field-name').fill(name);
  await form.getByTestId('field-code').fill(code);
  await form.getByTestId('field-address').fill('ບ້ານ ສີຫອມ, ນະຄອນຫຼວງວຽງຈັນ');
  await form.getByTestId('field-phone').fill('020 5555 7777');
  await form.getByTestId('field-priceMotorbike').fill('2,000');
  await form.getByTestId('field-priceCar').fill('8000');
  await form.getByTestId('field-openShop').fill('18:00');
  await form.getByTestId('shop-form-save').click();
  await expect(form.getByText(MSG.hoursTogether)).toBeVisible();
  await form.getByTestId('field-closeShop').fill('2:00');
  await form.getByTestId('field-conditions').fill('ບໍ່ຮັບຜິດຊອບຂອງມີຄ່າໃນລົດ');
  await expect(form.getByTestId('field-closeShop')).toHaveValue('02:00'); // read as HH:mm on leaving
  await expect(form.getByTestId('hours-hint')).toContainText('ຫຼັງທ່ຽງຄືນ');
  await form.getByTestId('field-agent').fill(agentName);
  await page.getByRole('option', { name: agentName }).click();

  // The Lao QR receiver: all five or none.
  await form.getByTestId('qr-toggle').click();
  await form.getByTestId('field-qr-iin').fill(QR.iin);
  await form.getByTestId('shop-form-save').click();
  await expect(form.getByText(MSG.receiverId)).toBeVisible();
  await expect(page.getByTestId('toast-success')).toHaveCount(0);
  await form.getByTestId('field-qr-receiverId').fill(QR.receiverId);
  await form.getByTestId('field-qr-merchantName').fill(QR.merchantName);
  await form.getByTestId('field-qr-merchantCity').fill(QR.merchantCity);
  await form.getByTestId('field-qr-mcc').fill(QR.mcc);

  await form.getByTestId('field-logo').setInputFiles(tinyPng());
  await expect(form.getByTestId('logo-file-name')).toContainText('logo.png');
  await expect(form.getByTestId('logo-help')).not.toHaveText(MSG.logoType);
  await form.getByTestId('shop-form-save').click();
  await expect(lastToast(page)).toHaveText(MSG.created);
  await expect(form).toBeHidden();

  // Found by its agent, then by its code; the URL keeps the filters.
  await page.getByTestId('filter-agent').fill(agentName);
  await page.getByRole('option', { name: agentName }).click();
  await expect(page).toHaveURL(/agentId=/);
  const rows = page.getByTestId('data-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByTestId('shop-name')).toHaveText(name);
  await page.getByTestId('filter-q').fill(code.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`q=${code.toLowerCase()}`));
  const row = rows.filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('shop-code')).toHaveText(code);
  await expect(row.getByTestId('shop-hours')).toHaveText('18:00–02:00ປິດມື້ຖັດໄປ');
  await expect(row.getByTestId('shop-prices')).toHaveText('ລົດຈັກ 2,000 ₭ລົດໃຫຍ່ 8,000 ₭');
  await expect(row).toContainText(agentName);
  await expect(row.getByTestId('shop-status')).toHaveText('ເປີດໃຊ້ງານ');
  const logo = row.getByTestId('shop-logo').locator('img');
  await expect(logo).toHaveAttribute('src', /^\/uploads\/logos\/[0-9a-f]{32}\.png$/);
  const served = await request.get((await logo.getAttribute('src')) ?? '');
  expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/png']);

  // A click on the row opens its detail, linkable by ?shop=.
  await row.getByTestId('shop-name').click();
  const detail = page.getByTestId('shop-detail');
  await expect(detail.getByTestId('detail-name')).toHaveText(name);
  const id = shopIdOf(page);
  const saved = await apiShopDetail(request, id);
  expect(saved.shop).toMatchObject({
    code,
    openShop: '18:00',
    closeShop: '02:00',
    qrReceiver: QR,
    agentId: agent.id,
  });
  await expect(detail.getByTestId('detail-address')).toHaveText('ບ້ານ ສີຫອມ, ນະຄອນຫຼວງວຽງຈັນ');
  await expect(detail.getByTestId('detail-phone')).toHaveText('02055557777');
  await expect(detail.getByTestId('shop-status')).toHaveText('ເປີດໃຊ້ງານ');
  await expect(detail.getByTestId('shop-logo').locator('img')).toHaveAttribute(
    'src',
    saved.shop.logoPath ?? 'none',
  );
  const [y, m, d] = businessDate(new Date(), saved.shop).split('-');
  await expect(detail.getByTestId('today-date')).toContainText(`${d}/${m}/${y}`);
  await expect(detail.getByTestId('today-billsIn')).toHaveText('0');
  await expect(detail.getByTestId('today-revenue')).toHaveText('0 ₭');
  await expect(detail.getByTestId('branches-empty')).toBeVisible();
  await expect(detail.getByTestId('shop-staff').getByTestId('empty-state')).toHaveText('ຍັງບໍ່ມີພະນັກງານ');
  await expect(detail.getByTestId('price-MOTORBIKE')).toContainText('2,000 ₭ ຕໍ່ຄັ້ງ');
  await expect(detail.getByTestId('price-CAR')).toContainText('8,000 ₭ ຕໍ່ຄັ້ງ');
  await expect(detail.getByTestId('detail-prices-link')).toHaveAttribute('href', `/app/prices?shopId=${id}`);

  // A branch from the detail starts with the shop's prices and hours; it opens its own detail.
  await detail.getByTestId('detail-add-branch').click();
  await expect(form).toContainText(`ສາຂາຂອງ ${name}`);
  await expect(form.getByTestId('field-priceMotorbike')).toHaveValue('2000');
  await expect(form.getByTestId('field-openShop')).toHaveValue('18:00');
  await expect(form.getByTestId('field-agent')).toHaveCount(0); // a branch follows its shop's agent
  const branchName = `${name} ສາຂາ 2`;
  await form.getByTestId('field-name').fill(branchName);
  await form.getByTestId('shop-form-save').click();
  await expect(lastToast(page)).toHaveText(MSG.created);
  await expect(form).toBeHidden();
  await expect(detail.getByTestId('branch-item')).toHaveText([branchName]);
  await detail.getByTestId('branch-item').click();
  await expect(detail.getByTestId('detail-name')).toHaveText(branchName);
  await expect(detail.getByTestId('detail-code')).toContainText(`ສາຂາຂອງ ${name}`);
  await expect(detail.getByTestId('detail-agent')).toHaveText(agentName);
  await expect(detail.getByTestId('detail-add-branch')).toHaveCount(0);
  await page.goBack(); // Back returns to the main shop, then closing returns to the list
  await expect(detail.getByTestId('detail-name')).toHaveText(name);
  await detail.getByTestId('detail-close').click();
  await expect(detail).toBeHidden();
  await expect(page).not.toHaveURL(/shop=/);
  await expect(page).toHaveURL(/q=/);
  await expect(row).toContainText('1 ສາຂາ');

  // Edit the car price: the row and the car's price rule follow.
  await row.getByTestId('shop-edit').click();
  await expect(form.getByTestId('field-priceCar')).toHaveValue('8000');
  await expect(form.getByTestId('qr-toggle')).toHaveAttribute('aria-expanded', 'true');
  await form.getByTestId('field-priceCar').fill('12,000');
  await form.getByTestId('shop-form-save').click();
  await expect(lastToast(page)).toHaveText(MSG.saved);
  await expect(form).toBeHidden();
  await expect(row.getByTestId('shop-prices')).toHaveText('ລົດຈັກ 2,000 ₭ລົດໃຫຍ່ 12,000 ₭');
  const priced = await apiShopDetail(request, id);
  expect(priced.prices.find((r) => r.vehicleType === 'CAR')?.flatFee).toBe(12_000);

  // Bad input: Lao messages on the fields, the server's refusal of a taken code too; nothing changes.
  await row.getByTestId('shop-edit').click();
  await form.getByTestId('field-name').fill(' ');
  await form.getByTestId('field-priceMotorbike').fill('-500');
  await form.getByTestId('field-qr-iin').fill('1234');
  await form.getByTestId('shop-form-save').click();
  await expect(form.getByText(MSG.nameRequired)).toBeVisible();
  await expect(form.getByText(MSG.amount)).toBeVisible();
  await expect(form.getByText(MSG.iin)).toBeVisible();
  await form.getByTestId('field-name').fill(`${name} ໃໝ່`);
  await form.getByTestId('field-priceMotorbike').fill('2500');
  await form.getByTestId('field-qr-iin').fill(QR.iin);
  await form.getByTestId('field-code').fill(taken.code);
  await form.getByTestId('shop-form-save').click();
  await expect(form.getByText(MSG.codeTaken)).toBeVisible();
  await page.getByRole('button', { name: 'ຍົກເລີກ' }).click();
  await expect(form).toBeHidden();
  await expect(row.getByTestId('shop-name')).toHaveText(name);
  expect((await apiShopDetail(request, id)).shop).toMatchObject({
    name,
    code,
    priceMotorbike: 2000,
    qrReceiver: QR,
  });

  // The Lao QR receiver can be taken away again.
  await row.getByTestId('shop-edit').click();
  await form.getByTestId('qr-clear').click();
  await expect(form.getByTestId('qr-toggle')).toContainText('ຍັງບໍ່ໄດ້ຕັ້ງ');
  await form.getByTestId('shop-form-save').click();
  await expect(form).toBeHidden();
  expect((await apiShopDetail(request, id)).shop.qrReceiver).toBeNull();
});

test('shop staff only read their shop; an agent creates without choosing an agent', async ({
  page,
  request,
}) => {
  const agentName = `ຕົວແທນ ${stamp()}`;
  const agent = await createUser(request, 'AGENT', { fullName: agentName });
  const shop = await apiCreateShop(request, { name: `ຮ້ານ ຂອງຕົວແທນ ${stamp()}`, agentId: agent.id });
  const staff = await createUser(request, 'SHOP', { shopId: shop.id, fullName: 'ນາງ ແກ້ວ ພະນັກງານ' });

  await signIn(page, staff.username, staff.password);
  await page.goto('/app/shops');
  await expect(page.getByTestId('data-row')).toHaveCount(1);
  await expect(page.getByTestId('shop-name')).toHaveText(shop.name);
  await expect(page.getByTestId('shop-create')).toHaveCount(0);
  await expect(page.getByTestId('filter-agent')).toHaveCount(0);
  await expect(page.getByTestId('shop-edit')).toHaveCount(0);
  await expect(page.getByTestId('shop-add-branch')).toHaveCount(0);
  await page.getByTestId('shop-open').click();
  const detail = page.getByTestId('shop-detail');
  await expect(detail.getByTestId('detail-name')).toHaveText(shop.name);
  await expect(detail.getByTestId('shop-staff')).toContainText('ນາງ ແກ້ວ ພະນັກງານ');
  await expect(detail.getByTestId('shop-staff')).toContainText(`@${staff.username}ພະນັກງານຮ້ານໃຊ້ງານ`);
  await expect(detail.getByTestId('detail-edit')).toHaveCount(0);
  await expect(detail.getByTestId('detail-add-branch')).toHaveCount(0);
  await page.reload(); // ?shop= is a link: the detail opens again
  await expect(detail.getByTestId('detail-name')).toHaveText(shop.name);
  await detail.getByTestId('detail-close').click();
  await expect(page).not.toHaveURL(/shop=/);

  await page.getByTestId('profile-button').click();
  await page.getByTestId('menu-logout').click();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  await signIn(page, agent.username, agent.password);
  await page.goto('/app/shops');
  await expect(page.getByTestId('shop-name')).toHaveText([shop.name]);
  await expect(page.getByTestId('filter-agent')).toHaveCount(0);
  await page.getByTestId('shop-create').click();
  const form = page.getByTestId('shop-form');
  await expect(form.getByTestId('field-agent')).toHaveCount(0);
  const mine = `ຮ້ານ ໃໝ່ຂອງຕົວແທນ ${stamp()}`;
  await form.getByTestId('field-name').fill(mine);
  await form.getByTestId('field-priceMotorbike').fill('1000');
  await form.getByTestId('field-priceCar').fill('5000');
  await form.getByTestId('shop-form-save').click();
  await expect(lastToast(page)).toHaveText(MSG.created);
  await expect(page.getByTestId('shop-name')).toHaveCount(2);
  await expect(page.getByTestId('data-row').filter({ hasText: mine })).toHaveCount(1);
  await page.getByTestId('shop-name').filter({ hasText: mine }).click();
  await expect(page.getByTestId('shop-detail').getByTestId('detail-agent')).toHaveText(agentName);
  expect((await apiShopDetail(request, shopIdOf(page))).shop.agentId).toBe(agent.id);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the list, the detail and the form fit 375 px', async ({ page, request }) => {
    const long = `ຮ້ານຈອດລົດສູນການຄ້າໃຈກາງນະຄອນຫຼວງວຽງຈັນແຫ່ງທີສອງ${stamp()}`;
    const shop = await apiCreateShop(request, {
      name: long,
      address: 'ຖະໜົນ ສາມແສນໄທ, ບ້ານ ຊຽງຍືນ, ເມືອງ ຈັນທະບູລີ, ນະຄອນຫຼວງວຽງຈັນ',
      openShop: '06:00',
      closeShop: '23:30',
      conditions: 'ບໍ່ຮັບຜິດຊອບຂອງມີຄ່າທີ່ລືມໄວ້ໃນລົດ. ບິນເສຍ ປັບ 20,000 ກີບ.',
    });
    await createUser(request, 'MANAGER', { shopId: shop.id, fullName: 'ທ້າວ ສົມສັກ ຜູ້ຈັດການຮ້ານຈອດລົດ' });
    await signIn(page);
    await page.goto(`/app/shops?q=${shop.code}`);
    const card = page.getByTestId('data-row');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('shop-name')).toHaveText(long);
    await expectNoHorizontalOverflow(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await card.getByTestId('shop-hours').click(); // a tap anywhere on the card
    const detail = page.getByTestId('shop-detail');
    await expect(detail.getByTestId('detail-name')).toHaveText(long);
    await expect(detail.getByTestId('shop-staff')).toContainText('ທ້າວ ສົມສັກ ຜູ້ຈັດການຮ້ານຈອດລົດ');
    const dialog = detail.getByRole('dialog');
    expect((await dialog.boundingBox())?.width).toBe(375);
    await expectNoHorizontalOverflow(page);
    await expectNoOverflowIn(dialog.locator('.MuiDialogContent-root'));
    await page.goBack();
    await expect(detail).toBeHidden();

    await page.getByTestId('shop-create').click();
    const form = page.getByTestId('shop-form');
    await form.getByTestId('qr-toggle').click();
    await form.getByTestId('shop-form-save').click();
    await expect(form.getByText(MSG.nameRequired)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoOverflowIn(form.locator('.MuiDialogContent-root'));
  });
});
