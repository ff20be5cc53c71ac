import { createUser } from '../support/api.ts';
import { insertShop } from '../support/db.ts';
import { expect, test } from '../support/test.ts';
import { signIn } from '../support/ui.ts';

test('an AGENT opening /app/news sees a spinner counting down 3, 2, 1 and lands on /', async ({
  page,
  request,
}) => {
  const agent = await createUser(request, 'AGENT', { fullName: 'ຕົວແທນ ທົດສອບ' });
  await signIn(page, agent.username, agent.password);
  // Every second the countdown showed, recorded in the page as it changes (a second is too short
  // to be sure to catch each by polling on a loaded machine), kept across navigations in the tab.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const text = document
        .querySelector('[data-testid="admin-countdown"]')
        ?.textContent?.match(/\d ວິນາທີ/)?.[0];
      const seen: string[] = JSON.parse(sessionStorage.getItem('countdown') ?? '[]');
      if (text && seen.at(-1) !== text) sessionStorage.setItem('countdown', JSON.stringify([...seen, text]));
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const started = Date.now();
  await page.goto('/app/news');
  const countdown = page.getByTestId('admin-countdown');
  await expect(countdown).toBeVisible();
  await expect(countdown.getByRole('progressbar')).toBeVisible();
  await expect(countdown).toContainText('ທ່ານບໍ່ມີສິດໃຊ້ງານ');
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(3_000); // the three seconds were counted
  const seen = await page.evaluate(() => JSON.parse(sessionStorage.getItem('countdown') ?? '[]'));
  expect(seen.slice(0, 3)).toEqual(['3 ວິນາທີ', '2 ວິນາທີ', '1 ວິນາທີ']); // then 0, as it leaves
  // Still signed in: '/' offers the way back.
  await expect(page.getByTestId('signed-in')).toBeVisible();
  // The agent area is theirs.
  await page.goto('/app/rolls');
  await expect(page.getByRole('heading', { level: 1, name: 'ຈັດການມ້ວນເຈ້ຍ' })).toBeVisible();
});

test('a SHOP user opening /app/rolls is sent away with the no-right notice', async ({ page, request }) => {
  const shopId = await insertShop('ຮ້ານ ກວດສິດ');
  const shop = await createUser(request, 'SHOP', { shopId });
  await signIn(page, shop.username, shop.password);
  await page.goto('/app/rolls');
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByTestId('toast-error')).toHaveText('ທ່ານບໍ່ມີສິດໃຊ້ງານ');
  await expect(page.getByRole('heading', { level: 1, name: 'ຈັດການມ້ວນເຈ້ຍ' })).toHaveCount(0);
});

test('a MANAGER cannot open the admin area either', async ({ page, request }) => {
  const shopId = await insertShop('ຮ້ານ ຜູ້ຈັດການ');
  const manager = await createUser(request, 'MANAGER', { shopId });
  await signIn(page, manager.username, manager.password);
  await page.goto('/app/access_token');
  await expect(page.getByTestId('admin-countdown')).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 5_000 });
});

test('someone signed out opening an /app screen goes to / and comes back after signing in', async ({
  page,
}) => {
  await page.goto('/app/users?q=admin');
  await expect(page).toHaveURL(/\/$/);
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill((await import('../support/constants.ts')).ADMIN.password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app\/users\?q=admin$/);
});
