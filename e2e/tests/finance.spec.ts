import type { CompensationRow, WalletDetail } from '@parking-hub/contracts/finance';
import type { Invoice } from '@parking-hub/contracts/rent';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiLogin, createUser } from '../support/api.ts';
import { withDb } from '../support/db.ts';
import { type Cell, downloaded, parseCsv, readXlsx, totalsByHeader } from '../support/reports.ts';
import { apiCreateShop } from '../support/shops.ts';
import { expect, test } from '../support/test.ts';
import { expectSeen, prints, signIn, stubPrint } from '../support/ui.ts';

const API = '/parking-hub-api/v1';
const STAMP = Date.now().toString(36);
const kip = (n: number) => `${n.toLocaleString('en-US')} ₭`;
const signed = (n: number) => `${n < 0 ? '−' : '+'}${kip(Math.abs(n))}`;

/** 'YYYY-MM' of today in Vientiane, and the month before it (the latest that can be invoiced). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date());
const THIS_MONTH = TODAY.slice(0, 7);
const MONTH = (() => {
  const [y, m] = THIS_MONTH.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
})();
const shown = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

const LAO = {
  wallet: 'ກະເປົາເງິນ',
  topUp: 'ເຕີມເງິນ',
  invoicePayment: 'ຊຳລະໃບແຈ້ງໜີ້',
  repeated: 'ການເຕີມເງິນນີ້ຖືກບັນທຶກແລ້ວ (ບໍ່ໄດ້ບັນທຶກຊ້ຳ)',
  belowZero: 'ຍອດເງິນໃນກະເປົາຈະຕິດລົບ',
  reasonRequired: 'ກະລຸນາປ້ອນເຫດຜົນ (ຢ່າງໜ້ອຍ 3 ຕົວອັກສອນ)',
  payoutReference: 'ກະລຸນາປ້ອນເລກອ້າງອີງການໂອນ ຫຼື ການຈ່າຍ',
  pending: 'ຄ້າງຈ່າຍ',
  paid: 'ຈ່າຍແລ້ວ',
  compensation: 'ຄ່າຕອບແທນ',
  rentAmount: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ຫຼາຍກວ່າ 0',
  dueDay: 'ວັນຄົບກຳນົດຕ້ອງເປັນວັນທີ 1 ຫາ 28',
  commissionRate: 'ອັດຕາຄ່າຕອບແທນຕ້ອງຢູ່ລະຫວ່າງ 0 ຫາ 100 % (ທົດສະນິຍົມບໍ່ເກີນ 2 ຕຳແໜ່ງ)',
  byMonth: 'ແຕ່ລະເດືອນ',
  byAgent: 'ແຕ່ລະຕົວແທນ',
  month: 'ເດືອນ',
  invoiced: 'ອອກໃບແຈ້ງໜີ້',
  received: 'ຈ່າຍແລ້ວ',
  total: 'ລວມ',
};

const PRICE = 500_000;
const TOP_UP_1 = 1_000_000;
const CASH_2 = 200_000;

async function call<T>(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown) {
  const { token } = await apiLogin(request);
  const res = await request[method](`${API}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Who and what the tests share: two agents, three main shops on one package, last month's invoices. */
interface World {
  agentA: { id: string; username: string; password: string; name: string };
  agentB: { id: string; name: string };
  shops: { id: string; name: string; invoice: Invoice }[];
}
let world: World;

/**
 * Seed through the API as the first admin: a package, two agents, three main shops (two for agent
 * A), each opened last month on the package (the month moved back in the database: the API only
 * lets a package start this month), last month's invoices made by manual-summary-rent; then shop 1
 * tops up and pays from its wallet, shop 2 pays part in cash, shop 3 (agent B) pays by transfer.
 */
