import { expect, type Page } from '@playwright/test';
import { ADMIN } from './constants.ts';

/** Sign in through the login form and wait for the back office. */
export async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password) {
  await page.goto('/');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app/);
  await expect(page.getByTestId('profile-button')).toBeVisible();
}

/** The page is no wider than the window (nothing overflows on a phone). */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}
