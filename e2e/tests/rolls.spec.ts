import type { Browser, Page } from '@playwright/test';
import { createUser } from '../support/api.ts';
import { insertShop, withDb } from '../support/db.ts';
import { downloaded, parseCsv } from '../support/reports.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen, signIn } from '../support/ui.ts';

const stamp = () => Date.now().toString(36);
const RED = 'rgb(211, 47, 47)'; // the theme's error colour
const lastToast = (page: Page) => page.getByTestId('toast-success').last();

/** Prints of a shop today, straight into bill_prints (the trigger counts them), some with a roll serial. */
async function printTickets(
  shopId: string,
  count: number,
  serials: { from: number; n: number; each: number },
) {
  await withDb(async (c) => {
    const bill = await c.query<{ id: string }>(
      `insert into bills (shop_id, reference, number, vehicle_type, business_date)
       values ($1, $2, 1, 'MOTORBIKE', current_date) returning id`,
      [shopId, `E2EROLL${stamp().toUpperCase()}`],
    );
    const billId = bill.rows[0]?.id;
    await c.query(
      `insert into bill_prints (bill_id, shop_id, kind, roll_serial)
       select $1, $2, 'REPRINT', case when g <= $4::int * $5::int then $3::bigint + (g - 1) / $5::int end from generate_series(1, $6::int) g`,
      [billId, shopId, serials.from, serials.n, serials.each, count],
    );
  });
}

async function signedInPage(browser: Browser, username?: string, password?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, username, password);
  return page;
}