async function seed(request: APIRequestContext): Promise<World> {
  const pkg = await call<{ id: string }>(request, 'post', 'packages/create', {
    nameLo: `ແພັກເກັດ ການເງິນ ${STAMP}`,
    nameEn: `Finance package ${STAMP}`,
    monthlyPrice: PRICE,
    ticketsIncluded: 1000,
    extraTicketPrice: 0,
    usersAllowed: 5,
    branchesAllowed: 1,
  });
  const nameA = `ຕົວແທນ ກ ${STAMP}`;
  const nameB = `ຕົວແທນ ຂ ${STAMP}`;
  const a = await createUser(request, 'AGENT', { fullName: nameA });
  const b = await createUser(request, 'AGENT', { fullName: nameB });
  const specs = [
    { name: `ຮ້ານເງິນ ໜຶ່ງ ${STAMP}`, agentId: a.id },
    { name: `ຮ້ານເງິນ ສອງ ${STAMP}`, agentId: a.id },
    { name: `ຮ້ານເງິນ ສາມ ${STAMP}`, agentId: b.id },
  ];
  const ids: string[] = [];
  for (const s of specs) {
    const shop = await apiCreateShop(request, { name: s.name, agentId: s.agentId, packageId: pkg.id });
    ids.push(shop.id);
  }
  await withDb(async (c) => {
    await c.query(
      `update shops set created_at = ($2::date)::timestamp at time zone 'Asia/Vientiane' where id = any($1)`,
      [ids, `${MONTH}-01`],
    );
    await c.query('update shop_packages set from_month = $2 where shop_id = any($1)', [ids, `${MONTH}-01`]);
  });
  const made = await call<{ created: number }>(request, 'post', 'manual-summary-rent', {
    month: MONTH,
    shopIds: ids,
  });
  expect(made.created).toBe(3);
  const shops = [];
  for (const [i, id] of ids.entries()) {
    const [invoice] = await call<Invoice[]>(request, 'post', 'report-rent', { month: MONTH, shopId: id });
    if (!invoice) throw new Error(`no invoice for ${id}`);
    expect(invoice.total).toBe(PRICE);
    shops.push({ id, name: specs[i]?.name as string, invoice });
  }
  const [s1, s2, s3] = shops as [World['shops'][0], World['shops'][0], World['shops'][0]];
  await call(request, 'post', 'wallet/top-up', {
    shopId: s1.id,
    amount: TOP_UP_1,
    method: 'CASH',
    reference: `R-${STAMP}`,
    idempotencyKey: `seed-${STAMP}-1`,
  });
  await call(request, 'post', 'invoice/paid', { invoiceId: s1.invoice.id, method: 'WALLET' });
  await call(request, 'post', 'invoice/paid', { invoiceId: s2.invoice.id, method: 'CASH', amount: CASH_2 });
  await call(request, 'post', 'invoice/paid', {
    invoiceId: s3.invoice.id,
    method: 'TRANSFER',
    reference: `T-${STAMP}`,
  });
  return {
    agentA: { id: a.id, username: a.username, password: a.password, name: nameA },
    agentB: { id: b.id, name: nameB },
    shops,
  };
}

const shop = (i: number) => world.shops[i] as World['shops'][0];
const ledgerOf = (request: APIRequestContext, shopId: string) =>
  call<WalletDetail>(request, 'get', `wallet?shopId=${shopId}&pageSize=100`);

async function pageAs(
  browser: Browser,
  width: number,
  who?: { username: string; password: string },
  printStub = false,
) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 } });
  const page = await context.newPage();
  if (printStub) await stubPrint(page);
  await signIn(page, who?.username, who?.password);
  return page;
}

/** Nothing wider than the window, and the page's text in the Lao font. */
async function expectPhoneFit(page: Page) {
  const fit = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      lao: document.fonts.check('16px "Noto Sans Lao"', 'ກະເປົາເງິນ'),
      family: getComputedStyle(document.querySelector('h1') as Element).fontFamily,
    };
  });
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  expect(fit.lao).toBe(true);
  expect(fit.family).toMatch(/Noto Sans Lao/);
}

const walletRow = (page: Page, name: string) =>
  page
    .getByTestId('data-row')
    .filter({ has: page.getByTestId('wallet-shop').getByText(name, { exact: true }) });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  world = await seed(request);
});

