import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { createUser } from '../support/api.ts';
import { insertShop, withDb } from '../support/db.ts';
import {
  failWhatsappNext,
  peerWhatsapp,
  resetPeers,
  waitForWhatsapp,
  whatsappInbound,
} from '../support/peers.ts';
import { expectNoOverflowIn } from '../support/shops.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, signIn } from '../support/ui.ts';

const SHOTS = '/tmp/ph-shots';
mkdirSync(SHOTS, { recursive: true });
const stamp = () => Date.now().toString(36);

const LAO = {
  QUEUED: 'ລໍຖ້າສົ່ງ',
  DELIVERED: 'ສົ່ງຮອດແລ້ວ',
  FAILED: 'ສົ່ງບໍ່ສຳເລັດ',
  CANCELLED: 'ຍົກເລີກແລ້ວ',
  connected: 'ເຊື່ອມຕໍ່ແລ້ວ',
  badNumber: 'ເບີ WhatsApp ບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)',
  queued: 'ເພີ່ມຂໍ້ຄວາມເຂົ້າຄິວສົ່ງແລ້ວ',
  cancelled: 'ຍົກເລີກການສົ່ງຂໍ້ຄວາມແລ້ວ',
  textRequired: 'ກະລຸນາປ້ອນຂໍ້ຄວາມ',
};

/** What a person sees: visible, and the element itself is what lies at its centre (nothing covers it). */
async function expectSeen(locator: Locator) {
  await expect(locator).toBeVisible();
  await locator.scrollIntoViewIfNeeded();
  const onTop = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  expect(onTop, 'the element is covered by another one').toBe(true);
}

/** The screen's own format: dd/mm/yyyy HH:mm in Asia/Vientiane. */
const laoTime = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Vientiane',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(ms))
    .replace(',', '');

/** A screenshot to look at: the whole page for a screen, what the window shows for a dialog. */
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });

/** The Lao text of the element is drawn in the self-hosted Lao font, not a fallback. */
async function expectLaoFont(locator: Locator) {
  const ok = await locator.evaluate(async (el) => {
    await document.fonts.ready;
    const family = getComputedStyle(el).fontFamily;
    return (
      family.startsWith('"Noto Sans Lao"') && document.fonts.check(`16px ${family}`, el.textContent ?? '')
    );
  });
  expect(ok, 'Lao text in Noto Sans Lao').toBe(true);
}

/** Opens the test dialog, sends one to `to` (the test template) and answers the dialog. */
async function sendTest(page: Page, to: string) {
  await page.getByTestId('connection-card').getByTestId('open-test').click();
  const dialog = page.getByTestId('test-dialog');
  await dialog.getByTestId('test-to').fill(to);
  await dialog.getByTestId('test-send').click();
  await expect(dialog.getByTestId('sent-message')).toBeVisible();
  return dialog;
}

test.beforeEach(async ({ request }) => {
  await resetPeers(request);
});

