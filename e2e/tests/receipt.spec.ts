import { backdate, checkIn, checkOut, setTimedRule, shopWithStaff } from '../support/bills.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow } from '../support/ui.ts';

const stamp = () => Date.now().toString(36);

test.use({ viewport: { width: 375, height: 812 } });

test('a parked bill’s e-receipt: shop, plate, the fee ticking with its breakdown, and the Lao QR', async ({
  page,
  request,
}) => {
  const name = `ຮ້ານ ໃບບິນ ${stamp()}`;
  const s = await shopWithStaff(request, name, {
    qr: true,
    phone: '020 5555 1234',
    conditions: 'ບໍ່ຮັບຜິດຊອບຂອງມີຄ່າໃນລົດ',
  });
  await setTimedRule(s.shopId);
  const bill = await checkIn(request, s.staff.token, { vehicleType: 'MOTORBIKE', plate: 'ກຂ 9999' });
  await backdate(bill.id, 90);

  await page.goto(`/bill/${bill.reference}`);
  await expect(page.getByTestId('receipt-shop')).toHaveText(name);
  await expect(page.getByTestId('receipt')).toContainText('020 5555 1234');
  await expect(page.getByTestId('receipt-status')).toHaveText('ລົດຂອງທ່ານກຳລັງຈອດຢູ່');
  await expect(page.getByTestId('receipt-plate')).toHaveText('ກຂ 9999');
  await expect(page.getByTestId('receipt-total')).toHaveText('4,000 ₭');
  const parts = page.getByTestId('receipt-part');
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toContainText('ຊ່ວງທຳອິດ');
  await expect(parts.nth(0)).toContainText('3,000 ₭');
  await expect(parts.nth(1)).toContainText('ຊ່ວງຕໍ່ໄປ × 1');
  await expect(parts.nth(1)).toContainText('1,000 ₭');
  await expect(page.getByTestId('receipt-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByTestId('receipt-qr-amount')).toContainText('4,000 ₭');
  await expect(page.getByTestId('receipt-qr-amount')).toContainText('Test Parking');
  await expect(page.getByTestId('receipt')).toContainText('ບໍ່ຮັບຜິດຊອບຂອງມີຄ່າໃນລົດ');
  await expect(page.getByTestId('receipt-reference')).toHaveText(bill.reference);
  await expect(page.getByTestId('footer')).toBeVisible();
  // No staff names reach the customer.
  await expect(page.getByTestId('receipt')).not.toContainText(`ພະນັກງານ ${name}`);
  await expectNoHorizontalOverflow(page);

  const duration = page.getByTestId('receipt-duration');
  await expect(duration).toHaveText(/^1:3\d:\d\d$/);
  const first = await duration.textContent();
  await expect.poll(() => duration.textContent(), { timeout: 5_000 }).not.toBe(first);
});

test('a checked-out bill shows what was paid and how; a cancelled one says so', async ({ page, request }) => {
  const s = await shopWithStaff(request, `ຮ້ານ ຈ່າຍແລ້ວ ${stamp()}`, { qr: true });
  const paid = await checkIn(request, s.staff.token, { vehicleType: 'CAR', plate: 'ກຂ 1111' });
  await checkOut(request, s.staff.token, paid.id);
  await page.goto(`/bill/${paid.reference}`);
  await expect(page.getByTestId('receipt-status')).toHaveText('ລົດອອກແລ້ວ');
  await expect(page.getByTestId('receipt-total')).toHaveText('10,000 ₭');
  await expect(page.getByTestId('receipt-paid-with')).toHaveText('ຈ່າຍດ້ວຍ ເງິນສົດ');
  await expect(page.getByTestId('receipt-times')).toContainText('ເວລາອອກ');
  await expect(page.getByTestId('receipt-pay')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);

  const cancelled = await checkIn(request, s.staff.token, { vehicleType: 'MOTORBIKE' });
  await request.post('/parking-hub-api/v1/bills/update', {
    headers: { authorization: `Bearer ${s.staff.token}` },
    data: { action: 'CANCEL', id: cancelled.id, reason: 'ອອກບິນຜິດ' },
  });
  await page.goto(`/bill/${cancelled.reference}`);
  await expect(page.getByTestId('receipt-status')).toHaveText('ບິນນີ້ຖືກຍົກເລີກ');
  await expect(page.getByTestId('receipt-cancelled')).toContainText('ຍົກເລີກບິນນີ້ແລ້ວ');
  await expect(page.getByTestId('receipt-fee')).toHaveCount(0);
});

test('an unknown or broken link gets a friendly page; too many tries and no network say what to do', async ({
  page,
}) => {
  await page.goto('/bill/1-ABCDEFGHJKMN');
  const notFound = page.getByTestId('receipt-notFound');
  await expect(notFound).toContainText('ບໍ່ພົບບິນນີ້');
  await expect(notFound).toContainText('ສອບຖາມພະນັກງານຮ້ານ');
  await expectNoHorizontalOverflow(page);
  await page.goto('/bill/not-a-bill');
  await expect(page.getByTestId('receipt-notFound')).toBeVisible();

  await page.route('**/parking-hub-api/v1/public/bills/**', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', message: 'ມີການຮ້ອງຂໍຫຼາຍເກີນໄປ, ກະລຸນາລອງໃໝ່ໃນອີກ 1 ນາທີ' }),
    }),
  );
  await page.goto('/bill/1-ABCDEFGHJKMN');
  await expect(page.getByTestId('receipt-tooMany')).toContainText('ກະລຸນາລໍຖ້າປະມານໜຶ່ງນາທີ');

  await page.unrouteAll();
  await page.route('**/parking-hub-api/v1/public/bills/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/bill/1-ABCDEFGHJKMN');
  await expect(page.getByTestId('receipt-offline')).toContainText('ບໍ່ສາມາດໂຫຼດບິນໄດ້');
  await page.unrouteAll();
  await page.getByTestId('receipt-retry').click();
  await expect(page.getByTestId('receipt-notFound')).toBeVisible();
});
