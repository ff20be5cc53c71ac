import type { Page } from '@playwright/test';
import { checkIn, shopWithStaff } from '../support/bills.ts';
import { withDb } from '../support/db.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen, prints, signIn, stubPrint } from '../support/ui.ts';

const stamp = () => Date.now().toString(36);

async function scan(page: Page, text: string) {
  const box = page.getByTestId('scan-input');
  await box.fill(text);
  await box.press('Enter');
}

test('a bill checked in through the API is scanned, printed twice and cancelled with a reason', async ({
  page,
  request,
}) => {
  const s = await shopWithStaff(request, `ຮ້ານ ສະແກນ ${stamp()}`, { conditions: 'ບໍ່ຮັບຜິດຊອບຂອງມີຄ່າໃນລົດ' });
  const bill = await checkIn(request, s.staff.token, { vehicleType: 'MOTORBIKE', plate: 'ກຂ 1234' });
  await stubPrint(page);
  await signIn(page, s.staff.username, s.staff.password);
  await page.goto('/app/bills');
  const box = page.getByTestId('scan-input');
  await expect(box).toBeFocused();

  // What cannot be a bill, and a reference nobody issued: said under the box, which is ready again.
  await scan(page, 'hello?');
  await expect(page.getByTestId('scan-message')).toHaveText('«hello?» ບໍ່ແມ່ນເລກອ້າງອີງບິນ. ກວດຄືນ ຫຼື ສະແກນໃໝ່');
  await expect(box).toHaveValue('');
  await expect(box).toBeFocused();
  await scan(page, '1-ABCDEFGHJKMN');
  await expect(page.getByTestId('scan-message')).toHaveText('ບໍ່ພົບບິນ «1-ABCDEFGHJKMN»');

  // Part of a plate typed in the scan box searches the history by plate, over the last 30 days.
  await scan(page, 'ຂ 12');
  await expect(page.getByTestId('scan-message')).toHaveText('ສະແດງບິນ 30 ມື້ຫຼ້າສຸດ ທີ່ທະບຽນລົດມີ «ຂ 12»');
  await expect(page).toHaveURL(/plate=/);
  await expect(page.getByTestId('range-last30')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('filter-q')).toHaveValue('ຂ 12');
  await expect(page.getByTestId('data-row')).toHaveCount(1);
  await expectSeen(page.getByTestId('data-row').first());
  await expect(page.getByTestId('data-row').first()).toContainText('ກຂ 1234');
  // The filter stays as the scan box set it (the search field does not send its old text back).
  await page.waitForTimeout(600);
  await expect(page).toHaveURL(/plate=/);
  await expect(box).toBeFocused();

  await scan(page, bill.reference.toLowerCase());
  const detail = page.getByTestId('bill-detail');
  await expect(detail.getByTestId('bill-title')).toHaveText(`ບິນເລກທີ ${bill.number}`);
  await expect(page).toHaveURL(new RegExp(`bill=${bill.id}`));
  await expect(detail.getByTestId('bill-reference')).toHaveText(bill.reference);
  await expect(detail.getByTestId('bill-plate')).toHaveText('ກຂ 1234');
  await expect(detail.getByTestId('bill-fee')).toContainText('ຄ່າທຳນຽມຖ້າອອກຕອນນີ້');
  await expect(detail.getByTestId('bill-fee-total')).toHaveText('3,000 ₭');
  await expect(detail.getByTestId('fee-part')).toContainText(['ຄ່າຝາກຕໍ່ຄັ້ງ']);
  await expect(detail.getByTestId('timeline-kind')).toHaveText(['ລົດເຂົ້າ']);
  await page.reload(); // ?bill= keeps the detail open
  await expect(detail.getByTestId('bill-title')).toHaveText(`ບິນເລກທີ ${bill.number}`);

  // The first print is recorded as PRINT (58 mm), then the ticket goes to the printer.
  await detail.getByTestId('print-58').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText('ບັນທຶກການພິມສຳເລັດ');
  await expect(detail.getByTestId('timeline-kind')).toHaveText(['ລົດເຂົ້າ', 'ພິມບິນ']);
  await expect(detail.getByTestId('timeline-event').nth(1)).toContainText('ເຈ້ຍ 58 mm');
  const ticket = page.getByTestId('ticket');
  await expect(ticket).toHaveAttribute('data-paper', '58');
  await expect(ticket.getByTestId('ticket-number')).toHaveText(String(bill.number));
  await expect(ticket).toContainText('ລົດຈັກ · ກຂ 1234');
  await expect(ticket).toContainText(bill.reference);
  await expect(ticket.getByTestId('ticket-qr')).toHaveAttribute(
    'aria-label',
    new RegExp(`/bill/${bill.reference}$`),
  );
  await expect(ticket.getByTestId('ticket-conditions')).toHaveText('ບໍ່ຮັບຜິດຊອບຂອງມີຄ່າໃນລົດ');
  await expect.poll(() => prints(page)).toBe(1);

  // On paper only the ticket shows, as wide as the roll, on one page.
  await page.emulateMedia({ media: 'print' });
  await expect(ticket).toBeVisible();
  await expect(detail).toBeHidden();
  expect((await ticket.boundingBox())?.width).toBeCloseTo((58 * 96) / 25.4, 0);
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  // The second print is a REPRINT, marked so on the ticket.
  await detail.getByTestId('print-80').click();
  await expect(detail.getByTestId('timeline-kind')).toHaveText(['ລົດເຂົ້າ', 'ພິມບິນ', 'ພິມຄືນ']);
  await expect(detail.getByTestId('timeline-event').nth(2)).toContainText('ເຈ້ຍ 80 mm');
  await expect(ticket).toHaveAttribute('data-paper', '80');
  await expect(ticket).toContainText('ພິມຄືນ');
  await expect.poll(() => prints(page)).toBe(2);

  // Cancel: the reason is required (Lao message under the field), then kept on the bill.
  await detail.getByTestId('action-cancel').click();
  const form = page.getByTestId('cancel-form');
  await form.getByTestId('cancel-submit').click();
  await expect(form.getByText('ກະລຸນາປ້ອນເຫດຜົນ (ຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ)')).toBeVisible();
  await form.getByTestId('cancel-reason').fill('ລູກຄ້າປ່ຽນໃຈ');
  await form.getByTestId('cancel-submit').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText('ຍົກເລີກບິນສຳເລັດ');
  await expect(form).toBeHidden();
  await expect(detail.getByTestId('bill-status')).toHaveText('ຍົກເລີກ');
  await expect(detail.getByTestId('timeline-event').last()).toContainText('ເຫດຜົນ: ລູກຄ້າປ່ຽນໃຈ');
  await expect(detail.getByTestId('print-58')).toHaveCount(0);
  await detail.getByTestId('bill-close').click();
  await expect(detail).toBeHidden();

  await page.getByRole('combobox', { name: /^ສະຖານະ/ }).click();
  await page.getByRole('option', { name: 'ຍົກເລີກ' }).click();
  await expect(page).toHaveURL(/status=CANCELLED/);
  const row = page.getByTestId('data-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`#${bill.number}`);
  await expect(row).toContainText('ຍົກເລີກ');
  await expect(row).toContainText('2'); // prints
});

test('check out with cash and by Lao QR; only a manager may cancel a closed bill', async ({
  page,
  request,
  baseURL,
}) => {
  const s = await shopWithStaff(request, `ຮ້ານ ອອກ ${stamp()}`, { qr: true });
  const bike = await checkIn(request, s.staff.token, { vehicleType: 'MOTORBIKE', plate: 'ກກ 1' });
  const car = await checkIn(request, s.staff.token, { vehicleType: 'CAR', plate: 'ກກ 2' });
  await signIn(page, s.staff.username, s.staff.password);
  await page.goto('/app/bills');
  const detail = page.getByTestId('bill-detail');

  await scan(page, bike.reference);
  await detail.getByTestId('action-checkout').click();
  await expect(page.getByTestId('checkout-fee-now')).toHaveText('3,000 ₭');
  await page.getByTestId('checkout-confirm').click(); // cash is the default
  await expect(page.getByTestId('toast-success').last()).toHaveText('ບັນທຶກລົດອອກສຳເລັດ');
  await expect(page.getByTestId('checkout-fee')).toHaveText('3,000 ₭');
  await expect(page.getByTestId('checkout-done')).toContainText('ເງິນສົດ');
  await page.getByTestId('checkout-close').click();
  await expect(detail.getByTestId('bill-status')).toHaveText('ອອກແລ້ວ');
  await expect(detail.getByTestId('bill-fee')).toContainText('ຊຳລະດ້ວຍ ເງິນສົດ');
  await expect(detail.getByTestId('timeline-event').last()).toContainText('3,000 ₭ · ເງິນສົດ');
  // A closed bill: shop staff may print it, not change or cancel it.
  await expect(detail.getByTestId('print-58')).toBeVisible();
  await expect(detail.getByTestId('action-cancel')).toHaveCount(0);
  await expect(detail.getByTestId('action-correct')).toHaveCount(0);
  await expect(detail).toContainText('ບິນທີ່ປິດແລ້ວ ແກ້ໄຂ ຫຼື ຍົກເລີກໄດ້ສະເພາະຜູ້ຈັດການຂຶ້ນໄປ');
  await detail.getByTestId('bill-close').click();
  await expect(page.getByTestId('scan-input')).toBeFocused(); // ready for the next scan

  // Scanned as the receipt URL the ticket's QR holds; paid by Lao QR.
  await scan(page, `${baseURL}/bill/${car.reference}`);
  await detail.getByTestId('action-checkout').click();
  await page.getByTestId('method-qr').click();
  await expect(page.getByTestId('pay-qr-image')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByTestId('pay-qr')).toContainText('10,000 ₭');
  await expect(page.getByTestId('pay-qr')).toContainText('Test Parking');
  await page.getByTestId('checkout-confirm').click();
  await expect(page.getByTestId('checkout-done')).toContainText('ໂອນຜ່ານ QR');
  await page.getByTestId('checkout-close').click();
  await detail.getByTestId('bill-close').click();
  const rows = page.getByTestId('data-row');
  await expect(rows.filter({ hasText: `#${car.number}` })).toContainText('10,000 ₭');
  await expect(rows.filter({ hasText: `#${bike.number}` })).toContainText('3,000 ₭');

  // A lost ticket: the dialog shows the stay plus the lost-ticket fee before anyone confirms.
  // Written by hand, then announced as the app announces a price change (caches forget the shop).
  await withDb(async (c) => {
    await c.query(
      "update price_rules set lost_ticket_fee = 20000 where shop_id = $1 and vehicle_type = 'MOTORBIKE'",
      [s.shopId],
    );
    await c.query("select pg_notify('ph_auth', 'h:' || $1::text)", [s.shopId]);
  });
  const lost = await checkIn(request, s.staff.token, { vehicleType: 'MOTORBIKE', plate: 'ກກ 3' });
  await scan(page, lost.reference);
  await detail.getByTestId('action-lost').click();
  await expect(page.getByTestId('checkout-fee-now')).toHaveText('23,000 ₭');
  await expect(page.getByTestId('checkout-form')).toContainText('ຄ່າບິນເສຍ');
  await page.getByTestId('checkout-confirm').click();
  await expect(page.getByTestId('checkout-fee')).toHaveText('23,000 ₭');
  await page.getByTestId('checkout-close').click();
  await expect(detail.getByTestId('bill-status')).toHaveText('ບິນເສຍ');
  await detail.getByTestId('bill-close').click();

  // The manager of the shop may cancel the closed bill.
  await page.evaluate(() => localStorage.removeItem('PARKING_HUB'));
  await signIn(page, s.manager.username, s.manager.password);
  await page.goto(`/app/bills?bill=${bike.id}`);
  await expect(detail.getByTestId('bill-status')).toHaveText('ອອກແລ້ວ');
  await detail.getByTestId('action-cancel').click();
  await page.getByTestId('cancel-reason').fill('ພະນັກງານກົດຜິດບິນ');
  await page.getByTestId('cancel-submit').click();
  await expect(detail.getByTestId('bill-status')).toHaveText('ຍົກເລີກ');
  await expect(detail.getByTestId('bill-fee')).toContainText('3,000 ₭');
  await expect(detail.getByTestId('bill-fee')).toContainText('ພະນັກງານກົດຜິດບິນ');
});

test('filters in the URL and cursor paging forward and back', async ({ page, request }) => {
  const s = await shopWithStaff(request, `ຮ້ານ ໜ້າ ${stamp()}`);
  for (let i = 1; i <= 20; i++) await checkIn(request, s.staff.token, { vehicleType: 'MOTORBIKE' });
  for (let i = 1; i <= 3; i++)
    await checkIn(request, s.staff.token, { vehicleType: 'CAR', plate: `ຄຄ 700${i}` });
  for (let i = 1; i <= 2; i++)
    await checkIn(request, s.manager.token, { vehicleType: 'CAR', plate: `ງງ 80${i}` });
  await signIn(page, s.staff.username, s.staff.password);
  await page.goto('/app/bills');
  const rows = page.getByTestId('data-row');
  const range = page.getByTestId('pager-range');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ປະຫວັດການພິມບິນ');
  await expect(page.getByText('25 ບິນ')).toBeVisible();
  await expect(page.getByTestId('range-today')).toHaveAttribute('aria-pressed', 'true');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('#25');
  await expect(range).toHaveText('1–20 ຈາກ 25 · ໜ້າ 1');

  await page.getByTestId('page-next').click();
  await expect(page).toHaveURL(/page=2&cursor=|cursor=.*page=2/);
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText('#5');
  await expect(range).toHaveText('21–25 ຈາກ 25 · ໜ້າ 2');
  await expect(page.getByTestId('page-next')).toBeDisabled();
  await page.reload(); // the cursor is in the URL: the same page comes back
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText('#5');
  await page.getByTestId('page-previous').click();
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('#25');
  await expect(page).not.toHaveURL(/cursor=/);
  await page.getByTestId('page-next').click();
  await expect(rows).toHaveCount(5);
  await page.goBack(); // the browser's Back agrees with the pager
  await expect(rows).toHaveCount(20);

  await page.getByRole('combobox', { name: /^ປະເພດລົດ/ }).click();
  await page.getByRole('option', { name: 'ລົດໃຫຍ່' }).click();
  await expect(page).toHaveURL(/vehicleType=CAR/);
  await expect(rows).toHaveCount(5);
  await page.getByTestId('filter-q').fill('7002');
  await expect(page).toHaveURL(/plate=7002/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('ຄຄ 7002');
  await page.getByTestId('filter-q').fill('');
  await expect(rows).toHaveCount(5);
  await page.getByTestId('filter-staff').fill('ຜູ້ຈັດການ');
  await page.getByRole('option', { name: /^ຜູ້ຈັດການ ຮ້ານ ໜ້າ/ }).click();
  await expect(page).toHaveURL(new RegExp(`staffId=${s.manager.id}`));
  await expect(rows).toHaveCount(2);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('filter-staff')).toHaveValue(/^ຜູ້ຈັດການ ຮ້ານ ໜ້າ/);

  await page.getByTestId('range-yesterday').click();
  await expect(page.getByTestId('empty-state')).toHaveText('ບໍ່ມີບິນໃນຊ່ວງນີ້');
  await expect(page.getByTestId('bills-pager')).toHaveCount(0);
  await page.getByTestId('range-last7').click();
  await expect(rows).toHaveCount(2);

  // Digits in the scan box are a bill number of the staff's own shop.
  await scan(page, '7');
  await expect(page.getByTestId('bill-detail').getByTestId('bill-title')).toHaveText('ບິນເລກທີ 7');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the history shows cards, the detail fills the screen and Back closes it', async ({
    page,
    request,
  }) => {
    const s = await shopWithStaff(request, `ຮ້ານ ມືຖື ${stamp()}`);
    const bill = await checkIn(request, s.staff.token, { vehicleType: 'CAR', plate: 'ກຂ 5555' });
    await signIn(page, s.staff.username, s.staff.password);
    await page.goto('/app/bills');
    await expect(page.getByTestId('data-row')).toHaveCount(1);
    await expectNoHorizontalOverflow(page);
    await page.getByTestId('data-row').getByText('ກຂ 5555').click(); // a tap anywhere on the card
    const detail = page.getByTestId('bill-detail');
    await expect(detail.getByTestId('bill-title')).toHaveText(`ບິນເລກທີ ${bill.number}`);
    const dialog = detail.getByRole('dialog');
    expect((await dialog.boundingBox())?.width).toBe(375);
    await expectNoHorizontalOverflow(page);
    await page.goBack();
    await expect(detail).toBeHidden();
    await expect(page).not.toHaveURL(/bill=/);
  });
});
