import { checkIn, checkOut, shopWithStaff } from '../support/bills.ts';
import {
  fillRule,
  openEditor,
  pickShop,
  recordApiCalls,
  ruleCard,
  rulesOf,
  setStay,
  shopOf,
} from '../support/prices.ts';
import { expect, test } from '../support/test.ts';
import { signIn } from '../support/ui.ts';

const stamp = () => Date.now().toString(36);

test('an admin makes the motorbike price timed, watching the live calculator before saving', async ({
  page,
  request,
}) => {
  const name = `ຮ້ານ ລາຄາ ${stamp()}`;
  const { shopId } = await shopWithStaff(request, name);
  await signIn(page);
  await page.goto('/app/prices');

  // No shop yet: the screen says what to do rather than showing someone's prices.
  await expect(page.getByTestId('empty-state')).toHaveText('ເລືອກຮ້ານກ່ອນ');
  await expect(page.getByTestId('rules')).toHaveCount(0);
  await pickShop(page, name);
  await expect(page).toHaveURL(new RegExp(`shopId=${shopId}`));
  await expect(ruleCard(page, 'MOTORBIKE').getByTestId('rule-text')).toHaveText('3,000 ກີບ ຕໍ່ຄັ້ງ');
  await expect(ruleCard(page, 'CAR').getByTestId('rule-text')).toHaveText('10,000 ກີບ ຕໍ່ຄັ້ງ');
  // Motorbike and car are the shop's main prices: edited, never deleted.
  await expect(ruleCard(page, 'MOTORBIKE').getByTestId('rule-delete')).toHaveCount(0);

  const form = await openEditor(page, 'MOTORBIKE');
  await expect(form.getByTestId('field-graceMinutes')).toHaveCount(0); // FLAT shows only its own boxes
  await form.getByTestId('mode-TIMED').click();
  await expect(form.getByTestId('field-flatFee')).toHaveCount(0);
  await fillRule(form, {
    graceMinutes: '10',
    firstPeriodMinutes: '60',
    firstPeriodFee: '5000',
    nextPeriodMinutes: '60',
    nextPeriodFee: '2,000',
    dailyCap: '20000',
    lostTicketFee: '50000',
  });
  // 2 h 30: the first hour 5,000, then two further hours started (60–120, 120–150) 2 × 2,000.
  await setStay(form, '2026-11-22T10:00', '2026-11-22T12:30');
  const total = form.getByTestId('calc-total');
  await expect(total).toHaveText('9,000 ₭');
  await expect(form.getByTestId('fee-duration')).toHaveText('2 ຊົ່ວໂມງ 30 ນາທີ');
  await expect(form.getByTestId('fee-part')).toHaveText(['ຊ່ວງທຳອິດ5,000 ₭', 'ຊ່ວງຕໍ່ໄປ × 24,000 ₭']);
  // Within the 10 free minutes: nothing to pay.
  await setStay(form, '2026-11-22T10:00', '2026-11-22T10:10');
  await expect(total).toHaveText('0 ₭');
  // 9 hours: 5,000 + 8 × 2,000 = 21,000, held to the 20,000 daily cap; a lost ticket adds 50,000.
  await setStay(form, '2026-11-22T09:00', '2026-11-22T18:00');
  await expect(total).toHaveText('20,000 ₭');
  await form.getByTestId('calc-lost').click();
  await expect(total).toHaveText('70,000 ₭');
  // A member parks free but still pays for a lost ticket.
  await form.getByTestId('calc-member').click();
  await expect(total).toHaveText('50,000 ₭');
  await form.getByTestId('calc-member').click();
  await form.getByTestId('calc-lost').click();
  // Typing changes the number at once, and nothing has been saved yet.
  await fillRule(form, { firstPeriodFee: '6000' });
  await expect(total).toHaveText('20,000 ₭');
  await setStay(form, '2026-11-22T10:00', '2026-11-22T12:30');
  await expect(total).toHaveText('10,000 ₭');
  expect((await rulesOf(request, shopId)).MOTORBIKE).toMatchObject({ mode: 'FLAT', flatFee: 3000 });
  await fillRule(form, { firstPeriodFee: '5000' });
  await expect(total).toHaveText('9,000 ₭');

  await form.getByTestId('rule-save').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText('ບັນທຶກສຳເລັດ');
  await expect(form).toBeHidden();
  const text = 'ຟຣີ 10 ນາທີ, 1 ຊົ່ວໂມງທຳອິດ 5,000 ກີບ, ທຸກໆ 1 ຊົ່ວໂມງຕໍ່ໄປ 2,000 ກີບ, ສູງສຸດ 20,000 ກີບ/ມື້; ບິນເສຍ 50,000 ກີບ';
  await expect(ruleCard(page, 'MOTORBIKE').getByTestId('rule-text')).toHaveText(text);
  await expect(ruleCard(page, 'MOTORBIKE').getByTestId('rule-mode')).toHaveText('ຕາມເວລາ');
  await page.reload();
  await expect(ruleCard(page, 'MOTORBIKE').getByTestId('rule-text')).toHaveText(text);
  expect((await rulesOf(request, shopId)).MOTORBIKE).toMatchObject({
    mode: 'TIMED',
    graceMinutes: 10,
    firstPeriodFee: 5000,
    nextPeriodFee: 2000,
    dailyCap: 20000,
    overnightFee: null,
    lostTicketFee: 50000,
  });
  // The shop's motorbike price follows its rule (the first period of a timed rule).
  expect((await shopOf(request, shopId)).priceMotorbike).toBe(5000);
});