test('an admin checks WhatsApp, sends a test message and follows it to delivered; the status filter is in the URL', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/app/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'ຂໍ້ຄວາມ' })).toBeVisible();
  const card = page.getByTestId('connection-card');
  await expect(card.getByTestId('whatsapp-webhook')).toContainText('ພ້ອມ');
  await expect(card.getByTestId('email-from')).toContainText('no-reply@parkinghub.test');

  // Check and resend: a warning first, then the API's answer in plain words.
  await card.getByTestId('reset-whatsapp').click();
  await page.getByTestId('confirm-action').click();
  await expect(card.getByTestId('reset-result')).toContainText(`${LAO.connected}: ສົ່ງຄືນ`);
  await expect(card.getByTestId('whatsapp-state')).toHaveText(LAO.connected);
  await expect(card.getByTestId('whatsapp-connected')).toContainText('Parking Hub Test');
  await expect(card.getByTestId('whatsapp-last-check')).toContainText(laoTime(Date.now()).slice(0, 10));
  await expectSeen(card.getByTestId('whatsapp-state'));

  // The test dialog: a wrong number is refused under its field; the text counts its characters.
  await card.getByTestId('open-test').click();
  const dialog = page.getByTestId('test-dialog');
  await dialog.getByTestId('test-to').fill('123');
  await dialog.getByTestId('test-text').fill('ທົດສອບ');
  await expect(dialog.getByTestId('text-counter')).toHaveText('6/4,096');
  await dialog.getByTestId('test-send').click();
  await expect(dialog.getByText(LAO.badNumber)).toBeVisible();
  await dialog.getByTestId('test-text').fill('');
  await dialog.getByTestId('test-to').fill('020 5555 1234');
  await shot(page, 'messages-test-dialog-1280');
  await dialog.getByTestId('test-send').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(LAO.queued);
  await expectLaoFont(dialog.getByRole('heading'));

  const received = await waitForWhatsapp(request, (r) => r.to === '8562055551234' && r.answered === 200);
  expect(received.type).toBe('template');
  expect(received.body.template.name).toBe('hello_world');
  const sent = dialog.getByTestId('sent-message');
  await expect(sent.getByTestId('message-status')).toHaveText(LAO.DELIVERED);
  await expectSeen(sent.getByTestId('message-status'));
  await shot(page, 'messages-test-dialog-sent-1280');
  await dialog.getByTestId('test-close').click();
  await expect(dialog).toBeHidden();

  // The list: found by the number as people write it; the row is delivered.
  await page.getByTestId('filter-q').fill('020 5555 1234');
  await expect(page).toHaveURL(/q=020/);
  const row = page.getByTestId('data-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('message-recipient')).toHaveText('+856 20 5555 1234');
  await expect(row.getByTestId('message-status')).toHaveText(LAO.DELIVERED);
  await expect(row).toContainText('ຂໍ້ຄວາມທົດສອບ');
  await expectSeen(row.getByTestId('message-status'));
  await expectLaoFont(row.getByTestId('message-status').locator('.MuiChip-label'));
  await expect(page.getByTestId('toast-success')).toHaveCount(0);
  await shot(page, 'messages-screen-1280', true);

  // Its story, in order.
  await row.getByTestId('message-recipient').click();
  const detail = page.getByTestId('message-detail');
  await expect(detail.getByTestId('detail-template')).toHaveText('hello_world');
  await expect(detail.getByTestId('message-event').first()).toHaveAttribute('data-kind', 'QUEUED');
  await expect(detail.getByTestId('message-event').filter({ hasText: 'ຜູ້ໃຫ້ບໍລິການຮັບຂໍ້ຄວາມແລ້ວ' })).toHaveCount(1);
  await expect(detail.getByTestId('message-retry')).toHaveCount(0); // delivered: nothing to resend
  await expect(detail.getByTestId('message-cancel')).toHaveCount(0);
  await detail.getByTestId('message-close').click();
  await expect(detail).toBeHidden();

  // A count chip filters the list; the filter survives a reload.
  await page.getByTestId('filter-q').fill('');
  await card.getByTestId('count-DELIVERED').click();
  await expect(page).toHaveURL(/status=DELIVERED/);
  await page.reload();
  await expect(page.getByTestId('filter-status')).toHaveValue('DELIVERED');
  await expect(page.getByTestId('filter-status').locator('..')).toContainText(LAO.DELIVERED);
  await expect(page.getByTestId('count-DELIVERED')).toHaveAttribute('aria-pressed', 'true');
  const statuses = page.getByTestId('data-row').getByTestId('message-status');
  await expect(statuses.first()).toHaveText(LAO.DELIVERED);
  for (const text of await statuses.allTextContents()) expect(text).toBe(LAO.DELIVERED);
});

test('a message that fails for good shows why, and Retry delivers it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/app/messages');
  await failWhatsappNext(request, 1, { kind: 'undeliverable' });
  const dialog = await sendTest(page, '020 5555 1301');
  await expect(dialog.getByTestId('message-status')).toHaveText(LAO.FAILED);
  await dialog.getByTestId('sent-open').click();
  await expect(dialog).toBeHidden();

  const detail = page.getByTestId('message-detail');
  await expect(page).toHaveURL(/message=/);
  await expect(detail.getByTestId('message-status').first()).toHaveText(LAO.FAILED);
  await expect(detail.getByTestId('detail-last-error')).toContainText('131026');
  await expect(detail.getByTestId('detail-last-error')).toContainText('Message Undeliverable');
  await expect(detail.locator('[data-kind="FAILED"]')).toContainText('HTTP 400 · ລະຫັດຂໍ້ຜິດພາດ 131026');
  await expect(detail.getByTestId('message-cancel')).toHaveCount(0); // failed: cancel makes no sense
  await expectSeen(detail.getByTestId('message-retry'));
  await shot(page, 'messages-detail-failed-1280');

  await detail.getByTestId('message-retry').click();
  await expect(page.getByRole('dialog', { name: 'ສົ່ງຂໍ້ຄວາມນີ້ຄືນ?' })).toBeVisible();
  await page.getByTestId('confirm-action').click();
  await expect(detail.getByTestId('message-status').first()).toHaveText(LAO.DELIVERED);
  await expect(detail.getByTestId('detail-attempts')).toHaveText('1');
  await expect(detail.locator('[data-kind="REQUEUED"]')).toBeVisible();
  await detail.locator('[data-kind="REQUEUED"]').scrollIntoViewIfNeeded();
  const sends = (await peerWhatsapp(request)).filter((r) => r.to === '8562055551301');
  expect(sends.map((r) => r.answered)).toEqual([400, 200]);
  await shot(page, 'messages-detail-retried-1280');
});

