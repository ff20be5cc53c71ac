import { expect, test } from '../support/test.ts';

test('the footer links to the provider and the privacy policy, which exists in Lao and English', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByTestId('footer');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer.getByRole('link', { name: 'Parking Hub' })).toHaveAttribute('href', /^https:\/\//);
  await footer.getByRole('link', { name: 'ນະໂຍບາຍຄວາມເປັນສ່ວນຕົວ' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ນະໂຍບາຍຄວາມເປັນສ່ວນຕົວ');
  expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(8);
  await expect(page.getByTestId('privacy-page')).toContainText('argon2id');
  await page.getByTestId('language-switch').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
});

test('the login page leads to /reset-password, which asks in Lao for the account to recover', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'ລືມລະຫັດຜ່ານ?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ລືມລະຫັດຜ່ານ');
  await expect(page.getByLabel('ຊື່ຜູ້ໃຊ້, ເບີໂທ ຫຼື ອີເມວ')).toBeFocused();
});
