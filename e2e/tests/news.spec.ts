import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, createUser } from '../support/api.ts';
import { waitForWhatsapp } from '../support/peers.ts';
import { apiCreateShop } from '../support/shops.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen, signIn } from '../support/ui.ts';

const API = '/parking-hub-api/v1';
const STAMP = Date.now().toString(36);
const LAO = {
  screen: 'ປະກາດຂ່າວສານ',
  sent: 'ສົ່ງແລ້ວ',
  scheduled: 'ຕັ້ງເວລາແລ້ວ',
  withdrawn: 'ຖອນແລ້ວ',
  delivered: 'ສົ່ງຮອດແລ້ວ',
  noWhatsapp: 'ບໍ່ມີເບີ WhatsApp',
  titleRequired: 'ກະລຸນາປ້ອນຫົວຂໍ້ຂ່າວສານ',
  chosenShops: 'ຮ້ານທີ່ເລືອກ',
  bell: 'ຂ່າວສານຈາກ Parking Hub',
};

const phoneOf = (n: number) => `+85620${String(77_000_000 + (Date.now() % 1_000_000) * 10 + n).slice(-8)}`;

async function newsList(request: APIRequestContext, q: string) {
  const { token } = await apiLogin(request);
  const res = await request.post(`${API}/news`, {
    headers: { authorization: `Bearer ${token}` },
    data: { q },
  });
  return (
    (await res.json()) as { data: Array<{ id: string; title: string; status: string; publicPath: string }> }
  ).data;
}

async function pickShop(page: Page, name: string) {
  const field = page.getByTestId('field-shops');
  await field.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

let shopA: { id: string; name: string; whatsapp: string };
let shopB: { id: string; name: string };
test.beforeAll(async ({ request }) => {
  const whatsapp = phoneOf(1);
  const a = await apiCreateShop(request, { name: `ຮ້ານຂ່າວ ກ ${STAMP}`, whatsapp });
  const b = await apiCreateShop(request, { name: `ຮ້ານຂ່າວ ຂ ${STAMP}` });
  shopA = { id: a.id, name: a.name, whatsapp };
  shopB = { id: b.id, name: b.name };
});

test('an admin writes news to chosen shops, previews the WhatsApp message, sends it and follows each shop’s delivery; bad input is refused in Lao', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/app/news');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LAO.screen);
  await page.getByTestId('news-create').click();
  const form = page.getByTestId('news-form');
  // No title: refused under the field in Lao, nothing made.
  await form.getByTestId('field-body').fill('ຂໍ້ຄວາມ');
  await form.getByTestId('news-save').click();
  await expect(form.getByText(LAO.titleRequired)).toBeVisible();
  expect(await newsList(request, STAMP)).toEqual([]);

  const title = `ປິດປັບປຸງລະບົບ ${STAMP}`;
  await form.getByTestId('field-title').fill(title);
  await form.getByTestId('field-body').fill('ວັນທີ 1 ລະບົບຈະປິດ 2 ຊົ່ວໂມງ\nລາຍລະອຽດ https://parkinghub.la/help');
  await form.getByRole('combobox', { name: 'ສົ່ງຫາ' }).click();
  await page.getByRole('option', { name: LAO.chosenShops, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await pickShop(page, shopA.name);
  await pickShop(page, shopB.name);
  // The preview is the message as WhatsApp shows it: title, the text on one line, the link.
  const preview = form.getByTestId('whatsapp-preview-text');
  await expectSeen(preview);
  await expect(preview).toContainText(`ຂ່າວສານຈາກ Parking Hub: ${title}`);
  await expect(preview).toContainText('ວັນທີ 1 ລະບົບຈະປິດ 2 ຊົ່ວໂມງ · ລາຍລະອຽດ https://parkinghub.la/help');
  await expect(form.getByTestId('whatsapp-preview')).toContainText('2 ຮ້ານທີ່ເລືອກ');
  await form.getByTestId('news-save').click();
  await expect(page.getByTestId('toast-success').last()).toContainText('ສົ່ງຂ່າວສານຫາ 2 ຮ້ານ (WhatsApp 1 ຂໍ້ຄວາມ)');
  await expect(form).toBeHidden();

  const message = await waitForWhatsapp(
    request,
    (r) => r.to === shopA.whatsapp.slice(1) && r.body.template?.name === 'ph_news',
  );
  expect(JSON.stringify(message.body.template)).toContain(title);

  await page.getByTestId('news-table').getByTestId('news-title').getByText(title).click();
  const detail = page.getByTestId('news-detail');
  await expect(page).toHaveURL(/news=/);
  await expect(page.getByRole('dialog').getByTestId('news-status')).toHaveText(LAO.sent);
  await expect(detail.getByTestId('detail-body')).toContainText('ລາຍລະອຽດ https://parkinghub.la/help');
  await expect(detail.getByRole('link', { name: 'https://parkinghub.la/help' })).toHaveAttribute(
    'target',
    '_blank',
  );
  const row = (name: string) =>
    detail.getByTestId('data-row').filter({ has: page.getByTestId('delivery-shop').getByText(name) });
  await expect(row(shopA.name).getByTestId('delivery-status')).toHaveText(LAO.delivered, { timeout: 15_000 });
  await expect(row(shopB.name).getByTestId('delivery-status')).toHaveText(LAO.noWhatsapp);
  await expectSeen(row(shopB.name).getByTestId('delivery-status'));
  // Only those with no number: the filter chip.
  await detail.getByTestId('delivery-filter-NO_WHATSAPP').click();
  await expect(detail.getByTestId('data-row')).toHaveCount(1);

  // Withdrawn: kept, listed under its status.
  await detail.getByTestId('detail-withdraw').click();
  await expect(page.getByText('ຖອນຂ່າວສານນີ້? ຮ້ານຈະບໍ່ເຫັນໃນແອັບອີກ', { exact: false })).toBeVisible();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('news-detail')).toBeHidden();
  await expect(page.getByTestId('news-table').getByText(title)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'ສະຖານະ' }).click();
  await page.getByRole('option', { name: LAO.withdrawn, exact: true }).click();
  await expect(page).toHaveURL(/status=WITHDRAWN/);
  await expect(page.getByTestId('news-table').getByText(title)).toBeVisible();
});

