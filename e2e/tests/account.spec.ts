import { createUser } from '../support/api.ts';
import { expect, test } from '../support/test.ts';
import { signIn } from '../support/ui.ts';

test('the account dialog: states, Lao messages, and a save that signs out', async ({ page, request }) => {
  const user = await createUser(request, 'ADMIN', { fullName: 'Account Owner' });
  await signIn(page, user.username, user.password);
  await page.getByTestId('profile-button').click();
  await page.getByTestId('menu-account').click();

  const dialog = page.getByRole('dialog', { name: 'ຂໍ້ມູນບັນຊີ' });
  const name = dialog.getByLabel('ຊື່ ແລະ ນາມສະກຸນ');
  const password = dialog.getByLabel('ລະຫັດຜ່ານໃໝ່');
  const confirmation = dialog.getByLabel('ຢືນຢັນລະຫັດຜ່ານ');
  const toggle = dialog.getByTestId('change-password');
  await expect(name).toHaveValue('Account Owner');
  await expect(toggle).not.toBeChecked();
  await expect(password).toBeDisabled();
  await expect(confirmation).toBeDisabled();

  await name.fill('');
  await dialog.getByTestId('account-save').click();
  await expect(dialog.getByText('ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້')).toBeVisible();

  await name.fill('ບຸນມີ ໃໝ່');
  await toggle.check();
  await expect(password).toBeEnabled();
  await dialog.getByTestId('account-save').click();
  await expect(dialog.getByText('ກະລຸນາປ້ອນລະຫັດຜ່ານ')).toBeVisible();
  await expect(dialog.getByText('ກະລຸນາຢືນຢັນລະຫັດຜ່ານ')).toBeVisible();

  // Toggling clears both password fields.
  await password.fill('something-1');
  await confirmation.fill('something-1');
  await toggle.uncheck();
  await toggle.check();
  await expect(password).toHaveValue('');
  await expect(confirmation).toHaveValue('');

  // The server checks that they match and answers on the field.
  await password.fill('new-password-1');
  await confirmation.fill('new-password-2');
  await dialog.getByTestId('account-save').click();
  await expect(dialog.getByText('ລະຫັດຜ່ານບໍ່ກົງກັນ')).toBeVisible();

  await confirmation.fill('new-password-1');
  await dialog.getByTestId('account-save').click();
  await expect(page.getByTestId('toast-success')).toHaveText('ບັນທຶກສຳເລັດ');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('PARKING_HUB'))).toBeNull();

  await signIn(page, user.username, 'new-password-1');
  await expect(page.getByTestId('topbar-fullname')).toHaveText('ບຸນມີ ໃໝ່');
});
