import { businessDate } from '@parking-hub/contracts/business-day';
import { daysBetween, passPeriod } from '@parking-hub/contracts/members';
import type { Browser, Locator, Page } from '@playwright/test';
import { shopWithStaff } from '../support/bills.ts';
import { withDb } from '../support/db.ts';
import { fillRule, openEditor, ruleCard } from '../support/prices.ts';
import { downloaded, parseCsv } from '../support/reports.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen, prints, signIn, stubPrint } from '../support/ui.ts';

const stamp = () => Date.now().toString(36);
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };
const RED = 'rgb(211, 47, 47)'; // the theme's error colour

/** 'YYYY-MM-DD' as the screens write it. */
const day = (iso: string) => iso.split('-').reverse().join('/');
/** The shop's business day now (shopWithStaff's shops open 07:00–22:00 in Vientiane). */
const shopToday = () =>
  businessDate(new Date(), { timezone: 'Asia/Vientiane', openShop: '07:00', closeShop: '22:00' });

const lastToast = (page: Page) => page.getByTestId('toast-success').last();
/** The success toasts have gone (at 375 px they sit over the list's last lines). */
const toastsGone = (page: Page) => expect(page.getByTestId('toast-success')).toHaveCount(0);
const memberRow = (page: Page, text: string) =>
  page.getByTestId('members-list').getByTestId('data-row').filter({ hasText: text });

async function open(
  browser: Browser,
  viewport: { width: number; height: number },
  user?: { username: string; password: string },
) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await stubPrint(page);
  await signIn(page, user?.username, user?.password);
  return page;
}

/** The Lao face is loaded and draws the screen's Lao text. */
async function expectLaoFont(page: Page) {
  const lao = await page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('16px "Noto Sans Lao"', 'ສະມາຊິກ');
  });
  expect(lao).toBe(true);
}

/** Pick a free card in a number picker by typing part of it. */
async function pickNumber(page: Page, input: Locator, number: string) {
  await input.fill(number.slice(-4));
  await page.getByRole('option', { name: number, exact: true }).click();
}

/** The sale dialog's member fields and the first pass; answers the period it shows. */
async function fillSale(page: Page, values: { number: string; name: string; phone: string; plate: string }) {
  const form = page.getByTestId('sell-form');
  await pickNumber(page, form.getByTestId('member-number'), values.number);
  await form.getByTestId('member-fullName').fill(values.name);
  await form.getByTestId('member-phone').fill(values.phone);
  await form.getByTestId('member-plates').fill(values.plate);
  await form.getByTestId('member-plates').press('Enter');
  await expect(form.getByTestId('plate-chip')).toHaveText([values.plate]);
  return form;
}

