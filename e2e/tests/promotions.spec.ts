import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, createUser } from '../support/api.ts';
import { apiCreateShop, expectNoOverflowIn, tinyPng } from '../support/shops.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen, signIn } from '../support/ui.ts';

const API = '/parking-hub-api/v1';
const stamp = () => Date.now().toString(36);
const lastToast = (page: Page) => page.getByTestId('toast-success').last();

const LAO = {
  title: 'ໂປຣໂມຊັນການຕະຫຼາດ',
  created: 'ສ້າງສຳເລັດ',
  running: 'ກຳລັງໃຊ້',
  upcoming: 'ກຳລັງຈະມາ',
  capPercent: 'ສ່ວນຫຼຸດເກີນເພດານຂອງຕົວແທນ: ບໍ່ເກີນ 20%',
};

/** A package made by the first admin through the API. */
async function apiPackage(request: APIRequestContext, monthlyPrice: number) {
  const { token } = await apiLogin(request);
  const nameLo = `ແພັກເກັດ ໂປຣ ${stamp()}`;
  const res = await request.post(`${API}/packages/create`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      nameLo,
      nameEn: `Promo package ${stamp()}`,
      monthlyPrice,
      ticketsIncluded: 5000,
      extraTicketPrice: 40,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string; nameLo: string } }).data;
}

/** A promotion made by the first admin through the API. */
async function apiPromotion(request: APIRequestContext, values: Record<string, unknown>) {
  const { token } = await apiLogin(request);
  const res = await request.post(`${API}/promotion/create`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      discountType: 'PERCENT',
      discountValue: 5,
      validFrom: '2026-01-01',
      validUntil: '2099-12-31',
      audience: 'ALL',
      ...values,
    },
  });
  expect(res.status()).toBe(201);
}

const rowOf = (page: Page, title: string) =>
  page
    .getByTestId('data-row')
    .filter({ has: page.getByTestId('promotion-title').getByText(title, { exact: true }) });

