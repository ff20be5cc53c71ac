import type { APIRequestContext, Page } from '@playwright/test';
import { createUser } from '../support/api.ts';
import { checkIn, checkOut, shopWithStaff } from '../support/bills.ts';
import { withDb } from '../support/db.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, signIn } from '../support/ui.ts';

const API = '/parking-hub-api/v1';
const stamp = () => Date.now().toString(36);

async function billCall(request: APIRequestContext, path: string, token: string, data: unknown) {
  const res = await request.post(`${API}/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
}

/**
 * Shop A's day, all through the API: six bills in (five motorbikes, a car); out: a motorbike for
 * cash (3,000), the car by QR (10,000) and a motorbike with its ticket lost (3,000 + 20,000 cash);
 * one cancelled while parked; two motorbikes still inside.
 */
async function seedShopA(request: APIRequestContext, token: string, shopId: string) {
  await withDb((c) =>
    c.query(
      "update price_rules set lost_ticket_fee = 20000 where shop_id = $1 and vehicle_type = 'MOTORBIKE'",
      [shopId],
    ),
  );
  const bike = () => checkIn(request, token, { vehicleType: 'MOTORBIKE' });
  const [paid, lost, cancelled] = [await bike(), await bike(), await bike()];
  await bike();
  await bike();
  const car = await checkIn(request, token, { vehicleType: 'CAR' });
  await checkOut(request, token, paid.id, 'CASH');
  await checkOut(request, token, car.id, 'QR');
  await billCall(request, 'bill/lost', token, { id: lost.id });
  await billCall(request, 'bills/update', token, { action: 'CANCEL', id: cancelled.id, reason: 'ພິມຜິດ' });
}

/** Shop B: a motorbike out for cash (3,000) and a car still inside. */
async function seedShopB(request: APIRequestContext, token: string) {
  const bike = await checkIn(request, token, { vehicleType: 'MOTORBIKE' });
  await checkOut(request, token, bike.id, 'CASH');
  await checkIn(request, token, { vehicleType: 'CAR' });
}

const figure = (page: Page, name: string) => page.getByTestId(`figure-${name}`).getByTestId('today');

async function expectShopA(page: Page) {
  await expect(page.getByTestId('parked-now-total')).toHaveText('2');
  await expect(page.getByTestId('parked-now-MOTORBIKE')).toContainText('2');
  await expect(page.getByTestId('parked-now-CAR')).toHaveCount(0);
  await expect(figure(page, 'amount')).toHaveText('36,000 ₭');
  await expect(page.getByTestId('today-cash')).toHaveText('26,000 ₭');
  await expect(page.getByTestId('today-qr')).toHaveText('10,000 ₭');
  await expect(figure(page, 'billsIn')).toHaveText('6');
  await expect(figure(page, 'billsOut')).toHaveText('3');
  await expect(figure(page, 'lost')).toHaveText('1');
  await expect(figure(page, 'cancelled')).toHaveText('1');
  // A new shop took nothing yesterday.
  await expect(page.getByTestId('figure-amount')).toContainText('ມື້ວານ 0 ₭');
  const car = page.getByTestId('vehicle-CAR');
  await expect(car.getByTestId('vehicle-row-qrAmount')).toContainText('10,000 ₭');
  await expect(car.getByTestId('vehicle-parked')).toHaveText('ກຳລັງຈອດ 0');
  const bikes = page.getByTestId('vehicle-MOTORBIKE');
  await expect(bikes.getByTestId('vehicle-row-billsIn')).toContainText('5');
  await expect(bikes.getByTestId('vehicle-parked')).toHaveText('ກຳລັງຈອດ 2');
}

test.describe('the dashboard at /app', () => {
  let a: Awaited<ReturnType<typeof shopWithStaff>>;
  let b: Awaited<ReturnType<typeof shopWithStaff>>;
  const nameA = `ຮ້ານ ໜ້າຫຼັກ A ${stamp()}`;
  const nameB = `ຮ້ານ ໜ້າຫຼັກ B ${stamp()}`;
  let agent: { username: string; password: string; id: string };

  test.beforeAll(async ({ request }) => {
    a = await shopWithStaff(request, nameA, { qr: true });
    b = await shopWithStaff(request, nameB);
    agent = await createUser(request, 'AGENT', { fullName: `ຕົວແທນ ໜ້າຫຼັກ ${stamp()}` });
    await withDb((c) =>
      c.query('update shops set agent_id = $1 where id = any($2)', [agent.id, [a.shopId, b.shopId]]),
    );
    await seedShopA(request, a.staff.token, a.shopId);
    await seedShopB(request, b.staff.token);
  });

  test("shop staff see their own shop's today and vehicles inside, never another shop", async ({ page }) => {
    await signIn(page, a.staff.username, a.staff.password);
    await page.goto('/app');
    await expect(page.getByRole('heading', { level: 1, name: 'ລາຍງານ' })).toBeVisible();
    await expectShopA(page);
    await expect(page.getByTestId('dashboard-shop')).toHaveCount(0);
    await expect(page.getByTestId('top-shops')).toHaveCount(0);
    await expect(page.getByTestId('dashboard-chart')).toContainText('ລວມ 36,000 ₭ · 6 ບິນເຂົ້າ');

    // Another shop's id in the URL changes nothing: still shop A, and nothing of B.
    const asked = page.waitForRequest((r) => r.url().endsWith('/report/balance-for-shop'));
    await page.goto(`/app?shopId=${b.shopId}`);
    expect((await asked).postDataJSON()).not.toHaveProperty('shopId');
    await expectShopA(page);
    await expect(page.getByText(nameB)).toHaveCount(0);
  });

  test("the trend chart's figures by keyboard, by tap, and as a table for a screen reader", async ({
    browser,
  }) => {
    const context = await browser.newContext({ hasTouch: true, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await signIn(page, a.staff.username, a.staff.password);
    await page.goto('/app');
    const chart = page.getByTestId('dashboard-chart').getByTestId('report-chart');
    await expect(chart).toHaveAttribute('aria-label', 'ລາຍຮັບ 30 ມື້ຫຼ້າສຸດ');
    const today = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Vientiane',
      day: '2-digit',
      month: '2-digit',
    }).format(new Date());
    // The table a screen reader reads: 30 days, today last with its money and vehicles in.
    const table = chart.getByTestId('report-chart-table');
    await expect(table.locator('tbody tr')).toHaveCount(30);
    await expect(table.locator('tbody tr').last()).toHaveText(`${today}36,000 ₭6`);

    // Keyboard: focus shows today, ← the day before, Esc hides.
    await chart.focus();
    const box = chart.getByTestId('report-chart-box');
    await expect(box).toContainText(today);
    await expect(box).toContainText('36,000 ₭');
    await expect(box).toHaveAttribute('role', 'status');
    await page.keyboard.press('ArrowLeft');
    await expect(box).not.toContainText(today);
    await page.keyboard.press('End');
    await expect(box).toContainText(today);
    await page.keyboard.press('Escape');
    await expect(box).toBeHidden();

    // A tap on the last band (left of the right axis' 44 px) shows its figures; a second tap on
    // it hides them.
    const svg = chart.locator('svg');
    const r = await svg.boundingBox();
    if (!r) throw new Error('no chart on screen');
    await page.touchscreen.tap(r.x + r.width - 48, r.y + r.height / 2);
    await expect(box).toContainText(today);
    await page.touchscreen.tap(r.x + r.width - 48, r.y + r.height / 2);
    await expect(box).toBeHidden();
    await context.close();
  });

  test('the by-closing choice is sent and survives a reload', async ({ page }) => {
    await signIn(page, a.staff.username, a.staff.password);
    await page.goto('/app');
    const toggle = page.getByTestId('by-closing');
    await expect(toggle).not.toBeChecked();
    const byClosing = page.waitForRequest(
      (r) => r.url().endsWith('/report/balance-for-shop') && r.postDataJSON()?.byClosing === true,
    );
    await toggle.check();
    await byClosing;
    await expect(page.getByTestId('parked-now-total')).toHaveText('2');
    expect(await page.evaluate(() => localStorage.getItem('reportByClosing'))).toBe('true');

    const again = page.waitForRequest((r) => r.url().endsWith('/report/balance-yesterday'));
    await page.reload();
    expect((await again).postDataJSON()).toMatchObject({ byClosing: true });
    await expect(toggle).toBeChecked();
    await toggle.uncheck();
    await expect(toggle).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('reportByClosing'))).toBe('false');
  });

  test('an agent sees all their shops, the top shops with their date reports, and picks one', async ({
    page,
  }) => {
    await signIn(page, agent.username, agent.password);
    await page.goto('/app');
    await expect(page.getByTestId('parked-now-total')).toHaveText('3');
    await expect(figure(page, 'amount')).toHaveText('39,000 ₭');
    const top = page.getByTestId('top-shop');
    await expect(top).toHaveCount(2);
    await expect(top.nth(0)).toContainText(nameA);
    await expect(top.nth(0)).toContainText('36,000 ₭');
    await expect(top.nth(1)).toContainText(nameB);
    await expect(top.nth(0).getByRole('link')).toHaveAttribute(
      'href',
      `/app/report/bill/date?shopId=${a.shopId}`,
    );

    await page.getByTestId('dashboard-shop').fill(nameB.slice(0, 14));
    await page.getByRole('option', { name: nameB }).click();
    await expect(page).toHaveURL(new RegExp(`shopId=${b.shopId}`));
    await expect(page.getByTestId('parked-now-total')).toHaveText('1');
    await expect(page.getByTestId('parked-now-CAR')).toContainText('1');
    await expect(figure(page, 'amount')).toHaveText('3,000 ₭');
    await expect(page.getByTestId('top-shops')).toHaveCount(0);

    // The choice is in the URL: a reload keeps shop B and names it in the picker.
    await page.reload();
    await expect(page.getByTestId('dashboard-shop')).toHaveValue(nameB);
    await expect(figure(page, 'amount')).toHaveText('3,000 ₭');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/app');
    await expect(page.getByTestId('top-shop')).toHaveCount(2);
    await expectNoHorizontalOverflow(page);
  });

  test('a new shop with no bills says so instead of showing zeros', async ({ page, request }) => {
    const fresh = await shopWithStaff(request, `ຮ້ານ ໃໝ່ ${stamp()}`);
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, fresh.staff.username, fresh.staff.password);
    await page.goto('/app');
    await expect(page.getByTestId('empty-state')).toHaveText('ຍັງບໍ່ມີບິນ');
    await expect(page.getByTestId('parked-now')).toHaveCount(0);
    await expect(page.getByTestId('by-closing')).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