test('an admin stocks an agent, the agent moves rolls to a shop, the paper lists flag it in red', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000); // two people's sessions, five tabs and a download
  const tag = stamp();
  const agent = await createUser(request, 'AGENT', { fullName: `ຕົວແທນ ມ້ວນ ${tag}` });
  const shopName = `ຮ້ານ ມ້ວນເຈ້ຍ ${tag}`;
  const shopId = await insertShop(shopName, { agentId: agent.id });
  const base = 10_000 + (Date.now() % 1_000_000) * 100; // serials of their own, run after run

  // The admin records ten rolls into the agent's stock.
  const admin = await signedInPage(browser);
  await admin.goto('/app/rolls?tab=people');
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText('ຈັດການມ້ວນເຈ້ຍ');
  await admin.getByTestId('roll-create-person').click();
  const form = admin.getByTestId('roll-form');
  await form.getByRole('combobox').first().click();
  await admin.getByRole('option', { name: new RegExp(`ຕົວແທນ ມ້ວນ ${tag}`) }).click();
  await form.getByTestId('roll-quantity').fill('10');
  await form.getByTestId('roll-ticketsPerRoll').fill('100');
  await form.getByTestId('roll-serialFirst').fill(String(base));
  await form.getByTestId('roll-serialLast').fill(String(base + 9));
  await form.getByTestId('roll-save').click();
  await expect(lastToast(admin)).toHaveText('ສ້າງສຳເລັດ');
  await expect(form).toBeHidden();
  await expect(admin.getByTestId('rolls-person-list').getByText(`ຕົວແທນ ມ້ວນ ${tag}`)).toBeVisible();

  // The agent sees ten in hand, moves four to their shop, and sees six.
  const page = await signedInPage(browser, agent.username, agent.password);
  await page.goto('/app/rolls?tab=stock');
  await expect(page.getByTestId('rolls-tab-people')).toHaveCount(0); // agents record no deliveries to people
  await expect(page.getByTestId('stock-in-hand')).toHaveText(['10']);
  await page.getByTestId('rolls-tab-shops').click();
  await page.getByTestId('roll-create-shop').click();
  const move = page.getByTestId('roll-form');
  await expect(move.getByTestId('roll-own-stock')).toHaveText('ຈາກສະຕັອກຂອງທ່ານ: ຍັງເຫຼືອ 10 ມ້ວນ');
  await move.getByTestId('roll-shop').fill(shopName.slice(0, 14));
  await page.getByRole('option', { name: shopName }).click();
  await move.getByTestId('roll-quantity').fill('4');
  await move.getByTestId('roll-ticketsPerRoll').fill('100');
  await move.getByTestId('roll-serialFirst').fill(String(base));
  await move.getByTestId('roll-serialLast').fill(String(base + 3));
  await move.getByTestId('roll-save').click();
  await expect(lastToast(page)).toHaveText('ສ້າງສຳເລັດ');
  await expect(page.getByTestId('rolls-shop-list').getByText(shopName)).toBeVisible();
  await page.getByTestId('rolls-tab-stock').click();
  await expect(page.getByTestId('stock-in-hand')).toHaveText(['6']);

  // Seven more would overdraw the stock: refused, in Lao, under the quantity.
  await page.getByTestId('rolls-tab-shops').click();
  await page.getByTestId('roll-create-shop').click();
  await move.getByTestId('roll-shop').fill(shopName.slice(0, 14));
  await page.getByRole('option', { name: shopName }).click();
  await move.getByTestId('roll-quantity').fill('7');
  await move.getByTestId('roll-save').click();
  await expectSeen(move.getByText('ມ້ວນເຈ້ຍໃນສະຕັອກບໍ່ພໍ: ມີ 6 ມ້ວນ, ຕ້ອງການ 7 ມ້ວນ'));
  await move.getByRole('button', { name: 'ຍົກເລີກ' }).click();
  await page.getByTestId('rolls-tab-stock').click();
  await expect(page.getByTestId('stock-in-hand')).toHaveText(['6']);

  // The shop prints 450 tickets on 400 delivered, 60 of them on three rolls nobody delivered to it.
  await printTickets(shopId, 450, { from: 990_000_000 + (Date.now() % 1000) * 10, n: 3, each: 20 });
  await page.getByTestId('rolls-tab-low').click();
  const lowRow = page.getByTestId('rolls-low-list').getByTestId('data-row').filter({ hasText: shopName });
  await expect(lowRow.getByTestId('low-flag')).toHaveText('ໝົດແລ້ວ');
  await expect(lowRow.getByText(shopName)).toHaveCSS('color', RED);
  await expect(lowRow.getByText('-50', { exact: true })).toHaveCSS('color', RED);

  await page.getByTestId('rolls-tab-check').click();
  const checkRow = page.getByTestId('rolls-check-list').getByTestId('data-row').filter({ hasText: shopName });
  await expect(checkRow.getByTestId('check-flag')).toHaveText('ພິມເກີນເຈ້ຍທີ່ສົ່ງໃຫ້');
  await expect(checkRow.getByText(shopName)).toHaveCSS('color', RED);
  await expect(checkRow.getByText('450', { exact: true }).first()).toHaveCSS('color', RED);
  await expect(page.getByTestId('check-summary')).toBeVisible();
  await page.getByTestId('check-shop').fill(shopName.slice(0, 14));
  await page.getByRole('option', { name: shopName }).click();
  await expect(page).toHaveURL(new RegExp(`shopId=${shopId}`));
  await expect(page.getByTestId('outside-range')).toHaveCount(1); // three serials in a row: one range
  await expect(page.getByTestId('outside-range')).toContainText('ຈຳນວນບິນ: 60');

  // The ticket check as CSV: the shop and its figures.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('rolls-export-csv').click(),
  ]);
  const rows = parseCsv((await downloaded(download)).toString('utf8'));
  const line = rows.find((r) => r[0] === shopName);
  expect(line).toEqual([shopName, 'ພິມເກີນເຈ້ຍທີ່ສົ່ງໃຫ້', '400', '450', '400', '450', '-50']);

  // A phone (its own session, as the agent holds it): cards, nothing wider than the screen, the flag still red.
  const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const mobile = await phone.newPage();
  await signIn(mobile, agent.username, agent.password);
  await mobile.goto(`/app/rolls?tab=check&shopId=${shopId}`);
  const card = mobile.getByTestId('rolls-check-list').getByTestId('data-row').filter({ hasText: shopName });
  await expect(card.getByText(shopName)).toHaveCSS('color', RED);
  await expect(mobile.getByTestId('outside-range')).toHaveCount(1);
  await expectNoHorizontalOverflow(mobile);
  for (const tab of ['shops', 'stock', 'low']) {
    await mobile.getByTestId(`rolls-tab-${tab}`).click();
    await expect(mobile.getByTestId('data-row').first()).toBeVisible();
    await expectNoHorizontalOverflow(mobile);
  }
  await mobile.getByTestId('rolls-tab-shops').click();
  await mobile.getByTestId('roll-create-shop').click();
  await expectNoHorizontalOverflow(mobile);
  await expectSeen(mobile.getByTestId('roll-quantity'));
  await phone.close();
});
