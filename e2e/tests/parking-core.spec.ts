import type { Shop } from '@parking-hub/contracts/shops';
import { apiLogin, createUser } from '../support/api.ts';
import { checkIn } from '../support/bills.ts';
import { fillRule, openEditor, ruleCard } from '../support/prices.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, signIn } from '../support/ui.ts';

const stamp = () => Date.now().toString(36);

/**
 * The journey in one go, each step on what the one before made: an admin creates a shop
 * and sets its prices on the screens, its staff check a vehicle in through the API (as the mobile
 * app does), scan the ticket on /app/bills and cancel it with a reason, and a customer opens the
 * e-receipt of another ticket on a phone and sees the new price.
 */
test('create a shop, price it, check a bill in, scan and cancel it, open a receipt at 375 px', async ({
  page,
  request,
  browser,
}) => {
  const name = `ຮ້ານ ເສັ້ນທາງ ${stamp()}`;
  await signIn(page);
  await page.goto('/app/shops');
  await page.getByTestId('shop-create').click();
  const form = page.getByTestId('shop-form');
  await form.getByTestId('field-name').fill(name);
  await form.getByTestId('field-priceMotorbike').fill('2000');
  await form.getByTestId('field-priceCar').fill('6000');
  await form.getByTestId('shop-form-save').click();
  await expect(form).toBeHidden();

  const { token } = await apiLogin(request);
  const listed = await request.post('/parking-hub-api/v1/shops', {
    headers: { authorization: `Bearer ${token}` },
    data: { q: name },
  });
  const shop = ((await listed.json()) as { data: Shop[] }).data[0];
  expect(shop?.name).toBe(name);
  const shopId = shop?.id ?? '';

  // The motorbike's flat fee goes from the 2,000 typed in the shop form to 4,500.
  await page.goto(`/app/prices?shopId=${shopId}`);
  await expect(ruleCard(page, 'MOTORBIKE').getByTestId('rule-text')).toHaveText('2,000 ກີບ ຕໍ່ຄັ້ງ');
  const editor = await openEditor(page, 'MOTORBIKE');
  await fillRule(editor, { flatFee: '4500' });
  await editor.getByTestId('rule-save').click();
  await expect(editor).toBeHidden();
  await expect(ruleCard(page, 'MOTORBIKE').getByTestId('rule-text')).toHaveText('4,500 ກີບ ຕໍ່ຄັ້ງ');

  // The shop's staff check two motorbikes in through the API.
  const staff = await createUser(request, 'SHOP', { shopId, fullName: `ພະນັກງານ ${name}` });
  const staffToken = (await apiLogin(request, staff.username, staff.password)).token;
  const first = await checkIn(request, staffToken, { vehicleType: 'MOTORBIKE', plate: 'ຂຂ 1111' });
  const second = await checkIn(request, staffToken, { vehicleType: 'MOTORBIKE', plate: 'ຂຂ 2222' });
  expect([first.number, second.number]).toEqual([1, 2]);

  await page.evaluate(() => localStorage.removeItem('PARKING_HUB'));
  await signIn(page, staff.username, staff.password);
  await page.goto('/app/bills');
  await page.getByTestId('scan-input').fill(first.reference);
  await page.getByTestId('scan-input').press('Enter');
  const detail = page.getByTestId('bill-detail');
  await expect(detail.getByTestId('bill-title')).toHaveText('ບິນເລກທີ 1');
  await expect(detail.getByTestId('bill-fee-total')).toHaveText('4,500 ₭');
  await detail.getByTestId('action-cancel').click();
  await page.getByTestId('cancel-submit').click();
  await expect(page.getByTestId('cancel-form')).toContainText('ກະລຸນາປ້ອນເຫດຜົນ'); // a reason is required
  await page.getByTestId('cancel-reason').fill('ລູກຄ້າປ່ຽນໃຈ ບໍ່ຝາກ');
  await page.getByTestId('cancel-submit').click();
  await expect(detail.getByTestId('bill-status')).toHaveText('ຍົກເລີກ');
  await expect(detail.getByTestId('timeline-kind')).toContainText(['ລົດເຂົ້າ', 'ຍົກເລີກ']);

  // The customer of the second ticket, on a phone, signed in as nobody.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'lo-LA' });
  const customer = await phone.newPage();
  await customer.goto(`/bill/${second.reference}`);
  await expect(customer.getByTestId('receipt-shop')).toHaveText(name);
  await expect(customer.getByTestId('receipt-plate')).toHaveText('ຂຂ 2222');
  await expect(customer.getByTestId('receipt-total')).toHaveText('4,500 ₭');
  await expect(customer.getByTestId('receipt')).not.toContainText(staff.username);
  await expectNoHorizontalOverflow(customer);
  // The cancelled ticket's receipt says so.
  await customer.goto(`/bill/${first.reference}`);
  await expect(customer.getByTestId('receipt-status')).toContainText('ຍົກເລີກ');
  await phone.close();
});