test.describe
  .serial('members: card numbers, passes, the report and the gate', () => {
    const tag = stamp();
    const shopName = `ຮ້ານ ສະມາຊິກ ${tag}`;
    let shop: Awaited<ReturnType<typeof shopWithStaff>>;
    const today = shopToday();
    const first = passPeriod(null, today, 1);
    const renewed = passPeriod(first.until, today, 3);

    test.beforeAll(async ({ request }) => {
      shop = await shopWithStaff(request, shopName);
      // The shop sells motorbike passes of 1 and 3 months (no price for 6 and 12).
      await withDb((c) =>
        c.query(
          `update price_rules set pass_1m = 32000, pass_3m = 90000 where shop_id = $1 and vehicle_type = 'MOTORBIKE'`,
          [shop.shopId],
        ),
      );
    });

    test('shop staff see the list only while the shop does not let them sell', async ({ browser }) => {
      const page = await open(browser, PHONE, shop.staff);
      await page.goto('/app/report/bill/members');
      await expect(page.getByTestId('members-list').getByTestId('empty-state')).toHaveText('ຍັງບໍ່ມີສະມາຊິກ');
      await expect(page.getByTestId('member-sell')).toHaveCount(0);
      await expect(page.getByTestId('members-tab-numbers')).toHaveCount(0);
      await expect(page.getByTestId('members-filter-shop')).toHaveCount(0); // their own shop only
      await expectNoHorizontalOverflow(page);
      await page.context().close();
    });

    test('a manager at 375 px makes card numbers, sells, renews, edits, replaces a card and cancels', async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const page = await open(browser, PHONE, shop.manager);

      // The shop sells motorbike passes of 1 and 3 months (6 and 12 left empty: not sold).
      await page.goto('/app/prices');
      const editor = await openEditor(page, 'MOTORBIKE');
      await fillRule(editor, { pass1m: '32,000', pass3m: '90000' });
      await expectNoHorizontalOverflow(page);
      await editor.getByTestId('rule-save').click();
      await expect(editor).toBeHidden();
      await expect(ruleCard(page, 'MOTORBIKE').getByTestId('rule-passes')).toHaveText(
        'ບັດສະມາຊິກ: 1 ເດືອນ 32,000 ກີບ · 3 ເດືອນ 90,000 ກີບ',
      );

      await page.goto('/app/report/bill/members');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('ລູກຄ້າສະມາຊິກ');
      await expect(page.getByTestId('members-list').getByTestId('empty-state')).toHaveText('ຍັງບໍ່ມີສະມາຊິກ');
      await expectLaoFont(page);
      await expectNoHorizontalOverflow(page);

      // The pool: empty, then a range of twenty previewed before it is made.
      await page.getByTestId('members-tab-numbers').click();
      await expect(page).toHaveURL(/tab=numbers/);
      await expect(page.getByTestId('numbers-list').getByTestId('empty-state')).toHaveText('ຍັງບໍ່ມີເລກບັດ');
      await page.getByTestId('numbers-create').click();
      const range = page.getByTestId('numbers-form');
      await range.getByTestId('numbers-to').fill('20');
      await expect(range.getByTestId('numbers-preview')).toHaveText('M-0001 … M-0020 (20 ເລກ)');
      await expectNoHorizontalOverflow(page);
      await range.getByTestId('numbers-save').click();
      await expect(lastToast(page)).toHaveText('ສ້າງເລກບັດແລ້ວ 20 ເລກ.');
      await expect(page.getByTestId('numbers-list').getByTestId('pool-number').first()).toHaveText('M-0001');
      await expect(page.getByTestId('numbers-list').getByTestId('number-status').first()).toHaveText('ວ່າງ');
      await expectNoHorizontalOverflow(page);

      // Sell a pass: the shop's price for a month is filled in, the period shown before saving.
      await page.getByTestId('members-tab-members').click();
      await page.getByTestId('member-sell').click();
      const form = await fillSale(page, {
        number: 'M-0001',
        name: 'ນາງ ແກ້ວ ມະນີ',
        phone: '020 5555 1234',
        plate: 'ກຂ 1234',
      });
      await expect(form.getByTestId('sale-months-1')).toContainText('32,000 ₭');
      await expect(form.getByTestId('sale-months-6')).toContainText('ບໍ່ມີລາຄາ');
      await expect(form.getByTestId('sale-amount')).toHaveValue('32,000');
      await expect(form.getByTestId('sale-period')).toHaveText(
        `ບັດໃຊ້ໄດ້ແຕ່ ${day(first.from)} ຫາ ${day(first.until)}`,
      );
      await expectNoHorizontalOverflow(page);
      await toastsGone(page);
      await expectSeen(form.getByTestId('sell-save'));
      await form.getByTestId('sell-save').click();

      // Sold: what it bought on screen, the receipt sent to the printer, the card on demand.
      const done = page.getByTestId('sale-done');
      await expect(done).toContainText('ຂາຍບັດສະມາຊິກສຳເລັດ');
      await expect(done.getByTestId('done-number')).toHaveText('M-0001');
      await expect(done.getByTestId('done-until')).toHaveText(day(first.until));
      await expect(done.getByTestId('done-amount')).toHaveText('32,000 ₭ · ເງິນສົດ');
      await expect.poll(() => prints(page)).toBe(1);
      const receipt = page.getByTestId('pass-receipt');
      await expect(receipt).toHaveAttribute('data-paper', '58');
      await expect(receipt.getByTestId('receipt-number')).toHaveText('M-0001');
      await expect(receipt.getByTestId('receipt-until')).toHaveText(day(first.until));
      await expect(receipt.getByTestId('receipt-amount')).toHaveText('32,000 ₭');
      await expect(receipt).toContainText('ນາງ ແກ້ວ ມະນີ');
      await page.getByTestId('done-card').click();
      await expect.poll(() => prints(page)).toBe(2);
      await expect(page.getByTestId('member-card').getByTestId('card-number')).toHaveText('M-0001');
      await expect(page.getByTestId('member-card').getByTestId('pass-qr')).toHaveAttribute(
        'aria-label',
        'M-0001',
      );
      await toastsGone(page);
      await expectSeen(page.getByTestId('done-close'));
      await page.getByTestId('done-close').click();
      await expect(page.getByTestId('sale-done')).toBeHidden(); // the dialog has faded out

      const row = memberRow(page, 'M-0001');
      await expect(row.getByTestId('member-name')).toHaveText('ນາງ ແກ້ວ ມະນີ');
      await expect(row.getByTestId('member-plates-text')).toHaveText('ກຂ 1234');
      await expect(row.getByTestId('member-status')).toHaveText('ໃຊ້ງານ');
      await expect(row.getByTestId('member-until')).toContainText(day(first.until));
      await expect(row.getByTestId('member-days-left')).toHaveText(
        `ເຫຼືອ ${daysBetween(today, first.until)} ມື້`,
      );
      await expectNoHorizontalOverflow(page);

      // Renew for three months by Lao QR: the new end date before and after.
      await toastsGone(page);
      await expectSeen(row.getByTestId('member-renew'));
      await row.getByTestId('member-renew').click();
      const renew = page.getByTestId('renew-form');
      await renew.getByTestId('sale-months-3').click();
      await expect(renew.getByTestId('sale-amount')).toHaveValue('90,000');
      await renew.getByTestId('sale-method-QR').click();
      await expect(renew.getByTestId('sale-new-until')).toHaveText(day(renewed.until));
      await expectNoHorizontalOverflow(page);
      await renew.getByTestId('renew-save').click();
      await expect(page.getByTestId('sale-done')).toContainText('ຕໍ່ອາຍຸສຳເລັດ');
      await expect(page.getByTestId('done-until')).toHaveText(day(renewed.until));
      await expect(page.getByTestId('done-amount')).toHaveText('90,000 ₭ · Lao QR');
      await expect.poll(() => prints(page)).toBe(3);
      await expect(page.getByTestId('pass-receipt')).toContainText('ໃບຮັບເງິນ ຕໍ່ອາຍຸບັດສະມາຊິກ');
      await page.getByTestId('done-close').click();
      await expect(page.getByTestId('sale-done')).toBeHidden(); // the dialog has faded out
      await expect(row.getByTestId('member-until')).toContainText(day(renewed.until));

      // Edit the name and add a plate.
      await row.getByTestId('member-more').click();
      await page.getByTestId('member-action-edit').click();
      const edit = page.getByTestId('edit-form');
      await edit.getByTestId('edit-fullName').fill('ນາງ ແກ້ວ ມະນີວົງ');
      await edit.getByTestId('edit-plates').fill('ຄງ 99');
      await edit.getByTestId('edit-plates').press('Enter');
      await expectNoHorizontalOverflow(page);
      await edit.getByTestId('edit-save').click();
      await expect(edit).toBeHidden();
      await expect(row.getByTestId('member-name')).toHaveText('ນາງ ແກ້ວ ມະນີວົງ');
      await expect(row.getByTestId('member-plates-text')).toHaveText('ກຂ 1234, ຄງ 99');

      // A lost card: the member moves to M-0002, M-0001 is marked lost.
      await row.getByTestId('member-more').click();
      await page.getByTestId('member-action-replace').click();
      const replace = page.getByTestId('replace-form');
      await pickNumber(page, replace.getByTestId('replace-number'), 'M-0002');
      await replace.getByTestId('replace-save').click();
      const detail = page.getByTestId('member-detail');
      await expect(page.getByRole('dialog')).toContainText('M-0002 · ນາງ ແກ້ວ ມະນີວົງ');
      await expect(detail).toContainText('M-0001'); // the earlier card
      await expect(detail.getByTestId('payment-row')).toHaveCount(2);
      await expectNoHorizontalOverflow(page);
      await page.getByTestId('detail-close').click();
      await page.getByTestId('members-tab-numbers').click();
      const lost = page.getByTestId('numbers-list').getByTestId('data-row').filter({ hasText: 'M-0001' });
      await expect(lost.getByTestId('number-status')).toHaveText('ເສຍ');

      // Cancel: kept in the list as cancelled, the card free again.
      await page.getByTestId('members-tab-members').click();
      const moved = memberRow(page, 'M-0002');
      await moved.getByTestId('member-more').click();
      await page.getByTestId('member-action-cancel').click();
      await page.getByTestId('confirm-action').click();
      await expect(moved.getByTestId('member-status')).toHaveText('ຍົກເລີກ');
      await expect(moved.getByTestId('member-renew')).toHaveCount(0);

      // The staff may sell from now on.
      await page.getByTestId('member-settings').click();
      const settings = page.getByTestId('settings-form');
      await expect(settings.getByTestId('settings-days')).toHaveValue('7');
      await settings.getByTestId('settings-staff-sell').check();
      await settings.getByTestId('settings-save').click();
      await expect(settings).toBeHidden();
      await page.context().close();
    });

    test('shop staff with selling allowed sell and renew at 375 px, and the plate checks in free at the gate', async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const page = await open(browser, PHONE, shop.staff);
      await page.goto('/app/report/bill/members');
      await expect(page.getByTestId('members-tab-numbers')).toHaveCount(0); // the pool is the managers'
      await expect(page.getByTestId('member-settings')).toHaveCount(0);
      await expectSeen(page.getByTestId('member-sell'));
      await page.getByTestId('member-sell').click();
      const form = await fillSale(page, {
        number: 'M-0003',
        name: 'ທ້າວ ບຸນມີ',
        phone: '020 7777 8888',
        plate: 'ຄງ 5678',
      });
      await expect(form.getByTestId('sale-amount')).toHaveValue('32,000');
      await form.getByTestId('sell-save').click();
      await expect(page.getByTestId('done-until')).toHaveText(day(first.until));
      await expect.poll(() => prints(page)).toBe(1);
      await page.getByTestId('done-close').click();
      await expect(page.getByTestId('sale-done')).toBeHidden(); // the dialog has faded out

      const row = memberRow(page, 'M-0003');
      await row.getByTestId('member-renew').click();
      const second = passPeriod(first.until, today, 1);
      await expect(page.getByTestId('renew-form').getByTestId('sale-new-until')).toHaveText(
        day(second.until),
      );
      await page.getByTestId('renew-save').click();
      await expect(page.getByTestId('done-until')).toHaveText(day(second.until));
      await expect.poll(() => prints(page)).toBe(2);
      await page.getByTestId('done-close').click();
      await expect(page.getByTestId('sale-done')).toBeHidden(); // the dialog has faded out
      await expect(row.getByTestId('member-until')).toContainText(day(second.until));
      // Staff neither edit nor cancel.
      await row.getByTestId('member-more').click();
      await expect(page.getByTestId('member-action-edit')).toHaveCount(0);
      await expect(page.getByTestId('member-action-cancel')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expectNoHorizontalOverflow(page);

      // At the gate the member's plate alone makes the stay free.
      await page.goto('/app/gate');
      await page.getByTestId('gate-plate').fill('ຄງ 5678');
      await page.getByTestId('gate-in-MOTORBIKE').click();
      const notice = page.getByTestId('gate-last-ticket').getByTestId('gate-member-notice');
      await expect(notice).toHaveAttribute('data-state', 'VALID');
      await expect(notice).toContainText(`ສະມາຊິກ: ທ້າວ ບຸນມີ, ໝົດອາຍຸວັນທີ ${day(second.until)}`);
      await expect(notice).toContainText('0 ₭ · ສະມາຊິກ');
      const bills = await withDb(
        async (c) =>
          (
            await c.query('select member_number from bills where shop_id = $1 and plate = $2', [
              shop.shopId,
              'ຄງ 5678',
            ])
          ).rows,
      );
      expect(bills).toEqual([{ member_number: 'M-0003' }]); // the stay is the member's
      await toastsGone(page);
      await expectSeen(notice);
      await expectNoHorizontalOverflow(page);
      await page.context().close();
    });

    test('the report and the list on a desktop: totals, never came, the CSV, the table', async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const page = await open(browser, DESKTOP);
      await page.goto(`/app/report/bill/members?shopId=${shop.shopId}`);
      // A table on a desktop, with the shop's members.
      await expect(
        page.getByTestId('members-list').getByRole('columnheader', { name: 'ໝົດອາຍຸວັນທີ' }),
      ).toBeVisible();
      await expect(memberRow(page, 'M-0003').getByTestId('member-status')).toHaveText('ໃຊ້ງານ');
      await page.getByRole('combobox', { name: /^ສະຖານະ/ }).click();
      await page.getByRole('option', { name: 'ຍົກເລີກ' }).click();
      await expect(page).toHaveURL(/status=CANCELLED/);
      await expect(page.getByTestId('members-list').getByTestId('data-row')).toHaveCount(1);

      await page.getByTestId('members-tab-report').click();
      await expect(page).toHaveURL(/tab=report/);
      await expect(page.getByTestId('total-sold-value')).toHaveText('4');
      await expect(page.getByTestId('total-amount-value')).toHaveText('186,000 ₭');
      await expect(page.getByTestId('total-amount')).toContainText('ເງິນສົດ 96,000 ₭ · QR 90,000 ₭');
      await expect(page.getByTestId('total-visits-value')).toHaveText('1');
      const table = page.getByTestId('members-report-table');
      const came = table.getByTestId('report-row').filter({ hasText: 'M-0003' });
      await expect(came.locator('[data-col="visits"]')).toHaveText('1');
      await expect(came.getByTestId('never-came')).toHaveCount(0);
      const never = table.getByTestId('report-row').filter({ hasText: 'M-0002' });
      await expect(never.getByTestId('never-came')).toHaveText('ບໍ່ເຄີຍມາ');
      await expectNoHorizontalOverflow(page);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-csv').click(),
      ]);
      const rows = parseCsv((await downloaded(download)).toString('utf8'));
      const header = rows.findIndex((r) => r[0] === 'ເລກບັດ');
      expect(rows[header]).toEqual(expect.arrayContaining(['ເລກບັດ', 'ຊື່ ແລະ ນາມສະກຸນ', 'ຈຳນວນເຂົ້າຈອດ']));
      expect(rows.some((r) => r[0] === 'M-0003' && r.includes('ທ້າວ ບຸນມີ'))).toBe(true);
      await page.context().close();
    });

    test('an ended pass is red in the list', async ({ browser }) => {
      await withDb((c) =>
        c.query(
          `update members set valid_from = current_date - 33, valid_until = current_date - 3, status = 'EXPIRED' where shop_id = $1 and number = 'M-0003'`,
          [shop.shopId],
        ),
      );
      const page = await open(browser, PHONE, shop.manager);
      await page.goto('/app/report/bill/members');
      const left = memberRow(page, 'M-0003').getByTestId('member-days-left');
      await expect(left).toContainText('ໝົດອາຍຸແລ້ວ');
      await expect(left).toHaveCSS('color', RED);
      await page.context().close();
    });
  });
