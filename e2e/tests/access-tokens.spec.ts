import { apiLogin, createUser } from '../support/api.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, signIn } from '../support/ui.ts';

test('/app/access_token lists sessions and a revoked one stops working at once', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'AGENT', { fullName: 'ຕົວແທນ ໂທເຄັນ' });
  const victim = await apiLogin(request, user.username, user.password);
  const me = () =>
    request.post('/parking-hub-api/v1/me', {
      headers: { authorization: `Bearer ${victim.token}` },
      data: {},
    });
  expect((await me()).status()).toBe(200);

  await signIn(page);
  await page.goto('/app/access_token');
  await expect(page.getByRole('heading', { level: 1, name: 'ໂທເຄັນເຂົ້າໃຊ້' })).toBeVisible();
  // The admin's own session is marked as this device.
  await expect(page.getByTestId('token-current').first()).toBeVisible();

  await page.getByTestId('filter-q').fill(user.username);
  await expect(page).toHaveURL(new RegExp(`q=${user.username}`));
  const row = page.getByTestId('data-row').filter({ hasText: 'ຕົວແທນ ໂທເຄັນ' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('token-status-ACTIVE')).toBeVisible();
  await row.getByTestId('token-revoke').click();
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('toast-success')).toHaveText('ຍົກເລີກໂທເຄັນສຳເລັດ');
  await expect(row.getByTestId('token-status-REVOKED')).toBeVisible();
  expect((await me()).status()).toBe(401);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the tokens list fits', async ({ page }) => {
    await signIn(page);
    await page.goto('/app/access_token');
    await expect(page.getByTestId('data-row').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