test('a truck price is added, refused deletion while a truck is parked, then deleted', async ({
  page,
  request,
}) => {
  const name = `ຮ້ານ ລົດບັນທຸກ ${stamp()}`;
  const { shopId, staff } = await shopWithStaff(request, name);
  await signIn(page);
  await page.goto(`/app/prices?shopId=${shopId}`);
  await expect(ruleCard(page, 'MOTORBIKE')).toBeVisible();
  await expect(ruleCard(page, 'TRUCK')).toHaveCount(0);

  await page.getByTestId('rule-add-TRUCK').click();
  const form = page.getByTestId('rule-form');
  await expect(page.getByRole('heading', { name: 'ເພີ່ມລາຄາ ລົດບັນທຸກ' })).toBeVisible();
  // A new price starts empty, so it is never free by omission.
  await expect(form.getByTestId('calc-message')).toHaveText('ຍັງຄິດໄລ່ບໍ່ໄດ້: «ຄ່າຝາກຕໍ່ຄັ້ງ» ກະລຸນາປ້ອນຂໍ້ມູນ');
  await fillRule(form, { flatFee: '15000', overnightFee: '20000' });
  await setStay(form, '2026-11-22T20:00', '2026-11-23T09:00');
  await expect(form.getByTestId('calc-total')).toHaveText('35,000 ₭'); // 15,000 + one night 20,000
  await form.getByTestId('rule-save').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText('ສ້າງສຳເລັດ');
  const card = ruleCard(page, 'TRUCK');
  await expect(card.getByTestId('rule-text')).toHaveText('15,000 ກີບ ຕໍ່ຄັ້ງ, ຄ້າງຄືນ 20,000 ກີບ');
  await expect(page.getByTestId('rule-add-TRUCK')).toHaveCount(0);

  // A truck is parked: the server refuses and the screen says why.
  const bill = await checkIn(request, staff.token, { vehicleType: 'TRUCK' });
  await card.getByTestId('rule-delete').click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('toast-error').last()).toHaveText(
    'ຍັງມີລົດປະເພດນີ້ຈອດຢູ່, ລຶບລາຄານີ້ບໍ່ໄດ້ຈົນກວ່າລົດຈະອອກໝົດ',
  );
  await expect(card).toBeVisible();
  expect((await rulesOf(request, shopId)).TRUCK).toBeDefined();

  await checkOut(request, staff.token, bill.id);
  await card.getByTestId('rule-delete').click();
  await expect(page.getByRole('dialog')).toContainText('ຮ້ານຈະບໍ່ຮັບຝາກ ລົດບັນທຸກ ອີກ ຈົນກວ່າຈະເພີ່ມລາຄາໃໝ່.');
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText('ລຶບສຳເລັດ');
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('rule-add-TRUCK')).toBeVisible();
  expect((await rulesOf(request, shopId)).TRUCK).toBeUndefined();
});

