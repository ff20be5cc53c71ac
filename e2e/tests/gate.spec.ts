import { checkIn, shopWithStaff } from '../support/bills.ts';
import { withDb } from '../support/db.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen, prints, signIn, stubPrint } from '../support/ui.ts';

const stamp = () => Date.now().toString(36);

const billsOf = (shopId: string) =>
  withDb(
    async (c) =>
      (await c.query('select count(*)::int as n from bills where shop_id = $1', [shopId])).rows[0].n,
  );

test.describe('the gate at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('checks a motorbike in with its plate and prints the ticket at once; a reprint is marked', async ({
    page,
    request,
  }) => {
    const s = await shopWithStaff(request, `ຮ້ານ ປະຕູ ${stamp()}`);
    await stubPrint(page);
    await signIn(page, s.staff.username, s.staff.password);
    // First in shop staff's menu.
    await page.getByTestId('drawer-toggle').click();
    const first = page.getByTestId('app-drawer').getByRole('link').first();
    await expect(first).toHaveText('ປະຕູ');
    await first.click();
    await expect(page).toHaveURL(/\/app\/gate$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ປະຕູ' })).toBeVisible();

    // One large button per type the shop takes, with its price.
    const moto = page.getByTestId('gate-in-MOTORBIKE');
    await expectSeen(moto);
    await expect(moto).toContainText('ລົດຈັກ');
    await expect(moto).toContainText('3,000 ₭ / ຄັ້ງ');
    await expect(page.getByTestId('gate-in-CAR')).toContainText('10,000 ₭ / ຄັ້ງ');
    await expect(page.getByTestId('gate-inside-total')).toHaveText('0');
    await expect(page.getByTestId('gate-my-cash-amount')).toHaveText('0 ₭');
    await expectNoHorizontalOverflow(page);

    await page.getByTestId('gate-plate').fill('ກຂ 1234');
    await moto.click();
    const last = page.getByTestId('gate-last-ticket');
    await expect(last.getByTestId('gate-last-number')).toHaveText('#1');
    await expect(last).toContainText('ລົດຈັກ · ກຂ 1234');
    const ticket = page.getByTestId('ticket');
    await expect(ticket).toHaveAttribute('data-paper', '58');
    await expect(ticket.getByTestId('ticket-number')).toHaveText('1');
    await expect(ticket).toContainText('ລົດຈັກ · ກຂ 1234');
    await expect(ticket).not.toContainText('ພິມຄືນ');
    await expect.poll(() => prints(page)).toBe(1);
    await expect(page.getByTestId('gate-plate')).toHaveValue('');
    await expect(page.getByTestId('gate-inside-total')).toHaveText('1');
    await expect(page.getByTestId('gate-inside-MOTORBIKE')).toContainText('ລົດຈັກ1');

    // The plate typed before is offered again.
    await page.getByTestId('gate-plate').fill('ກຂ');
    await expect(page.getByRole('option', { name: 'ກຂ 1234' })).toBeVisible();
    await page.getByTestId('gate-plate').fill('');

    // A reprint on 80 mm is recorded as such and marked on the ticket.
    await page.getByTestId('gate-reprint-80').click();
    await expect(ticket).toHaveAttribute('data-paper', '80');
    await expect(ticket).toContainText('ພິມຄືນ');
    await expect.poll(() => prints(page)).toBe(2);
    const kinds = await withDb(
      async (c) =>
        (
          await c.query(
            `select p.kind, p.paper from bill_prints p join bills b on b.id = p.bill_id
           where b.shop_id = $1 order by p.id`,
            [s.shopId],
          )
        ).rows,
    );
    expect(kinds).toEqual([
      { kind: 'PRINT', paper: '58' },
      { kind: 'REPRINT', paper: '80' },
    ]);

    // A plate in a bad form is refused under the field, and nothing is written.
    await page.getByTestId('gate-plate').fill('x'.repeat(21));
    await page.getByTestId('gate-in-CAR').click();
    await expect(page.getByTestId('gate-check-in')).toContainText('ຍາວເກີນ');
    await page.getByTestId('gate-plate').fill('ກຂ !!');
    await page.getByTestId('gate-in-CAR').click();
    await expect(page.getByTestId('gate-check-in')).toContainText(
      'ທະບຽນລົດບໍ່ຖືກຮູບແບບ: ຕົວອັກສອນ ແລະ ຕົວເລກ (ເຊັ່ນ ກຂ 1234)',
    );
    expect(await billsOf(s.shopId)).toBe(1);
  });

  test('a double tap makes one bill, and a check-in whose answer was lost is retried without a second bill', async ({
    page,
    request,
  }) => {
    const s = await shopWithStaff(request, `ຮ້ານ ແຕະສອງເທື່ອ ${stamp()}`);
    await stubPrint(page);
    await signIn(page, s.staff.username, s.staff.password);
    await page.goto('/app/gate');
    const moto = page.getByTestId('gate-in-MOTORBIKE');
    await expect(moto).toBeEnabled();
    // Every check-in the two taps sent (the second, if any, leaves before the first is answered).
    const sent: Promise<unknown>[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/bill/create')) sent.push(r.response());
    });
    await moto.dblclick();
    await expect(page.getByTestId('gate-last-number')).toHaveText('#1');
    await Promise.all(sent); // each answered: nothing of the double tap is still on its way
    expect(await billsOf(s.shopId)).toBe(1);

    // The server makes the bill but its answer never arrives: the retry sends the same request.
    let dropped = 0;
    await page.route('**/parking-hub-api/v1/bill/create', async (route) => {
      if (dropped++ === 0) {
        await route.fetch(); // the server gets it and writes the bill…
        await route.abort('connectionreset'); // …but the phone never hears back
      } else await route.continue();
    });
    await page.getByTestId('gate-in-CAR').click();
    const failed = page.getByTestId('gate-check-in-failed');
    await expect(failed).toContainText('ບັນທຶກລົດເຂົ້າ (ລົດໃຫຍ່) ບໍ່ສຳເລັດ');
    await expect(page.getByTestId('gate-in-CAR')).toBeDisabled();
    expect(await billsOf(s.shopId)).toBe(2);
    await failed.getByTestId('gate-check-in-retry').click();
    await expect(failed).toBeHidden();
    await expect(page.getByTestId('gate-last-number')).toHaveText('#2');
    await expect(page.getByTestId('gate-last-ticket')).toContainText('ລົດໃຫຍ່');
    expect(await billsOf(s.shopId)).toBe(2);
  });

  test('checks out by a keyboard-wedge scan with no field focused, and by a typed number', async ({
    page,
    request,
  }) => {
    const s = await shopWithStaff(request, `ຮ້ານ ອອກ ${stamp()}`);
    const other = await shopWithStaff(request, `ຮ້ານ ອື່ນ ${stamp()}`);
    const first = await checkIn(request, s.staff.token, { vehicleType: 'MOTORBIKE', plate: 'ນວ 5555' });
    const second = await checkIn(request, s.staff.token, { vehicleType: 'CAR' });
    const foreign = await checkIn(request, other.staff.token, { vehicleType: 'CAR' });
    await signIn(page, s.staff.username, s.staff.password);
    await page.goto('/app/gate');
    await expect(page.getByTestId('gate-inside-total')).toHaveText('2');
    await page.getByRole('heading', { level: 1 }).click(); // nothing focused that takes text

    // The scanner types the ticket's QR (the receipt URL) and Enter into the page.
    await page.keyboard.type(`${new URL(page.url()).origin}/bill/${first.reference}`, { delay: 5 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`#${first.number}`);
    await expect(dialog.getByTestId('checkout-fee-now')).toHaveText('3,000 ₭');
    await expect(dialog.getByTestId('fee-part')).toContainText(['ຄ່າຝາກຕໍ່ຄັ້ງ']);
    await dialog.getByTestId('checkout-confirm').click(); // cash is the default: one tap
    await expect(dialog.getByTestId('checkout-fee')).toHaveText('3,000 ₭');
    await dialog.getByTestId('checkout-close').click();
    await expect(page.getByTestId('gate-inside-total')).toHaveText('1');
    await expect(page.getByTestId('gate-my-cash-amount')).toHaveText('3,000 ₭');

    // The same ticket again: no longer parked, said so, nothing changes.
    await page.keyboard.type(first.reference, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('gate-scan-message')).toContainText(`ບິນເລກທີ ${first.number} ບໍ່ໄດ້ຈອດຢູ່ແລ້ວ`);

    // Another shop's ticket: not found at this shop, said in Lao; that bill stays parked.
    await page.keyboard.type(foreign.reference, { delay: 5 });
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('gate-scan-message')).toContainText('ບໍ່ພົບບິນ');
    await expect(page.getByTestId('gate-scan-message')).toContainText('ອາດເປັນບິນຂອງຮ້ານອື່ນ');
    const status = await withDb(
      async (c) => (await c.query('select status from bills where id = $1', [foreign.id])).rows[0].status,
    );
    expect(status).toBe('PARKED');

    // A typed ticket number in the box.
    const box = page.getByTestId('gate-scan-input');
    await box.fill(String(second.number));
    await box.press('Enter');
    await expect(dialog).toContainText(`#${second.number}`);
    await expect(dialog.getByTestId('checkout-fee-now')).toHaveText('10,000 ₭');
    await dialog.getByTestId('method-qr').click();
    await dialog.getByTestId('checkout-confirm').click();
    await expect(dialog.getByTestId('checkout-done')).toContainText('ໂອນຜ່ານ QR');
    await dialog.getByTestId('checkout-close').click();
    await expect(page.getByTestId('gate-inside-total')).toHaveText('0');
    await expect(page.getByTestId('gate-my-cash')).toContainText('ໂອນຜ່ານ QR 10,000 ₭');
    await expectNoHorizontalOverflow(page);
  });

  test('a lost ticket is found by plate among the parked vehicles and closed with the lost fee', async ({
    page,
    request,
  }) => {
    const s = await shopWithStaff(request, `ຮ້ານ ບິນເສຍ ${stamp()}`);
    const bill = await checkIn(request, s.staff.token, { vehicleType: 'MOTORBIKE', plate: 'ກກ 7777' });
    await signIn(page, s.staff.username, s.staff.password);
    await page.goto('/app/gate');
    await page.getByTestId('gate-lost').click();
    await page.getByTestId('gate-lost-input').fill('7777');
    await page.getByTestId('gate-lost-search').click();
    await expect(page.getByTestId('gate-lost-none')).toBeVisible(); // 7777 is read as a ticket number
    await page.getByTestId('gate-lost-input').fill('ກກ 77');
    await page.getByTestId('gate-lost-search').click();
    const row = page.getByTestId('gate-lost-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`#${bill.number} · ລົດຈັກ · ກກ 7777`);
    await row.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('ບິນເສຍ');
    await dialog.getByTestId('checkout-confirm').click();
    await expect(dialog.getByTestId('checkout-done')).toBeVisible();
    const closed = await withDb(
      async (c) => (await c.query('select status from bills where id = $1', [bill.id])).rows[0].status,
    );
    expect(closed).toBe('LOST');
  });
});

test('an admin chooses the shop first; the gate is second in their menu', async ({ page, request }) => {
  const s = await shopWithStaff(request, `ຮ້ານ ແອັດມິນ ${stamp()}`);
  await signIn(page);
  const links = page.getByTestId('app-drawer').getByRole('link');
  await expect(links.nth(0)).toHaveText('ລາຍງານ');
  await expect(links.nth(1)).toHaveText('ປະຕູ');
  await page.goto('/app/gate');
  await expect(page.getByText('ເລືອກຮ້ານ', { exact: true })).toBeVisible();
  await page.goto(`/app/gate?shopId=${s.shopId}`);
  await expect(page.getByTestId('gate-in-MOTORBIKE')).toBeVisible();
  await expect(page.getByTestId('gate-inside-total')).toHaveText('0');
});