async function choose(
  page: Page,
  scope: Page | ReturnType<Page['getByTestId']>,
  label: RegExp | string,
  option: string,
) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // The menu fades out for a moment: what lies under it is covered until it is gone.
  await expect(page.getByRole('listbox')).toBeHidden();
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an admin creates a promotion with a picture and sees its discount on a package before saving', async ({
    page,
    request,
  }) => {
    const pkg = await apiPackage(request, 150_000);
    await signIn(page);
    await page.goto('/app/promotions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(LAO.title);

    await page.getByTestId('promotion-create').click();
    const form = page.getByTestId('promotion-form');
    const title = `ຫຼຸດຄ່າເຊົ່າ 10% ${stamp()}`;
    await form.getByTestId('field-title').fill(title);
    await form.getByTestId('field-body').fill('ສຳລັບທຸກຮ້ານໃນເດືອນນີ້');
    await form.getByTestId('field-discount-value').fill('10');
    await form.getByTestId('field-image').setInputFiles(tinyPng());
    await expect(form.getByTestId('image-file-name')).toContainText('logo.png');

    // The preview: the package's price, the discount and what the shop pays.
    const preview = form.getByTestId('discount-preview');
    await choose(page, preview, 'ແພັກເກັດ', pkg.nameLo);
    await expect(preview.getByTestId('preview-price')).toHaveText('150,000 ₭');
    await expect(preview.getByTestId('preview-discount')).toHaveText('− 15,000 ₭');
    await expectSeen(preview.getByTestId('preview-to-pay'));
    await expect(preview.getByTestId('preview-to-pay')).toHaveText('135,000 ₭');
    await form.getByTestId('promotion-form-save').click();
    await expect(lastToast(page)).toHaveText(LAO.created);
    await expect(form).toBeHidden();
    const row = rowOf(page, title);
    await expect(row.getByTestId('promotion-state')).toHaveText(LAO.running);
    await expect(row.getByTestId('promotion-discount')).toHaveText('ຫຼຸດ 10%');
    const img = row.getByTestId('promotion-image').locator('img');
    await expect(img).toHaveAttribute('src', /^\/uploads\/promotions\/[0-9a-f]{32}\.png$/);
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });

  test('the list’s search and state filters live in the URL', async ({ page, request }) => {
    const word = `ບຸນ${stamp()}`;
    await apiPromotion(request, { title: `${word} ແລ່ນຢູ່` });
    await apiPromotion(request, { title: `${word} ປີໜ້າ`, validFrom: '2098-01-01' });
    await signIn(page);
    await page.goto('/app/promotions');
    await page.getByTestId('filter-q').fill(word);
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByTestId('data-row')).toHaveCount(2);
    await choose(page, page, /^ສະຖານະ/, LAO.upcoming);
    await expect(page).toHaveURL(/state=UPCOMING/);
    await expect(page.getByTestId('data-row')).toHaveCount(1);
    await expect(rowOf(page, `${word} ປີໜ້າ`)).toBeVisible();
    // A reload (or a shared link) shows the same list.
    await page.reload();
    await expect(page.getByTestId('filter-q')).toHaveValue(word);
    await expect(page.getByTestId('filter-state')).toHaveValue('UPCOMING');
    await expect(page.getByTestId('data-row')).toHaveCount(1);
    await expect(rowOf(page, `${word} ປີໜ້າ`).getByTestId('promotion-state')).toHaveText(LAO.upcoming);
  });

  test('an agent makes one for their own shops and is refused above the cap in Lao', async ({
    page,
    request,
  }) => {
    const agent = await createUser(request, 'AGENT', { fullName: `ຕົວແທນ ${stamp()}` });
    const shopName = `ຮ້ານຕົວແທນ ${stamp()}`;
    await apiCreateShop(request, { name: shopName, agentId: agent.id });
    await signIn(page, agent.username, agent.password);
    await page.goto('/app/promotions');
    await expect(page.getByTestId('cap-summary')).toContainText('20%');

    await page.getByTestId('promotion-create').click();
    const form = page.getByTestId('promotion-form');
    const title = `ຫຼຸດໃຫ້ຮ້ານຂອງຂ້ອຍ ${stamp()}`;
    await form.getByTestId('field-title').fill(title);
    await choose(page, form, 'ສຳລັບ', 'ຮ້ານຂອງຂ້ອຍທີ່ເລືອກ');
    await form.getByTestId('field-shops').fill(shopName.slice(0, 8));
    await page.getByRole('option', { name: shopName }).click();
    await form.getByTestId('field-discount-value').fill('25');
    await form.getByTestId('promotion-form-save').click();
    // Refused: the cap's Lao message under the discount, nothing saved, the dialog still open.
    await expectSeen(form.getByText(LAO.capPercent, { exact: true }));
    await expect(form).toBeVisible();

    await form.getByTestId('field-discount-value').fill('15');
    await form.getByTestId('promotion-form-save').click();
    await expect(lastToast(page)).toHaveText(LAO.created);
    const row = rowOf(page, title);
    await expect(row.getByTestId('promotion-discount')).toHaveText('ຫຼຸດ 15%');
    await expect(row).toContainText('1 ຮ້ານທີ່ເລືອກ');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the list is cards and the form fits at 375 px without sideways scrolling', async ({
    page,
    request,
  }) => {
    await apiPromotion(request, { title: `ໂປຣໂມຊັນຍາວໆສຳລັບໂທລະສັບ ${stamp()}`, audience: 'NEW_SHOPS' });
    await signIn(page);
    await page.goto('/app/promotions');
    await expect(page.getByTestId('data-row').first()).toBeVisible();
    await expect(page.locator('table')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);

    await page.getByTestId('promotion-create').click();
    const form = page.getByTestId('promotion-form');
    await expectSeen(form.getByTestId('field-title'));
    // Free months: the months free and the price after them (the first package of the list).
    await choose(page, form, 'ປະເພດສ່ວນຫຼຸດ', 'ຟຣີຄ່າເຊົ່າ (ເດືອນ)');
    await form.getByTestId('field-discount-value').fill('2');
    await expect(form.getByTestId('preview-discount')).toHaveText('2 ເດືອນທຳອິດ');
    await expect(form.getByTestId('preview-to-pay')).toHaveText('0 ₭');
    await form.getByTestId('discount-preview').scrollIntoViewIfNeeded();
    await expect(form.getByTestId('discount-preview')).toBeVisible();
    await expectNoOverflowIn(form.locator('.MuiDialogContent-root'));
    await expectNoHorizontalOverflow(page);
    await expectSeen(form.getByTestId('promotion-form-save'));
  });
});