test('bad input shows Lao messages, the calculator refuses to guess, and nothing is saved', async ({
  page,
  request,
}) => {
  const { shopId } = await shopWithStaff(request, `ຮ້ານ ກວດ ${stamp()}`);
  const before = await rulesOf(request, shopId);
  const writes = recordApiCalls(page, 'prices/update');
  await signIn(page);
  await page.goto(`/app/prices?shopId=${shopId}`);

  const form = await openEditor(page, 'CAR');
  await fillRule(form, { flatFee: '-500' });
  await expect(form.getByTestId('calc-message')).toHaveText(
    'ຍັງຄິດໄລ່ບໍ່ໄດ້: «ຄ່າຝາກຕໍ່ຄັ້ງ» ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ',
  );
  await expect(form.getByTestId('calc-total')).toHaveCount(0);
  await form.getByTestId('rule-save').click();
  await expect(form.getByText('ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ', { exact: true })).toBeVisible();
  await expect(form.getByTestId('field-flatFee')).toHaveAttribute('aria-invalid', 'true');

  await form.getByTestId('mode-TIMED').click();
  await fillRule(form, { firstPeriodMinutes: '0', firstPeriodFee: '8000', dailyCap: '5000' });
  await form.getByTestId('rule-save').click();
  await expect(form.getByText('ຕ້ອງບໍ່ໜ້ອຍກວ່າ 1', { exact: true })).toBeVisible();
  await fillRule(form, { firstPeriodMinutes: '60' });
  await form.getByTestId('rule-save').click();
  await expect(form.getByText('ເພດານຕໍ່ມື້ຕ້ອງບໍ່ໜ້ອຍກວ່າລາຄາຊ່ວງທຳອິດ', { exact: true })).toBeVisible();
  await expect(form.getByTestId('calc-message')).toContainText('«ເພດານຕໍ່ມື້»');

  await form.getByRole('button', { name: 'ຍົກເລີກ' }).click();
  await expect(form).toBeHidden();
  await expect(ruleCard(page, 'CAR').getByTestId('rule-text')).toHaveText('10,000 ກີບ ຕໍ່ຄັ້ງ');
  expect(writes).toEqual([]);
  expect(await rulesOf(request, shopId)).toEqual(before);
});

test('shop staff read the prices of their own shop; their manager edits them', async ({ page, request }) => {
  const name = `ຮ້ານ ພະນັກງານ ${stamp()}`;
  const { staff, manager } = await shopWithStaff(request, name);
  await signIn(page, staff.username, staff.password);
  await page.goto('/app/prices');
  await expect(page.getByRole('heading', { level: 1, name: 'ລາຄາ' })).toBeVisible();
  await expect(page.getByText(`ລາຄາຝາກລົດຂອງ ${name}`)).toBeVisible();
  await expect(ruleCard(page, 'MOTORBIKE').getByTestId('rule-text')).toHaveText('3,000 ກີບ ຕໍ່ຄັ້ງ');
  await expect(page.getByTestId('prices-read-only')).toBeVisible();
  await expect(page.getByTestId('prices-shop')).toHaveCount(0);
  await expect(page.getByTestId('rule-edit')).toHaveCount(0);
  await expect(page.getByTestId('rule-delete')).toHaveCount(0);
  await expect(page.getByTestId('rule-add')).toHaveCount(0);

  await page.getByTestId('profile-button').click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, manager.username, manager.password);
  await page.goto('/app/prices');
  await expect(page.getByTestId('prices-shop')).toHaveValue(name);
  await expect(ruleCard(page, 'CAR').getByTestId('rule-edit')).toBeVisible();
  await expect(page.getByTestId('rule-add')).toBeVisible();
  await expect(page.getByTestId('prices-read-only')).toHaveCount(0);
});

test('on a 375 px phone nothing overflows and the calculator sits below the form', async ({
  page,
  request,
}) => {
  const { shopId } = await shopWithStaff(request, `ຮ້ານ ໂທລະສັບ ${stamp()}`);
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  await page.goto('/app/prices');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(375);

  await page.goto(`/app/prices?shopId=${shopId}`);
  await expect(ruleCard(page, 'CAR')).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(375);

  const form = await openEditor(page, 'MOTORBIKE');
  await form.getByTestId('mode-TIMED').click();
  await expect(form.getByTestId('calc-total')).toBeVisible();
  expect(await scrollWidth()).toBeLessThanOrEqual(375);
  const fields = await form.getByTestId('field-lostTicketFee').boundingBox();
  const calculator = await form.getByTestId('fee-calculator').boundingBox();
  expect(calculator && fields && calculator.y > fields.y).toBe(true);
  expect(calculator && calculator.x + calculator.width).toBeLessThanOrEqual(375);
});
