import { insertShop } from '../support/db.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, signIn } from '../support/ui.ts';

const stamp = () => Date.now().toString(36);

test('create, edit, suspend, re-activate and delete a user on /app/users', async ({ page }) => {
  const shopName = `ຮ້ານ ຜູ້ໃຊ້ ${stamp()}`;
  await insertShop(shopName);
  const username = `somchai-${stamp()}`;
  await signIn(page);
  await page.goto('/app/users');

  await page.getByTestId('user-create').click();
  const form = page.getByTestId('user-form');
  await form.getByTestId('user-form-save').click();
  await expect(form.getByText('ກະລຸນາເລືອກຮ້ານ')).toBeVisible();
  await expect(form.getByText('ກະລຸນາປ້ອນລະຫັດຜ່ານ')).toBeVisible();

  await form.getByTestId('field-fullName').fill('ສົມໃຈ ໃຈດີ');
  await form.getByTestId('field-username').fill(username);
  await form.getByTestId('field-phone').fill('020 5555 0001');
  await form.getByTestId('field-password').fill('short');
  await form.getByTestId('field-shop').fill(shopName.slice(0, 8));
  await page.getByRole('option', { name: shopName }).click();
  await form.getByTestId('user-form-save').click();
  await expect(form.getByText('ລະຫັດຜ່ານຕ້ອງມີຢ່າງໜ້ອຍ 8 ຕົວອັກສອນ')).toBeVisible();
  await form.getByTestId('field-password').fill('good-password-1');
  await form.getByTestId('user-form-save').click();
  await expect(page.getByTestId('toast-success')).toHaveText('ສ້າງສຳເລັດ');
  await expect(form).toBeHidden();

  await page.getByTestId('filter-q').fill(username);
  await expect(page).toHaveURL(new RegExp(`q=${username}`));
  const row = page.getByTestId('data-row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('ສົມໃຈ ໃຈດີ');
  await expect(row).toContainText(shopName);
  await expect(row).toContainText('ພະນັກງານຮ້ານ');
  await expect(row).toContainText('02055550001');

  // Edit: a duplicate user name is refused on the field; a new name is saved.
  await row.getByTestId('user-edit').click();
  await expect(form.getByTestId('field-username')).toHaveValue(username);
  await form.getByTestId('field-username').fill('admin');
  await form.getByTestId('user-form-save').click();
  await expect(form.getByText('ຊື່ຜູ້ໃຊ້ນີ້ມີຢູ່ແລ້ວ')).toBeVisible();
  await form.getByTestId('field-username').fill(username);
  await form.getByTestId('field-fullName').fill('ສົມໃຈ ແກ້ໄຂແລ້ວ');
  await form.getByTestId('user-form-save').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText('ບັນທຶກສຳເລັດ');
  await expect(row).toContainText('ສົມໃຈ ແກ້ໄຂແລ້ວ');

  await row.getByTestId('user-suspend').click();
  await page.getByTestId('confirm-action').click();
  await expect(row).toContainText('ຖືກລະງັບ');
  await row.getByTestId('user-activate').click();
  await page.getByTestId('confirm-action').click();
  await expect(row).toContainText('ໃຊ້ງານ');

  await row.getByTestId('user-delete').click();
  await page.getByRole('button', { name: 'ຍົກເລີກ' }).click(); // cancel changes nothing
  await expect(row).toHaveCount(1);
  await row.getByTestId('user-delete').click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('toast-success').last()).toHaveText('ລຶບສຳເລັດ');
  await expect(page.getByTestId('empty-state')).toHaveText('ບໍ່ພົບຜູ້ໃຊ້ທີ່ກົງກັບການຄົ້ນຫາ');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the users list shows cards and the form fits', async ({ page }) => {
    await signIn(page);
    await page.goto('/app/users');
    await expect(page.getByTestId('data-row').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.getByTestId('user-create').click();
    await expect(page.getByTestId('user-form')).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