test('news set for a time is kept as scheduled with its time', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto('/app/news');
  await page.getByTestId('news-create').click();
  const form = page.getByTestId('news-form');
  const title = `ວັນພັກ ${STAMP}`;
  await form.getByTestId('field-title').fill(title);
  await form.getByTestId('field-body').fill('ວັນພັກປີໃໝ່ລາວ');
  await form.getByTestId('publish-SCHEDULE').click();
  const when = new Date(Date.now() + 3 * 86_400_000);
  const dd = String(when.getDate()).padStart(2, '0');
  const mm = String(when.getMonth() + 1).padStart(2, '0');
  const sections = form.getByTestId('field-publish-at').getByRole('spinbutton');
  for (const [i, digits] of [dd, mm, String(when.getFullYear()), '09', '30'].entries()) {
    await sections.nth(i).click();
    await page.keyboard.type(digits, { delay: 60 });
  }
  await expect(form.getByTestId('news-save')).toHaveText('ຕັ້ງເວລາສົ່ງ');
  await form.getByTestId('news-save').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText('ຕັ້ງເວລາສົ່ງຂ່າວສານສຳເລັດ');
  const [made] = await newsList(request, title);
  expect(made?.status).toBe('SCHEDULED');
  const row = page.getByTestId('data-row').filter({ hasText: title });
  await expect(row.getByTestId('news-status')).toHaveText(LAO.scheduled);
  await expect(row).toContainText(`${dd}/${mm}/${when.getFullYear()} 09:30`);
});

