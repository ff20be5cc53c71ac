import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin, createUser } from '../support/api.ts';
import { apiCreateShop, apiShopDetail } from '../support/shops.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen, signIn } from '../support/ui.ts';

const API = '/parking-hub-api/v1';
const stamp = () => Date.now().toString(36);
const lastToast = (page: Page) => page.getByTestId('toast-success').last();

/** A package made by the first admin through the API. */
async function apiPackage(request: APIRequestContext, values: Record<string, unknown> = {}) {
  const { token } = await apiLogin(request);
  const res = await request.post(`${API}/packages/create`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      nameLo: `ແພັກເກັດ ${stamp()}`,
      nameEn: `Package ${stamp()}`,
      monthlyPrice: 250_000,
      ticketsIncluded: 5000,
      extraTicketPrice: 40,
      usersAllowed: 5,
      branchesAllowed: 2,
      ...values,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string; nameLo: string } }).data;
}

const rowOf = (page: Page, testId: 'package-name' | 'fee-name', name: string): Locator =>
  page.getByTestId('data-row').filter({ has: page.getByTestId(testId).getByText(name, { exact: true }) });

/** 'YYYY-MM' of next month in Vientiane, and as the screen shows it ('MM/YYYY'). */
function nextMonth() {
  const now = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Vientiane',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .slice(0, 7);
  const [y, m] = now.split('-').map(Number) as [number, number];
  const value = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { value, shown: `${value.slice(5)}/${value.slice(0, 4)}` };
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an admin creates and edits a package and a fee; a package in use is deactivated, not deleted', async ({
    page,
    request,
  }) => {
    const used = await apiPackage(request);
    await apiCreateShop(request, { name: `ຮ້ານ ແພັກເກັດ ${stamp()}`, packageId: used.id });
    await signIn(page);
    await page.goto('/app/packages');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ລາຄາເຊົ່າ');

    // Create: bad kip first (a field message in Lao, nothing saved), then right.
    const name = `ມາດຕະຖານ ${stamp()}`;
    await page.getByTestId('package-add').click();
    const form = page.getByTestId('package-form');
    await form.getByTestId('field-nameLo').fill(name);
    await form.getByTestId('field-nameEn').fill(`Standard ${stamp()}`);
    await form.getByTestId('field-monthlyPrice').fill('-5');
    await form.getByTestId('field-ticketsIncluded').fill('4,000');
    await form.getByTestId('field-extraTicketPrice').fill('40');
    await form.getByTestId('field-usersAllowed').fill('4');
    await form.getByTestId('package-form-save').click();
    await expect(form.getByText('ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ')).toBeVisible();
    await form.getByTestId('field-monthlyPrice').fill('180,000');
    await form.getByTestId('package-form-save').click();
    await expect(lastToast(page)).toHaveText('ສ້າງສຳເລັດ');
    await expect(form).toBeHidden();
    const row = rowOf(page, 'package-name', name);
    await expectSeen(row.getByTestId('package-name'));
    await expect(row).toContainText('180,000 ₭');
    await expect(row).toContainText('4,000');
    await expect(row).toContainText('ບໍ່ຈຳກັດ'); // branches left empty: no limit
    await expect(row.getByTestId('active-chip')).toHaveText('ເປີດໃຊ້');

    // Edit the price.
    await row.getByTestId('package-edit').click();
    await expect(form.getByTestId('field-monthlyPrice')).toHaveValue('180000');
    await form.getByTestId('field-monthlyPrice').fill('190000');
    await form.getByTestId('package-form-save').click();
    await expect(lastToast(page)).toHaveText('ບັນທຶກສຳເລັດ');
    await expect(row).toContainText('190,000 ₭');

    // The package a shop has: the dialog says so, and it is deactivated.
    const usedRow = rowOf(page, 'package-name', used.nameLo);
    await expect(usedRow).toContainText('1'); // shops using it
    await usedRow.getByTestId('package-delete').click();
    await expect(page.getByRole('dialog')).toContainText('ຈະປິດການໃຊ້ງານແທນການລຶບ');
    await page.getByTestId('confirm-action').click();
    await expect(lastToast(page)).toHaveText('ແພັກເກັດນີ້ມີຮ້ານໃຊ້ຢູ່ ຫຼື ເຄີຍໃຊ້ ຈຶ່ງປິດການໃຊ້ງານແທນການລຶບ');
    await expect(usedRow.getByTestId('active-chip')).toHaveText('ປິດໃຊ້');
    // The one just made is no shop's: deleted.
    await row.getByTestId('package-delete').click();
    await page.getByTestId('confirm-action').click();
    await expect(lastToast(page)).toHaveText('ລຶບສຳເລັດ');
    await expect(row).toHaveCount(0);

    // Fees: add one, then change its amount.
    const feeName = `ຄ່າຝຶກອົບຮົມ ${stamp()}`;
    await expect(rowOf(page, 'fee-name', 'ມ້ວນເຈ້ຍພິມບິນ')).toContainText('15,000 ₭');
    await page.getByTestId('fee-add').click();
    const feeForm = page.getByTestId('fee-form');
    await feeForm.getByTestId('fee-code').fill(`training_${stamp()}`);
    await feeForm.getByTestId('fee-nameLo').fill(feeName);
    await feeForm.getByTestId('fee-nameEn').fill('Training');
    await feeForm.getByTestId('fee-amount').fill('250,000');
    await feeForm.getByTestId('fee-form-save').click();
    await expect(lastToast(page)).toHaveText('ສ້າງສຳເລັດ');
    const feeRow = rowOf(page, 'fee-name', feeName);
    await expect(feeRow).toContainText('250,000 ₭');
    await expect(feeRow).toContainText('TRAINING_');
    await feeRow.getByTestId('fee-edit').click();
    await expect(feeForm.getByTestId('fee-code')).toBeDisabled();
    await feeForm.getByTestId('fee-amount').fill('275000');
    await feeForm.getByTestId('fee-form-save').click();
    await expect(lastToast(page)).toHaveText('ບັນທຶກສຳເລັດ');
    await expect(feeRow).toContainText('275,000 ₭');
  });

  test('an agent sees packages and fees read-only', async ({ page, request }) => {
    const pkg = await apiPackage(request);
    const agent = await createUser(request, 'AGENT');
    await signIn(page, agent.username, agent.password);
    await page.goto('/app/packages');
    const row = rowOf(page, 'package-name', pkg.nameLo);
    await expectSeen(row.getByTestId('package-name'));
    await expect(row).toContainText('250,000 ₭');
    await expect(rowOf(page, 'fee-name', 'ຄ່າຕິດຕັ້ງ')).toContainText('300,000 ₭');
    for (const id of ['package-add', 'package-edit', 'package-delete', 'fee-add', 'fee-edit']) {
      await expect(page.getByTestId(id)).toHaveCount(0);
    }
  });

  test('the shop form gives a shop a package from next month; the detail shows its months', async ({
    page,
    request,
  }) => {
    const pkg = await apiPackage(request, { nameLo: `ໂປຣ ${stamp()}`, monthlyPrice: 450_000 });
    const shop = await apiCreateShop(request, { name: `ຮ້ານ ເດືອນໜ້າ ${stamp()}` });
    const month = nextMonth();
    await signIn(page);
    await page.goto(`/app/shops?shop=${shop.id}`);
    const detail = page.getByTestId('shop-detail');
    await expect(detail.getByTestId('package-history-empty')).toHaveText('ຍັງບໍ່ມີແພັກເກັດ');
    await detail.getByTestId('detail-edit').click();
    const form = page.getByTestId('shop-form');
    await expect(form.getByTestId('field-packageFrom')).toBeDisabled();
    await form.getByRole('combobox', { name: 'ແພັກເກັດ' }).click();
    await page.getByRole('option', { name: new RegExp(pkg.nameLo) }).click();
    await form.getByRole('combobox', { name: 'ເລີ່ມແຕ່ເດືອນ' }).click();
    await page.getByRole('option', { name: month.shown, exact: true }).click();
    await form.getByTestId('shop-form-save').click();
    await expect(lastToast(page)).toHaveText('ບັນທຶກສຳເລັດ');
    const item = detail.getByTestId('package-month');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(pkg.nameLo);
    await expect(item).toContainText(`ແຕ່ເດືອນ ${month.shown}`);
    await expect(item).toContainText('ລໍຖ້າເລີ່ມ');
    await expectSeen(item);
    const saved = await apiShopDetail(request, shop.id);
    expect(saved.shop.packageId).toBe(pkg.id);
    expect(saved.packageHistory).toMatchObject([{ month: month.value, packageId: pkg.id }]);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the packages screen at 375 px: cards, nothing wider than the screen', async ({ page, request }) => {
    const pkg = await apiPackage(request, { nameLo: `ພື້ນຖານ ມືຖື ${stamp()}`, usersAllowed: null });
    await signIn(page);
    await page.goto('/app/packages');
    const card = rowOf(page, 'package-name', pkg.nameLo);
    await expectSeen(card.getByTestId('package-name'));
    await expect(card).toContainText('250,000 ₭');
    await expect(card).toContainText('ບໍ່ຈຳກັດ');
    await expect(page.locator('table')).toHaveCount(0);
    await expectNoHorizontalOverflow(page);
    await card.getByTestId('package-edit').click();
    const form = page.getByTestId('package-form');
    await expectSeen(form.getByTestId('package-form-save'));
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press('Escape');
    await page.getByTestId('fee-table').scrollIntoViewIfNeeded();
    await expectSeen(rowOf(page, 'fee-name', 'ເຄື່ອງພິມບິນ').getByTestId('fee-name'));
    await expectNoHorizontalOverflow(page);
  });
});