test('a long outbox pages by cursor; a message opened on page 2 closes back to page 2', async ({ page }) => {
  const shopId = await insertShop(`ຮ້ານ ຂໍ້ຄວາມຫຼາຍ ${stamp()}`);
  await withDb((c) =>
    c.query(
      `insert into outbox_messages (channel, recipient, kind, body, language, shop_id, cause, status, created_at)
       select 'WHATSAPP', '+8562077' || lpad(i::text, 6, '0'), 'TEXT', 'ຂໍ້ຄວາມ ' || i, 'lo', $1, 'test',
              'CANCELLED', now() - (i || ' minutes')::interval
       from generate_series(1, 23) i`,
      [shopId],
    ),
  );
  await signIn(page);
  await page.goto(`/app/messages?shopId=${shopId}`);
  const rows = page.getByTestId('data-row');
  const range = page.getByTestId('pager-range');
  await expect(page.getByText('ທັງໝົດ 23 ຂໍ້ຄວາມ')).toBeVisible();
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('+856 20 7700 0001');
  await expectSeen(range);
  await expect(range).toHaveText('1–20 ຈາກ 23 · ໜ້າ 1');
  await page.getByTestId('page-next').click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(rows).toHaveCount(3);
  await expect(rows.last()).toContainText('+856 20 7700 0023');
  await expect(range).toHaveText('21–23 ຈາກ 23 · ໜ້າ 2');
  await rows.first().click();
  await expect(page.getByTestId('message-detail')).toBeVisible();
  await page.getByTestId('message-close').click();
  await expect(page.getByTestId('message-detail')).toBeHidden();
  await expect(rows).toHaveCount(3);
  await page.getByTestId('page-previous').click(); // the trail survived the detail
  await expect(rows).toHaveCount(20);
  await expect(page).not.toHaveURL(/cursor=/);
  await expect(rows.first()).toContainText('+856 20 7700 0001');
});

test('a transient failure waits for its next attempt, and Cancel stops it', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/app/messages');
  await failWhatsappNext(request, 1, { kind: 'server-error' });
  const before = Date.now();
  const dialog = await sendTest(page, '020 5555 1302');
  await waitForWhatsapp(request, (r) => r.to === '8562055551302' && r.answered === 500);
  await expect(dialog.getByTestId('sent-message')).toContainText('HTTP 500');
  await expect(dialog.getByTestId('message-status')).toHaveText(LAO.QUEUED);
  await dialog.getByTestId('sent-open').click();

  const detail = page.getByTestId('message-detail');
  await expect(detail.getByTestId('detail-last-error')).toContainText('HTTP 500 (131000)');
  // The retry base is 60 s (±10 %): the next attempt is about a minute after the failure.
  const next = (await detail.getByTestId('detail-nextAttemptAt').textContent()) ?? '';
  const allowed = new Set<string>();
  for (let ms = before + 50_000; ms <= Date.now() + 70_000; ms += 10_000) allowed.add(laoTime(ms));
  expect([...allowed]).toContain(next);
  await expect(detail.locator('[data-kind="RETRY"]')).toBeVisible();
  await expect(detail.getByTestId('message-retry')).toHaveText('ສົ່ງດຽວນີ້');

  await detail.getByTestId('message-cancel').click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText(LAO.cancelled);
  await expect(detail.getByTestId('message-status').first()).toHaveText(LAO.CANCELLED);
  await expect(detail.getByTestId('detail-nextAttemptAt')).toHaveText('—');
  await expect(detail.getByTestId('message-cancel')).toHaveCount(0);
  await expect(detail.getByTestId('message-retry')).toHaveText('ສົ່ງຄືນ'); // a cancelled one may start over
  expect((await peerWhatsapp(request)).filter((r) => r.to === '8562055551302')).toHaveLength(1);
});

