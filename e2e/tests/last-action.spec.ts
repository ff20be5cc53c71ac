import { apiLogin, createUser } from '../support/api.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen, signIn, typeDate } from '../support/ui.ts';

test('/app/last_action shows who did what, filters by action and opens the change', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'AGENT', { fullName: 'ຕົວແທນ ກວດສອບ' });
  await signIn(page);
  await page.goto('/app/last_action');
  await expect(page.getByRole('heading', { level: 1, name: 'ການກະທຳຫຼ້າສຸດ' })).toBeVisible();
  // Newest first: the admin's own sign-in just now.
  await expect(page.getByTestId('data-row').first()).toContainText('ເຂົ້າສູ່ລະບົບ');

  await page.getByRole('combobox', { name: /^ການກະທຳ/ }).click();
  await page.getByRole('option', { name: 'ສ້າງຜູ້ໃຊ້' }).click();
  await expect(page).toHaveURL(/action=user\.create/);
  const created = page.getByTestId('data-row').first();
  await expect(created).toContainText('ສ້າງຜູ້ໃຊ້');
  await expect(created).toContainText('Super Admin');
  await created.getByTestId('audit-open').click();
  const details = page.getByTestId('audit-details');
  await expect(details).toContainText(user.username);
  await expect(details).toContainText('ຕົວແທນ ກວດສອບ');
  await page.getByTestId('audit-details-close').click();

  // The "who" filter searches users on the server and survives a reload.
  await page.getByTestId('filter-user').fill('Super');
  await page.getByRole('option', { name: /Super Admin/ }).click();
  await expect(page).toHaveURL(/userId=[0-9a-f-]{36}/);
  await expect(page.getByTestId('data-row').first()).toContainText('Super Admin');
  await page.reload();
  await expect(page.getByTestId('filter-user')).toHaveValue('Super Admin');

  // A backwards date range is refused on the field, without asking the server.
  await typeDate(page, 'filter-from', '31/12/2026');
  await typeDate(page, 'filter-to', '01/01/2026');
  await expect(page.getByText('ວັນທີເລີ່ມຕ້ອງບໍ່ຫຼັງວັນທີສິ້ນສຸດ').first()).toBeVisible();
  await expect(page).toHaveURL(/from=2026-12-31.*to=2026-01-01/);
});

test('a long trail pages by cursor: forward, reload, back, and a filter starts again', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'AGENT', { fullName: 'ຕົວແທນ ຫຼາຍໜ້າ' });
  const { token, user: me } = await apiLogin(request, user.username, user.password);
  for (let i = 1; i <= 21; i++) {
    const res = await request.post('/parking-hub-api/v1/users/update/profile', {
      headers: { authorization: `Bearer ${token}` },
      data: { userId: me.id, fullName: `ຕົວແທນ ຫຼາຍໜ້າ ${i}` },
    });
    expect(res.status()).toBe(200);
  }
  await signIn(page);
  await page.goto(`/app/last_action?userId=${me.id}`);
  const rows = page.getByTestId('data-row');
  const range = page.getByTestId('pager-range');
  await expect(page.getByText('ທັງໝົດ 22 ລາຍການ')).toBeVisible(); // 21 changes and the sign-in
  await expect(rows).toHaveCount(20);
  await expectSeen(range);
  await expect(range).toHaveText('1–20 ຈາກ 22 · ໜ້າ 1');
  await page.getByTestId('page-next').click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(rows).toHaveCount(2);
  await expect(range).toHaveText('21–22 ຈາກ 22 · ໜ້າ 2');
  await expect(rows.last()).toContainText('ເຂົ້າສູ່ລະບົບ');
  await expect(page.getByTestId('page-next')).toBeDisabled();
  await page.reload(); // the cursor is in the URL: the same page comes back
  await expect(rows).toHaveCount(2);
  await page.getByTestId('page-previous').click();
  await expect(rows).toHaveCount(20);
  await expect(page).not.toHaveURL(/cursor=/);
  await page.getByTestId('page-next').click();
  await expect(rows).toHaveCount(2);
  // A filter starts from page 1 again.
  await page.getByRole('combobox', { name: /^ການກະທຳ/ }).click();
  await page.getByRole('option', { name: 'ເຂົ້າສູ່ລະບົບ', exact: true }).click();
  await expect(page).not.toHaveURL(/cursor=|page=/);
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('audit-pager')).toContainText('1–1 ຈາກ 1');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the audit list fits', async ({ page }) => {
    await signIn(page);
    await page.goto('/app/last_action');
    await expect(page.getByTestId('data-row').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // The pager under the cards: in reach, in Lao, nothing over it.
    await expectSeen(page.getByTestId('pager-range'));
    await expect(page.getByTestId('pager-range')).toHaveText(/^1–\d+ ຈາກ [\d,]+\+? · ໜ້າ 1$/);
    await expectSeen(page.getByTestId('page-next'));
    await page.screenshot({ path: '/tmp/ph-shots/last-action-pager-375.png' });
  });
});
