import { expect, type Locator, type Page } from '@playwright/test';
import { apiSignIn } from './api.ts';
import { ADMIN } from './constants.ts';

/** Where the web app keeps the session token (apps/web/src/lib/config.ts). */
const TOKEN_STORAGE_KEY = 'PARKING_HUB';

/**
 * Signed in as the web app would be after its login form (a session through POST /v1/login, its
 * token where the app keeps it), then the back office opened at /app as the form does. The form
 * itself is tested in auth.spec.ts (signInWithForm); everywhere else it would only cost time.
 */
export async function signIn(page: Page, username = ADMIN.username, password = ADMIN.password) {
  const { token } = await apiSignIn(page.request, username, password);
  await page.goto('/parking-hub-api/health'); // same origin, none of the app's code
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: TOKEN_STORAGE_KEY,
    value: token,
  });
  await page.goto('/app');
  await expect(page).toHaveURL(/\/app/);
  await expect(page.getByTestId('profile-button')).toBeVisible();
}

/** Sign in through the login form and wait for the back office. */
export async function signInWithForm(page: Page, username = ADMIN.username, password = ADMIN.password) {
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

/**
 * Visible, inside the window, and what a tap on its centre would hit (nothing covers it), once
 * the page has settled: a menu or dialog still fading out covers it for a moment. A person scrolls
 * to what they look for: an element the page moved half out of view after the first scroll (a
 * font or a figure arriving above it) is scrolled to again; one that cannot be brought whole into
 * the window (clipped, wider than the screen) still fails.
 */
export async function expectSeen(locator: Locator) {
  await expect(locator).toBeVisible();
  await locator.scrollIntoViewIfNeeded();
  const seen = () =>
    locator.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const inside =
        r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
      if (!inside) el.scrollIntoView({ block: 'center', inline: 'nearest' });
      return { hit: !!hit && (hit === el || el.contains(hit)), inside };
    });
  await expect.poll(seen, { timeout: 5_000 }).toEqual({ hit: true, inside: true });
}

/** window.print() counts instead of opening the print dialog. */
export async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __prints: number };
    w.__prints = 0;
    window.print = () => {
      w.__prints += 1;
    };
  });
}

/** How often the page asked to print since it loaded (after `stubPrint`). */
export const prints = (page: Page) =>
  page.evaluate(() => (window as unknown as { __prints: number }).__prints);

/**
 * Type a date into the app's date field (MUI X, dd/mm/yyyy): its day section is focused and the
 * digits typed as a person would, then Enter, e.g. typeDate(page, 'report-from', '31/12/2026').
 */
export async function typeDate(page: Page, testId: string, ddmmyyyy: string) {
  const field = page.getByTestId(testId);
  const sections = field.getByRole('spinbutton');
  // Section by section, one key at a time, as a person types; each section is checked before the
  // next, and one whose digits a busy machine split (a '1' taken alone as 01) is typed again.
  for (const [i, digits] of ddmmyyyy.split('/').entries()) {
    await expect(async () => {
      await sections.nth(i).click();
      await page.keyboard.type(digits, { delay: 80 });
      await expect(sections.nth(i)).toHaveText(digits, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  }
  await page.keyboard.press('Enter'); // the date is whole: take it
}

/** What the date field shows (its hidden input holds the formatted text). */
export const dateFieldValue = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