test('an agent sends a WhatsApp to their shop from its detail; a shop without a number says why not', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const agent = await createUser(request, 'AGENT', { fullName: 'ຕົວແທນ ຂໍ້ຄວາມ' });
  const name = `ຮ້ານ ແຈ້ງຂ່າວ ${stamp()}`;
  const shopId = await insertShop(name, { agentId: agent.id });
  await withDb((c) => c.query('update shops set whatsapp = $1 where id = $2', ['+8562055550101', shopId]));
  const silent = await insertShop(`ຮ້ານ ບໍ່ມີ WhatsApp ${stamp()}`, { agentId: agent.id });
  await signIn(page, agent.username, agent.password);

  await page.goto(`/app/shops?shop=${silent}`);
  const detail = page.getByTestId('shop-detail');
  await expect(detail.getByTestId('shop-send-whatsapp')).toBeDisabled();
  await expect(detail.getByTestId('shop-no-whatsapp')).toHaveText('ຮ້ານນີ້ຍັງບໍ່ມີເບີ WhatsApp. ເພີ່ມເບີໄດ້ທີ່ “ແກ້ໄຂຮ້ານ”');

  await page.goto(`/app/shops?shop=${shopId}`);
  await expect(detail.getByTestId('detail-name')).toHaveText(name);
  await expect(detail.getByTestId('detail-messages-link')).toHaveCount(0); // the Messages screen is admins'
  await expect(detail.getByTestId('shop-messages-empty')).toBeVisible();
  await detail.getByTestId('shop-send-whatsapp').click();
  const dialog = page.getByTestId('send-shop-dialog');
  await expect(dialog.getByTestId('send-shop-to')).toHaveText('ສົ່ງຫາເບີ +856 20 5555 0101');
  await dialog.getByTestId('send-shop-submit').click();
  await expect(dialog.getByText(LAO.textRequired)).toBeVisible();
  const text = 'ມື້ອື່ນລະບົບຈະປິດປັບປຸງ 1 ຊົ່ວໂມງ';
  await dialog.getByTestId('send-shop-text').fill(text);
  await expect(dialog.getByTestId('text-counter')).toHaveText(`${text.length}/4,096`);
  await shot(page, 'shop-send-dialog-1280');
  await dialog.getByTestId('send-shop-submit').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText('ເພີ່ມ 1 ຂໍ້ຄວາມເຂົ້າຄິວສົ່ງແລ້ວ');
  await expect(dialog).toBeHidden();

  const received = await waitForWhatsapp(request, (r) => r.to === '8562055550101' && r.answered === 200);
  expect(received.body.template.name).toBe('ph_shop_notice');
  expect(JSON.stringify(received.body.template.components)).toContain(text);
  const item = detail.getByTestId('shop-message');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('shop-message-body')).toHaveText(`${name}: ${text}`);
  await expect(item.getByTestId('message-status')).toHaveText(LAO.DELIVERED);
  await expectSeen(item.getByTestId('message-status'));
  await expect(page.getByTestId('toast-success')).toHaveCount(0);
  await detail.getByTestId('shop-messages-list').scrollIntoViewIfNeeded();
  await shot(page, 'shop-messages-1280');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the screen, the shop section and the dialogs fit and work at 375 px', async ({ page, request }) => {
    const name = `ຮ້ານ ມືຖື ${stamp()}`;
    const shopId = await insertShop(name);
    await withDb((c) => c.query('update shops set whatsapp = $1 where id = $2', ['+8562055550202', shopId]));
    await signIn(page);

    // A shop's section: send to it, then see all of its messages on the Messages screen.
    await page.goto(`/app/shops?shop=${shopId}`);
    const shop = page.getByTestId('shop-detail');
    await expectSeen(shop.getByTestId('shop-send-whatsapp'));
    await shop.getByTestId('shop-send-whatsapp').click();
    const send = page.getByTestId('send-shop-dialog');
    await send.getByTestId('send-shop-text').fill('ທົດສອບຈາກມືຖື\nແຖວທີສອງ');
    await expectNoOverflowIn(send.locator('.MuiDialog-paper'));
    await shot(page, 'shop-send-dialog-375');
    await send.getByTestId('send-shop-submit').click();
    await expect(send).toBeHidden();
    await waitForWhatsapp(request, (r) => r.to === '8562055550202' && r.answered === 200);
    await expect(shop.getByTestId('shop-message').getByTestId('message-status')).toHaveText(LAO.DELIVERED);
    await expectNoOverflowIn(shop.locator('.MuiDialog-paper'));
    await expect(page.getByTestId('toast-success')).toHaveCount(0);
    await shop.getByTestId('shop-messages-list').scrollIntoViewIfNeeded();
    await expectSeen(shop.getByTestId('detail-messages-link'));
    await shot(page, 'shop-messages-375');
    await shop.getByTestId('detail-messages-link').click();

    await expect(page).toHaveURL(new RegExp(`/app/messages\\?shopId=${shopId}`));
    await expect(page.getByTestId('filters-toggle')).toContainText('(1)');
    await expect(page.getByTestId('filter-shop')).toHaveValue(name);
    const card = page.getByTestId('data-row');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('message-status')).toHaveText(LAO.DELIVERED);
    await expectSeen(card.getByTestId('message-recipient'));
    await expectNoHorizontalOverflow(page);
    await shot(page, 'messages-screen-375', true);

    // The detail fills the screen; closing is at hand.
    await card.getByTestId('message-recipient').click();
    const detail = page.getByTestId('message-detail');
    // A template's values hold no line break (Cloud API): the shop's text went on one line.
    await expect(detail.getByTestId('detail-body')).toHaveText(`${name}: ທົດສອບຈາກມືຖື · ແຖວທີສອງ`);
    await expect(detail.getByTestId('detail-template')).toHaveText('ph_shop_notice');
    const paper = detail.locator('.MuiDialog-paper');
    const box = await paper.boundingBox();
    expect(box && [box.x, box.y, box.width, box.height]).toEqual([0, 0, 375, 812]);
    await expectNoOverflowIn(paper);
    await expectSeen(detail.getByTestId('message-close'));
    await expectSeen(detail.getByTestId('detail-shop'));
    await detail.getByTestId('message-timeline').scrollIntoViewIfNeeded();
    await expectSeen(detail.locator('[data-kind="CALLBACK"]').last());
    await shot(page, 'messages-detail-timeline-375');
    await detail.getByTestId('message-close').click();
    await expect(detail).toBeHidden();
    await expect(page).toHaveURL(/shopId=/);

    // A number that wrote to us in the last 24 hours gets a free text, its line breaks kept.
    await whatsappInbound(request, '8562055550303', 'ສະບາຍດີ');
    await page.getByTestId('open-test').click();
    const testDialog = page.getByTestId('test-dialog');
    await testDialog.getByTestId('test-to').fill('020 5555 0303');
    await testDialog.getByTestId('test-text').fill('ສະບາຍດີ\nແຖວທີສອງ');
    await expect(testDialog.getByTestId('text-counter')).toHaveText('16/4,096');
    await expectSeen(testDialog.getByTestId('test-send'));
    await expectNoOverflowIn(testDialog.locator('.MuiDialog-paper'));
    await expectNoHorizontalOverflow(page);
    await shot(page, 'messages-test-dialog-375');
    await testDialog.getByTestId('test-send').click();
    const received = await waitForWhatsapp(request, (r) => r.to === '8562055550303' && r.answered === 200);
    expect(received.body.text.body).toBe('ສະບາຍດີ\nແຖວທີສອງ');
    await expect(testDialog.getByTestId('message-status')).toHaveText(LAO.DELIVERED);
    await expectSeen(testDialog.getByTestId('sent-open'));
    await testDialog.getByTestId('sent-open').click();
    await expect(detail.getByTestId('detail-template')).toHaveText('ບໍ່ໃຊ້ແມ່ແບບ (ຂໍ້ຄວາມທຳມະດາ)');
    expect(await detail.getByTestId('detail-body').innerText()).toBe('ສະບາຍດີ\nແຖວທີສອງ');
    // The "queued" toast (top right, 2 s) lies over the dialog's title until it goes.
    await expect(page.getByTestId('toast-success')).toHaveCount(0);
    await expectSeen(detail.getByTestId('message-status').first());
    await shot(page, 'messages-detail-375');
  });
});
