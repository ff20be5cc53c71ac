import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { checkIn, checkOut, shopWithStaff } from '../support/bills.ts';
import { withDb } from '../support/db.ts';
import { type Cell, downloaded, parseCsv, readXlsx, totalCell, totalsByHeader } from '../support/reports.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, signIn } from '../support/ui.ts';

const API = '/parking-hub-api/v1';
const stamp = () => Date.now().toString(36);
const PLATE = 'ກຂ 1234';

async function call(request: APIRequestContext, path: string, token: string, data: unknown) {
  const res = await request.post(`${API}/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
}

/**
 * Today in a new shop, through the API: one plate three times out for cash (3 × 3,000), a car by
 * QR (10,000), a lost ticket (3,000 + 20,000 cash), one cancelled while parked, one still inside.
 * So: 7 in, 5 out, 1 lost, 1 cancelled, cash 4 bills 32,000, QR 1 bill 10,000, total 42,000.
 */
async function seed(request: APIRequestContext, token: string, shopId: string) {
  // Written by hand, then announced as the app announces a price change (caches forget the shop).
  await withDb(async (c) => {
    await c.query(
      "update price_rules set lost_ticket_fee = 20000 where shop_id = $1 and vehicle_type = 'MOTORBIKE'",
      [shopId],
    );
    await c.query("select pg_notify('ph_auth', 'h:' || $1::text)", [shopId]);
  });
  for (let i = 0; i < 3; i++) {
    const bill = await checkIn(request, token, { vehicleType: 'MOTORBIKE', plate: PLATE });
    await checkOut(request, token, bill.id, 'CASH');
  }
  const car = await checkIn(request, token, { vehicleType: 'CAR', plate: 'ຄງ 9999' });
  await checkOut(request, token, car.id, 'QR');
  const lost = await checkIn(request, token, { vehicleType: 'MOTORBIKE' });
  await call(request, 'bill/lost', token, { id: lost.id });
  const cancelled = await checkIn(request, token, { vehicleType: 'MOTORBIKE' });
  await call(request, 'bills/update', token, { action: 'CANCEL', id: cancelled.id, reason: 'ພິມຜິດ' });
  await checkIn(request, token, { vehicleType: 'MOTORBIKE' });
}

/** The day's figures as every measure table shows them (column key → screen text). */
const SCREEN_TOTALS = {
  amount: '42,000 ₭',
  billsIn: '7',
  billsOut: '5',
  lost: '1',
  cancelled: '1',
  cashAmount: '32,000 ₭',
  qrCount: '1',
  qrAmount: '10,000 ₭',
  // Membership passes sold (issue 14): none in this shop.
  passCount: '0',
  passAmount: '0 ₭',
};
/** The same in an export (column name → number). */
const FILE_TOTALS = {
  'ລວມ (₭)': 42000,
  ລົດເຂົ້າ: 7,
  ລົດອອກ: 5,
  ບິນເສຍ: 1,
  ບິນທີ່ຍົກເລີກ: 1,
  'ເງິນສົດ (₭)': 32000,
  'QR (ບິນ)': 1,
  'QR (₭)': 10000,
  'ບັດສະມາຊິກ (ໃບ)': 0,
  'ບັດສະມາຊິກ (₭)': 0,
};

async function expectScreenTotals(table: Locator, totals: Record<string, string>) {
  for (const [col, text] of Object.entries(totals)) await expect(totalCell(table, col)).toHaveText(text);
}

/** Downloads the CSV and the .xlsx and answers the totals row of each, by column name. */
async function exportedTotals(page: Page, firstHeader: string) {
  const files: Record<string, Cell>[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    const download = page.waitForEvent('download');
    await page.getByTestId(`export-${format}`).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
    const bytes = await downloaded(file);
    if (format === 'csv') {
      // UTF-8 with a BOM, so Excel shows the Lao.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parseCsv(bytes.toString('utf8').slice(1)).map((r) =>
        r.map((v): Cell => (v === '' ? null : /^-?\d+$/.test(v) ? Number(v) : v)),
      );
      files.push(totalsByHeader(rows, firstHeader));
    } else {
      const { sheets } = readXlsx(new Uint8Array(bytes));
      files.push(totalsByHeader(sheets[0] ?? [], firstHeader));
    }
  }
  return files;
}

test.describe('the report screens', () => {
  let shop: Awaited<ReturnType<typeof shopWithStaff>>;
  const name = `ຮ້ານ ລາຍງານ ${stamp()}`;

  test.beforeAll(async ({ request }) => {
    shop = await shopWithStaff(request, name);
    await seed(request, shop.staff.token, shop.shopId);
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page, shop.manager.username, shop.manager.password);
  });

  test('bill by date: the day in the table, the same totals in CSV and Excel', async ({ page }) => {
    await page.goto('/app/report/bill/date');
    await expect(page.getByRole('heading', { level: 1, name: 'ສະຫຼຸບຕາມວັນທີ' })).toBeVisible();
    await expect(page.getByTestId('preset-thisMonth')).toHaveAttribute('aria-pressed', 'true');
    const table = page.getByTestId('period-table');
    await expectScreenTotals(table, SCREEN_TOTALS);
    await expectScreenTotals(page.getByTestId('vehicle-table'), SCREEN_TOTALS);
    await expect(page.getByTestId('vehicle-table').getByTestId('report-row')).toHaveCount(2);
    await expect(page.getByTestId('report-chart').locator('svg')).toBeVisible();

    for (const totals of await exportedTotals(page, 'ວັນທີ')) {
      expect(totals).toMatchObject({ ວັນທີ: 'ລວມ', ...FILE_TOTALS });
    }
    // The Excel file keeps the Lao headings and the by-vehicle sheet.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-xlsx').click();
    const { names, sheets } = readXlsx(new Uint8Array(await downloaded(await download)));
    expect(names).toEqual(['ຕາມວັນທີ', 'ຕາມປະເພດລົດ']);
    expect(sheets[0]?.[0]?.[0]).toBe('ສະຫຼຸບຕາມວັນທີ');
    expect(sheets[0]?.[1]?.[0]).toBe('ຮ້ານ: ທຸກຮ້ານ');
    expect(totalsByHeader(sheets[1] ?? [], 'ປະເພດລົດ')).toMatchObject(FILE_TOTALS);

    // Yesterday: nothing happened in a shop made today.
    await page.getByTestId('preset-yesterday').click();
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
    await expect(page.getByTestId('empty-state')).toHaveText('ບໍ່ມີຂໍ້ມູນໃນຊ່ວງນີ້');
    await expect(page.getByTestId('export-csv')).toBeDisabled();

    // More than three years: the server's reason, not a blank screen.
    await page.goto('/app/report/bill/date?from=2020-01-01&to=2026-01-01');
    await expect(page.getByTestId('error-state')).toHaveText('ລາຍງານໜຶ່ງຄັ້ງໄດ້ບໍ່ເກີນ 3 ປີ, ກະລຸນາເລືອກໄລຍະສັ້ນລົງ');
  });

  test('bill by month: this month in one row, the same totals exported', async ({ page }) => {
    await page.goto(`/app/report/bill/month?shopId=${shop.shopId}`);
    await expect(page.getByTestId('report-shop')).toHaveValue(name);
    const table = page.getByTestId('period-table');
    await expect(table.getByTestId('report-row')).toHaveCount(1);
    await expectScreenTotals(table, SCREEN_TOTALS);
    for (const totals of await exportedTotals(page, 'ເດືອນ')) expect(totals).toMatchObject(FILE_TOTALS);
  });

  test('payment by staff: cash handed in gives the difference, a shortfall in red', async ({ page }) => {
    await page.goto('/app/report/payment_by_staff');
    const table = page.getByTestId('staff-table');
    const row = table.getByTestId('report-row').filter({ hasText: `ພະນັກງານ ${name}` });
    await expect(row.locator('[data-col="cashAmount"]')).toHaveText('32,000 ₭');
    await expect(row.locator('[data-col="amount"]')).toHaveText('42,000 ₭');
    await expectScreenTotals(table, SCREEN_TOTALS);

    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/v1/report/payment-by-staff') && !!r.request().postDataJSON()?.counted,
    );
    await row.getByTestId('counted-input').fill('30000');
    expect((await answered).request().postDataJSON().counted).toEqual([
      { shopId: shop.shopId, staffId: shop.staff.id, amount: 30000 },
    ]);
    await expect(row.getByTestId('counted-input')).toHaveValue('30,000');
    const difference = row.locator('[data-col="difference"]');
    await expect(difference).toHaveText('-2,000 ₭');
    await expect(difference).toHaveCSS('color', 'rgb(211, 47, 47)');
    await expect(totalCell(table, 'difference')).toHaveText('-2,000 ₭');
    await expect(totalCell(table, 'counted')).toHaveText('30,000 ₭');

    for (const totals of await exportedTotals(page, 'ພະນັກງານ')) {
      expect(totals).toMatchObject({ ...FILE_TOTALS, 'ເງິນສົດທີ່ສົ່ງ (₭)': 30000, 'ສ່ວນຕ່າງ (₭)': -2000 });
    }
  });

  test('cancelled bills: who, why and the totals, every page exported', async ({ page }) => {
    await page.goto('/app/report/bill_cancel');
    const bills = page.getByTestId('cancel-bills-table');
    await expect(bills.getByTestId('report-row')).toHaveCount(1);
    await expect(bills.getByTestId('report-row')).toContainText('ພິມຜິດ');
    await expect(bills.getByTestId('report-row')).toContainText(`ພະນັກງານ ${name}`);
    await expect(totalCell(bills, 'cancelledAt')).toHaveText('ລວມ 1 ບິນ');
    const staff = page.getByTestId('cancel-staff-table');
    await expect(totalCell(staff, 'count')).toHaveText('1');
    await expect(totalCell(staff, 'amount')).toHaveText('0 ₭');

    const asked = page.waitForRequest(
      (r) => r.url().endsWith('/v1/report/bill/cancel') && r.postDataJSON()?.pageSize === 100,
    );
    const files = await exportedTotals(page, 'ຍົກເລີກເມື່ອ');
    expect((await asked).postDataJSON()).toMatchObject({ page: 1, pageSize: 100 });
    for (const totals of files)
      expect(totals).toMatchObject({ ຍົກເລີກເມື່ອ: 'ລວມ 1 ບິນ', ເຫດຜົນ: null, 'ເງິນທີ່ຄືນ (₭)': 0 });
  });

  test('regular customers: the plate that came three times, and "at least N visits"', async ({ page }) => {
    await page.goto('/app/report/customers');
    const table = page.getByTestId('customers-table');
    await expect(table.getByTestId('report-row')).toHaveCount(1);
    const row = table.getByTestId('report-row');
    await expect(row.locator('[data-col="plate"]')).toHaveText(PLATE);
    await expect(row.locator('[data-col="visits"]')).toHaveText('3');
    await expect(row.locator('[data-col="amount"]')).toHaveText('9,000 ₭');
    await expect(totalCell(table, 'plate')).toHaveText('1 ທະບຽນ');
    for (const totals of await exportedTotals(page, 'ທະບຽນລົດ')) {
      expect(totals).toMatchObject({ ທະບຽນລົດ: '1 ທະບຽນ', ຈຳນວນຄັ້ງ: 3, 'ລວມ (₭)': 9000 });
    }

    await page.getByTestId('min-visits').fill('4');
    await expect(page).toHaveURL(/minVisits=4/);
    await expect(page.getByTestId('empty-state')).toBeVisible();
  });

  test('the by-closing choice is sent and survives a reload', async ({ page }) => {
    await page.goto('/app/report/bill/date');
    const toggle = page.getByTestId('by-closing');
    await expect(toggle).not.toBeChecked();
    const byClosing = page.waitForRequest(
      (r) => r.url().endsWith('/v1/report/bill/date') && r.postDataJSON()?.byClosing === true,
    );
    await toggle.check();
    await byClosing;
    expect(await page.evaluate(() => localStorage.getItem('reportByClosing'))).toBe('true');

    const again = page.waitForRequest((r) => r.url().endsWith('/v1/report/bill/date'));
    await page.reload();
    expect((await again).postDataJSON()).toMatchObject({ byClosing: true });
    await expect(toggle).toBeChecked();
    await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('ນັບຕາມມື້ປິດຮ້ານ');

    // Another report screen starts with the same choice.
    await page.goto('/app/report/bill_cancel');
    await expect(page.getByTestId('by-closing')).toBeChecked();
    await page.getByTestId('by-closing').uncheck();
    expect(await page.evaluate(() => localStorage.getItem('reportByClosing'))).toBe('false');
  });

  test('shop staff get no shop picker and see their own shop', async ({ page }) => {
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, shop.staff.username, shop.staff.password);
    const asked = page.waitForRequest((r) => r.url().endsWith('/v1/report/bill/date'));
    await page.goto('/app/report/bill/date?shopId=999999');
    expect((await asked).postDataJSON()).not.toHaveProperty('shopId');
    await expect(page.getByTestId('report-shop')).toHaveCount(0);
    await expectScreenTotals(page.getByTestId('period-table'), SCREEN_TOTALS);
  });

  test('on paper: a heading with the shop, period and counting; no app chrome, toolbar or buttons', async ({
    page,
  }) => {
    await page.goto(`/app/report/bill/date?shopId=${shop.shopId}`);
    await expect(page.getByTestId('totals-row').first()).toBeVisible();
    await expect(page.getByTestId('print-header')).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    const header = page.getByTestId('print-header');
    await expect(header).toBeVisible();
    await expect(header).toContainText('ສະຫຼຸບຕາມວັນທີ');
    await expect(header).toContainText(`ຮ້ານ: ${name}`);
    await expect(header).toContainText('ນັບຕາມວັນທີປະຕິທິນ');
    await expect(page.getByTestId('report-toolbar')).toBeHidden();
    await expect(page.getByTestId('export-csv')).toBeHidden();
    await expect(page.getByTestId('drawer-toggle')).toBeHidden();
    await expectScreenTotals(page.getByTestId('period-table'), SCREEN_TOTALS);
  });

  test('at 375 px nothing overflows the page: tables scroll in their own box', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['bill/date', 'bill/month', 'payment_by_staff', 'bill_cancel', 'customers']) {
      await page.goto(`/app/report/${path}`);
      await expect(page.getByTestId('totals-row').first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
  });
});