test('the wallet screen shows each shop’s balance and what it owes, and a shop’s ledger, in Lao', async ({
  browser,
}) => {
  const page = await pageAs(browser, 1280);
  await page.goto(`/app/wallet?q=${encodeURIComponent(STAMP)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LAO.wallet);
  await expect(page.getByTestId('data-row')).toHaveCount(3);
  // Shop 1: topped up 1,000,000, paid its 500,000 invoice from the wallet; shop 2 owes 300,000.
  const one = walletRow(page, shop(0).name);
  await expect(one.getByTestId('wallet-balance')).toHaveText(kip(TOP_UP_1 - PRICE));
  await expect(one.getByTestId('wallet-due')).toHaveText(kip(0));
  await expect(walletRow(page, shop(1).name).getByTestId('wallet-due')).toHaveText(kip(PRICE - CASH_2));
  await expect(walletRow(page, shop(1).name).getByTestId('wallet-balance')).toHaveText(kip(0));

  await one.getByTestId('wallet-open').click();
  await expect(page).toHaveURL(new RegExp(`shop=${shop(0).id}`));
  await expect(page.getByTestId('ledger-shop')).toHaveText(shop(0).name);
  await expectSeen(page.getByTestId('ledger-balance-value'));
  await expect(page.getByTestId('ledger-balance-value')).toHaveText(kip(TOP_UP_1 - PRICE));
  const entries = page.getByTestId('data-row');
  await expect(entries).toHaveCount(2);
  // Newest first: the invoice payment (−500,000, balance 500,000, the invoice's number), then the top-up.
  await expect(entries.nth(0).getByTestId('entry-kind')).toHaveText(LAO.invoicePayment);
  await expect(entries.nth(0).getByTestId('entry-amount')).toHaveText(signed(-PRICE));
  await expect(entries.nth(0).getByTestId('entry-balance')).toHaveText(kip(TOP_UP_1 - PRICE));
  await expect(entries.nth(0).getByTestId('entry-invoice')).toHaveText(shop(0).invoice.number);
  await expect(entries.nth(1).getByTestId('entry-kind')).toHaveText(LAO.topUp);
  await expect(entries.nth(1).getByTestId('entry-amount')).toHaveText(signed(TOP_UP_1));
  await expect(entries.nth(1).getByTestId('entry-balance')).toHaveText(kip(TOP_UP_1));
  await expect(entries.nth(1).getByTestId('entry-when')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  // The kind filter lives in the URL too.
  await page.getByTestId('kind-TOP_UP').click();
  await expect(page).toHaveURL(/kind=TOP_UP/);
  await expect(entries).toHaveCount(1);
  await expect(entries.first().getByTestId('entry-kind')).toHaveText(LAO.topUp);
  // The ledger is a page of its own: the browser's (a phone's) Back returns to the list and its
  // search, and so does the screen's back button after going forward again.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/app/wallet\\?q=${encodeURIComponent(STAMP)}$`));
  await expectSeen(walletRow(page, shop(0).name).getByTestId('wallet-balance'));
  await page.goForward();
  await expect(page.getByTestId('ledger-shop')).toHaveText(shop(0).name);
  await page.getByTestId('wallet-back').click();
  await expect(page).toHaveURL(new RegExp(`/app/wallet\\?q=${encodeURIComponent(STAMP)}$`));
  await expectSeen(walletRow(page, shop(0).name).getByTestId('wallet-balance'));
  await page.context().close();
});

test('a top-up through the dialog moves the balance once, clicked twice or retried after a lost answer', async ({
  browser,
  request,
}) => {
  const page = await pageAs(browser, 1280);
  const s2 = shop(1);
  await page.goto(`/app/wallet?shop=${s2.id}`);
  await expect(page.getByTestId('ledger-balance-value')).toHaveText(kip(0));

  // A double click on save: one entry.
  await page.getByTestId('ledger-top-up').click();
  const form = page.getByTestId('top-up-form');
  // Not whole kip: refused in Lao before anything is sent.
  await form.getByTestId('top-up-amount').fill('1.5');
  await form.getByTestId('top-up-save').click();
  await expect(form.getByText(LAO.rentAmount)).toBeVisible();
  await form.getByTestId('top-up-amount').fill('250,000');
  await form.getByTestId('top-up-reference').fill(`TR-${STAMP}`);
  await form.getByTestId('top-up-save').dblclick();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('ledger-balance-value')).toHaveText(kip(250_000));
  await expect(page.getByTestId('data-row')).toHaveCount(1);
  let ledger = await ledgerOf(request, s2.id);
  expect(ledger.entries.filter((e) => e.kind === 'TOP_UP')).toHaveLength(1);
  expect(ledger.wallet.balance).toBe(250_000);

  // The answer is lost on the way back: the retry sends the same key, and the server says it has it.
  await page.getByTestId('ledger-top-up').click();
  await form.getByTestId('top-up-amount').fill('100000');
  let lost = true;
  await page.route('**/parking-hub-api/v1/wallet/top-up', async (route) => {
    if (!lost) return route.continue();
    lost = false;
    await route.fetch(); // the server records it…
    await route.abort('connectionreset'); // …and the browser never hears.
  });
  await form.getByTestId('top-up-save').click();
  await expect(page.getByTestId('toast-error').last()).toBeVisible();
  await expect(form).toBeVisible();
  await form.getByTestId('top-up-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('toast-info').last()).toContainText(LAO.repeated);
  await expect(page.getByTestId('ledger-balance-value')).toHaveText(kip(350_000));
  await expect(page.getByTestId('data-row')).toHaveCount(2);
  ledger = await ledgerOf(request, s2.id);
  expect(ledger.entries.map((e) => e.amount)).toEqual([100_000, 250_000]);
  expect(ledger.wallet.balance).toBe(350_000);
  await page.context().close();
});