test('shop staff at 375 px see the bell’s count, read the news in Lao, and the count goes; its public page fits a phone', async ({
  browser,
  request,
}) => {
  const { token } = await apiLogin(request);
  const title = `ລາຄາໃໝ່ ${STAMP}`;
  const res = await request.post(`${API}/news/create`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      body: 'ລາຄາລົດຈັກ 3,000 ກີບ\nເລີ່ມວັນທີ 1',
      audience: 'SHOPS',
      shopIds: [shopB.id],
      publish: 'NOW',
    },
  });
  expect(res.status()).toBe(201);
  const publicPath = ((await res.json()) as { data: { publicPath: string } }).data.publicPath;
  const staff = await createUser(request, 'SHOP', { shopId: shopB.id });
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await signIn(page, staff.username, staff.password);
  const bell = page.getByTestId('news-bell');
  await expectSeen(bell);
  await expect(page.getByTestId('news-bell-count')).toContainText('1');
  await bell.click();
  const item = page.getByTestId('inbox-item').filter({ hasText: title });
  await expectSeen(item);
  await expectNoHorizontalOverflow(page);
  await item.click();
  await expectSeen(page.getByTestId('inbox-body'));
  await expect(page.getByTestId('inbox-body')).toHaveText('ລາຄາລົດຈັກ 3,000 ກີບ\nເລີ່ມວັນທີ 1');
  expect(
    await page.getByTestId('inbox-body').evaluate(async (el) => {
      await document.fonts.ready;
      return (
        getComputedStyle(el).fontFamily.includes('Noto Sans Lao') &&
        document.fonts.check('16px "Noto Sans Lao"', 'ລາຄາ')
      );
    }),
  ).toBe(true);
  await page.getByTestId('inbox-close').click();
  await expect(page.getByTestId('news-bell-count').locator('.MuiBadge-invisible')).toHaveCount(1);

  // The message's link: no sign-in, the whole text, nothing wider than the phone.
  const anonymous = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const pub = await anonymous.newPage();
  await pub.goto(publicPath);
  await expectSeen(pub.getByTestId('public-news-title'));
  await expect(pub.getByTestId('public-news-title')).toHaveText(title);
  await expect(pub.getByTestId('public-news-body')).toHaveText('ລາຄາລົດຈັກ 3,000 ກີບ\nເລີ່ມວັນທີ 1');
  await expectNoHorizontalOverflow(pub);
  await pub.goto('/news/not-a-real-token-at-all-xxxxxxxxxx');
  await expect(pub.getByTestId('news-notFound')).toContainText('ບໍ່ພົບຂ່າວສານນີ້');
  await anonymous.close();
  await context.close();
});

test('an agent sends news to a shop of theirs from the shop’s detail, previewed as WhatsApp shows it', async ({
  browser,
  request,
}) => {
  const agent = await createUser(request, 'AGENT');
  const whatsapp = phoneOf(7);
  const shop = await apiCreateShop(request, { name: `ຮ້ານຕົວແທນ ${STAMP}`, whatsapp, agentId: agent.id });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, agent.username, agent.password);
  await page.goto(`/app/shops?shop=${shop.id}`);
  await page.getByTestId('shop-send-news').click();
  const form = page.getByTestId('shop-news-form');
  const title = `ແຈ້ງຈາກຕົວແທນ ${STAMP}`;
  await form.getByTestId('shop-news-title-field').fill(title);
  await form.getByTestId('shop-news-body-field').fill('ມ້ວນເຈ້ຍຈະສົ່ງມື້ອື່ນ');
  await expect(form.getByTestId('whatsapp-preview-text')).toContainText(title);
  await form.getByTestId('shop-news-send').click();
  await expect(page.getByTestId('toast-success').last()).toContainText('ສົ່ງຂ່າວສານຫາ 1 ຮ້ານ');
  await waitForWhatsapp(request, (r) => r.to === whatsapp.slice(1) && r.body.template?.name === 'ph_news');
  await expect(page.getByTestId('shop-message').filter({ hasText: title })).toBeVisible();
  await context.close();
});
