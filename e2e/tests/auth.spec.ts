import { apiLogin, createUser } from '../support/api.ts';
import { ADMIN } from '../support/constants.ts';
import { expect, test } from '../support/test.ts';
import { signInWithForm } from '../support/ui.ts';

test('a wrong password is refused in Lao, then the right one signs in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/ເຂົ້າສູ່ລະບົບ/);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້')).toBeVisible();
  await expect(page.getByText('ກະລຸນາປ້ອນລະຫັດຜ່ານ')).toBeVisible();

  await page.locator('input[name=username]').fill(ADMIN.username);
  await page.locator('input[name=password]').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toHaveText('ຊື່ຜູ້ໃຊ້ ຫຼື ລະຫັດຜ່ານບໍ່ຖືກຕ້ອງ');
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('PARKING_HUB'))).toBeNull();

  await page.locator('input[name=password]').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId('topbar-fullname')).toHaveText('Super Admin');
  await expect(page.getByTestId('avatar')).toHaveText('S');
  expect(await page.evaluate(() => localStorage.getItem('PARKING_HUB'))).toMatch(/^[\w-]{43}$/);
});

test('the Lao font is self-hosted and actually renders the Lao text', async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'font') fontRequests.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'ລະບົບຈັດການບ່ອນຈອດລົດ' })).toBeVisible();
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      lao: document.fonts.check('16px "Noto Sans Lao"', 'ລະບົບ'),
      faces: [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
      family: getComputedStyle(document.querySelector('h1') as Element).fontFamily,
    };
  });
  expect(loaded.lao).toBe(true);
  expect(loaded.faces).toContain('Noto Sans Lao');
  expect(loaded.family).toMatch(/^"Noto Sans Lao"/);
  expect(fontRequests.some((u) => /noto-sans-lao-lao-\d+-normal.*\.woff2/.test(u))).toBe(true);
  // Self-hosted: every font comes from this server, none from a CDN.
  for (const url of fontRequests) expect(new URL(url).host).toBe(new URL(page.url()).host);
});

test('a reload keeps the session (start-up check through /v1/me); log out clears it', async ({ page }) => {
  await signInWithForm(page);
  const me = page.waitForRequest((r) => r.url().endsWith('/parking-hub-api/v1/me') && r.method() === 'POST');
  await page.reload();
  expect((await me).postDataJSON()).toEqual({ brand: 'unknown' });
  await expect(page.getByTestId('topbar-fullname')).toHaveText('Super Admin');

  const logout = page.waitForRequest((r) => r.url().endsWith('/parking-hub-api/v1/logout'));
  await page.getByTestId('profile-button').click();
  await page.getByTestId('menu-logout').click();
  await logout;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('PARKING_HUB'))).toBeNull();
  await page.goto('/app/users');
  await expect(page).toHaveURL(/\/$/);
});

test('a session revoked on the server ends at the next call and sends the user to sign in', async ({
  page,
  request,
}) => {
  const user = await createUser(request, 'ADMIN', { fullName: 'Revoked Admin' });
  await signInWithForm(page, user.username, user.password);
  const { token } = await apiLogin(request);
  const list = await request.post('/parking-hub-api/v1/access-token', {
    headers: { authorization: `Bearer ${token}` },
    data: { q: user.username },
  });
  const sessions = ((await list.json()) as { data: Array<{ id: string; status: string }> }).data;
  for (const s of sessions.filter((x) => x.status === 'ACTIVE')) {
    await request.delete(`/parking-hub-api/v1/access-token/${s.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  }
  await page.getByRole('link', { name: 'ຜູ້ໃຊ້' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('ໝົດເວລາເຂົ້າໃຊ້ງານ, ກະລຸນາເຂົ້າສູ່ລະບົບໃໝ່')).toBeVisible();
  // Signing in again returns to where the user was going.
  await page.locator('input[name=username]').fill(user.username);
  await page.locator('input[name=password]').fill(user.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app\/users$/);
});