test('an adjustment needs a reason, and one below zero shows the server’s Lao message and changes nothing', async ({
  browser,
  request,
}) => {
  const page = await pageAs(browser, 1280);
  const s2 = shop(1);
  const before = await ledgerOf(request, s2.id);
  await page.goto(`/app/wallet?shop=${s2.id}`);
  await expect(page.getByTestId('ledger-balance-value')).toHaveText(kip(before.wallet.balance));
  await page.getByTestId('ledger-adjust').click();
  const form = page.getByTestId('adjust-form');
  await form.getByTestId('adjust-amount').fill('-1,000,000');
  await form.getByTestId('adjust-save').click();
  await expect(form.getByText(LAO.reasonRequired)).toBeVisible();

  await form.getByTestId('adjust-reason').fill('ນັບເງິນຜິດ');
  await form.getByTestId('adjust-save').click();
  // The server's refusal, under the amount (a field message) or above the fields (any other).
  const refused = form.getByText(LAO.belowZero);
  await expectSeen(refused);
  await expect(refused).toContainText(LAO.belowZero);
  await expect(refused).toContainText(before.wallet.balance.toLocaleString('en-US'));
  await form.getByRole('button', { name: 'ຍົກເລີກ' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('ledger-balance-value')).toHaveText(kip(before.wallet.balance));
  const after = await ledgerOf(request, s2.id);
  expect(after.entries).toEqual(before.entries);
  expect(after.wallet.balance).toBe(before.wallet.balance);
  await page.context().close();
});

test('accounting shows the seeded months’ figures for an agent, with the chart and the totals', async ({
  browser,
  request,
}) => {
  // Agent A's shops: two invoices of last month; this month shop 1 paid 500,000 from its wallet and
  // shop 2 paid 200,000 in cash; the top-ups of shops 1 and 2 (1,000,000, 250,000 and 100,000).
  const invoiced = 2 * PRICE;
  const paid = PRICE + CASH_2;
  const outstanding = invoiced - paid;
  const topUps = TOP_UP_1 + 250_000 + 100_000;
  const walletBalance = TOP_UP_1 - PRICE + 350_000;
  const dueDate = shop(1).invoice.dueDate;
  const overdue = TODAY > dueDate ? outstanding : 0;
  const rates = await call<{ agentId: string; effectiveBp: number }[]>(request, 'get', 'compensation/rates');
  const bp = rates.find((r) => r.agentId === world.agentA.id)?.effectiveBp ?? 0;
  const commissions = Math.round((PRICE * bp) / 10_000) + Math.round((CASH_2 * bp) / 10_000);

  const page = await pageAs(browser, 1280, undefined, true);
  await page.goto(`/app/accounting?from=${MONTH}&to=${THIS_MONTH}&agent=${world.agentA.id}`);
  const card = (key: string) => page.getByTestId(`card-${key}-value`);
  await expectSeen(card('invoiced'));
  await expect(card('invoiced')).toHaveText(kip(invoiced));
  await expect(card('paid')).toHaveText(kip(paid));
  await expect(card('outstanding')).toHaveText(kip(outstanding));
  if (TODAY !== dueDate) await expect(card('overdue')).toHaveText(kip(overdue));
  await expect(card('topUps')).toHaveText(kip(topUps));
  await expect(card('walletBalance')).toHaveText(kip(walletBalance));
  await expect(card('commissionsOwed')).toHaveText(kip(commissions));
  await expect(card('commissionsPaid')).toHaveText(kip(0));
  await expectSeen(page.getByTestId('report-chart'));
  // Last month's invoiced bar is drawn to its figure (its tooltip names it), not only the hover bands.
  const invoicedBar = page
    .getByTestId('report-chart')
    .locator('svg rect')
    .filter({ has: page.locator('title', { hasText: `${LAO.invoiced}: ${kip(invoiced)}` }) });
  await expect(invoicedBar).toHaveCount(1);
  expect(Number(await invoicedBar.getAttribute('height'))).toBeGreaterThan(0);

  // Per month: last month invoiced, this month paid; the totals row adds them up.
  const table = page.getByTestId('month-table');
  const monthRow = (m: string) => table.getByTestId('report-row').filter({ hasText: shown(m) });
  await expect(table.getByTestId('report-row')).toHaveCount(MONTH === THIS_MONTH ? 1 : 2);
  await expect(monthRow(MONTH).locator('[data-col=invoiced]')).toHaveText(kip(invoiced));
  await expect(monthRow(THIS_MONTH).locator('[data-col=paid]')).toHaveText(kip(paid));
  await expect(monthRow(THIS_MONTH).locator('[data-col=paidWallet]')).toHaveText(kip(PRICE));
  await expect(monthRow(THIS_MONTH).locator('[data-col=paidCash]')).toHaveText(kip(CASH_2));
  const totals = table.getByTestId('totals-row');
  await expect(totals.locator('[data-col=invoiced]')).toHaveText(kip(invoiced));
  await expect(totals.locator('[data-col=paid]')).toHaveText(kip(paid));
  await expect(totals.locator('[data-col=topUps]')).toHaveText(kip(topUps));
  // Per agent: agent A alone.
  const agents = page.getByTestId('agent-table').getByTestId('report-row');
  await expect(agents).toHaveCount(1);
  await expect(agents.first()).toContainText(world.agentA.name);

  // The same totals in the CSV and the Excel file, with the Lao headings and both tables.
  const expected = { [LAO.month]: LAO.total, [LAO.invoiced]: invoiced, [LAO.received]: paid };
  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const csv = await downloaded(await csvDownload);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csvRows = parseCsv(csv.toString('utf8').slice(1)).map((r) =>
    r.map((v): Cell => (v === '' ? null : /^-?\d+$/.test(v) ? Number(v) : v)),
  );
  expect(totalsByHeader(csvRows, LAO.month)).toMatchObject(expected);
  const xlsxDownload = page.waitForEvent('download');
  await page.getByTestId('export-xlsx').click();
  const { names, sheets } = readXlsx(new Uint8Array(await downloaded(await xlsxDownload)));
  expect(names).toEqual([LAO.byMonth, LAO.byAgent]);
  expect(sheets[0]?.[1]?.[0]).toBe(`ຕົວແທນ: ${world.agentA.name}`);
  expect(totalsByHeader(sheets[0] ?? [], LAO.month)).toMatchObject(expected);
  await page.getByTestId('print').click();
  expect(await prints(page)).toBe(1);

  // The finance settings: today's values, a due day past the 28th refused in Lao (nothing saved).
  await page.getByTestId('finance-settings-open').click();
  const settings = page.getByTestId('finance-settings-form');
  await expect(settings.getByTestId('settings-due-day')).toHaveValue(/^\d+$/);
  await expect(settings.getByTestId('settings-commission')).toHaveValue(String(bp / 100));
  await settings.getByTestId('settings-due-day').fill('29');
  await settings.getByTestId('finance-settings-save').click();
  await expect(settings.getByText(LAO.dueDay)).toBeVisible();
  await settings.getByRole('button', { name: 'ຍົກເລີກ' }).click();
  await expect(settings).toBeHidden();
  await page.context().close();
});

test('compensation: an agent sees only their own months; an admin pays one out and it turns paid', async ({
  browser,
  request,
}) => {
  const agentPage = await pageAs(browser, 1280, world.agentA);
  await agentPage.goto('/app/compensation');
  await expect(agentPage.getByRole('heading', { level: 1 })).toHaveText(LAO.compensation);
  const own = agentPage.getByTestId('report-row');
  await expect(own).toHaveCount(1);
  await expect(own.first().getByTestId('row-agent')).toHaveText(world.agentA.name);
  await expect(own.first().getByTestId('row-month')).toHaveText(shown(THIS_MONTH));
  await expect(own.first().getByTestId('commission-status')).toHaveText(LAO.pending);
  await expect(agentPage.getByText(world.agentB.name)).toHaveCount(0);
  await expect(own.first().getByTestId('row-pay')).toHaveCount(0);
  // The month's detail: one commission per payment.
  await own.first().getByTestId('row-detail').click();
  await expect(agentPage.getByTestId('detail-row')).toHaveCount(2);
  await agentPage.context().close();

  const page = await pageAs(browser, 1280);
  await page.goto(`/app/compensation?agent=${world.agentA.id}`);
  const row = page.getByTestId('report-row').filter({ hasText: world.agentA.name });
  await expect(row).toHaveCount(1);
  await row.getByTestId('row-pay').click();
  const form = page.getByTestId('payout-form');
  await form.getByTestId('payout-save').click();
  await expect(form.getByText(LAO.payoutReference)).toBeVisible();
  await form.getByTestId('payout-reference').fill(`PAY-${STAMP}`);
  await form.getByTestId('payout-save').click();
  await expect(form).toBeHidden();
  await expect(row.getByTestId('commission-status')).toHaveText(LAO.paid);
  await expect(row.getByTestId('row-pay')).toHaveCount(0);
  const rows = await call<CompensationRow[]>(request, 'post', 'compensation', { agentId: world.agentA.id });
  expect(rows.map((r) => [r.status, r.pending, r.payouts[0]?.reference])).toEqual([
    ['PAID', 0, `PAY-${STAMP}`],
  ]);

  // Agents' rates: agent A gets 12.5 % of their own; B keeps the default; 12.345 is refused.
  await page.getByTestId('rates-open').click();
  const rate = (name: string) => page.getByTestId('rate-row').filter({ hasText: name });
  await expect(rate(world.agentB.name).getByTestId('rate-value')).toHaveText(/^ຄ່າເລີ່ມຕົ້ນ \d/);
  await rate(world.agentA.name).getByTestId('rate-edit').click();
  const rateForm = page.getByTestId('rate-form');
  await rateForm.getByTestId('rate-own').check();
  await rateForm.getByTestId('rate-percent').fill('12.345');
  await rateForm.getByTestId('rate-save').click();
  await expect(rateForm.getByText(LAO.commissionRate)).toBeVisible();
  await rateForm.getByTestId('rate-percent').fill('12.5');
  await rateForm.getByTestId('rate-save').click();
  await expect(rateForm).toBeHidden();
  await expect(rate(world.agentA.name).getByTestId('rate-value')).toHaveText('12.5 %');
  const saved = await call<{ agentId: string; rateBp: number | null }[]>(
    request,
    'get',
    'compensation/rates',
  );
  expect(saved.find((r) => r.agentId === world.agentA.id)?.rateBp).toBe(1250);
  expect(saved.find((r) => r.agentId === world.agentB.id)?.rateBp).toBeNull();
  await page.context().close();
});

test('each screen at 375 px: cards, no sideways scroll, the Lao font', async ({ browser }) => {
  const page = await pageAs(browser, 375);
  await page.goto(`/app/wallet?q=${encodeURIComponent(STAMP)}`);
  await expectSeen(walletRow(page, shop(0).name).getByTestId('wallet-balance'));
  await expectPhoneFit(page);
  await walletRow(page, shop(1).name).getByTestId('wallet-open').click();
  await expectSeen(page.getByTestId('ledger-balance-value'));
  await expectPhoneFit(page);
  await page.getByTestId('ledger-top-up').click();
  await expectSeen(page.getByTestId('top-up-save'));
  await expectPhoneFit(page);
  await page.getByRole('button', { name: 'ຍົກເລີກ' }).click();

  await page.goto(`/app/accounting?from=${MONTH}&to=${THIS_MONTH}`);
  await expectSeen(page.getByTestId('card-invoiced-value'));
  // The chart half in view already: brought to the middle, then it must be whole on the screen.
  const chart = page.getByTestId('report-chart');
  await chart.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expectSeen(chart);
  await expectPhoneFit(page);

  await page.goto(`/app/compensation?agent=${world.agentA.id}`);
  await expectSeen(page.getByTestId('compensation-cards').getByTestId('commission-status').first());
  await expectSeen(page.getByTestId('compensation-cards').getByTestId('totals-row'));
  await expectPhoneFit(page);
  await page.context().close();
});
