import type { AppVersion } from '@parking-hub/contracts/app-versions';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiLogin } from '../support/api.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen, signIn } from '../support/ui.ts';

const API = '/parking-hub-api/v1';
const PLAY = 'https://play.google.com/store/apps/details?id=la.parkinghub.staff';
const LAO = {
  title: 'ເວີຊັນແອັບ',
  created: 'ສ້າງສຳເລັດ',
  saved: 'ບັນທຶກສຳເລັດ',
  deleted: 'ລຶບສຳເລັດ',
  semver: 'ເວີຊັນບໍ່ຖືກຕ້ອງ: ໃຊ້ຕົວເລກ 3 ສ່ວນ MAJOR.MINOR.PATCH (ເຊັ່ນ 1.4.2), ບໍ່ມີຕົວອັກສອນຕໍ່ທ້າຍ',
  minAbove: 'ເວີຊັນຕ່ຳສຸດທີ່ຮອງຮັບຕ້ອງບໍ່ສູງກວ່າເວີຊັນນີ້',
  taken: 'ເວີຊັນນີ້ມີແລ້ວໃນແພລດຟອມນີ້',
  upToDate: 'ເປັນເວີຊັນລ່າສຸດແລ້ວ',
  available: 'ມີອັບເດດໃໝ່',
  required: 'ຕ້ອງອັບເດດ',
};

/** The success toast says `text`; closed then, as a person would, so it covers nothing. */
async function toastSays(page: Page, text: string) {
  const toast = page.getByTestId('toast-success').last();
  await expect(toast).toHaveText(text);
  await toast.getByRole('button').click();
  await expect(toast).toBeHidden();
}
const rowOf = (page: Page, version: string): Locator =>
  page
    .getByTestId('data-row')
    .filter({ has: page.getByTestId('version-number').getByText(version, { exact: true }) });

/** The first admin's token, signed in once for the file (each sign-in is an argon2 verify). */
let adminToken: Promise<string> | undefined;

async function api<T>(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown) {
  adminToken ??= apiLogin(request).then((s) => s.token);
  const token = await adminToken;
  const res = await request[method](`${API}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { data: T; meta?: { total: number } };
}

/** Android releases from a major no earlier run used (versions and builds must rise together). */
async function freshMajor(request: APIRequestContext) {
  const listed = await api<AppVersion[]>(request, 'get', 'version-apps?platform=android&pageSize=100');
  const top = listed.data[0];
  return {
    major: (top ? Number(top.version.split('.')[0]) : 0) + 1,
    build: (top?.build ?? 0) + 100,
    total: listed.meta?.total ?? 0,
  };
}

const androidTotal = async (request: APIRequestContext) =>
  (await api<AppVersion[]>(request, 'get', 'version-apps?platform=android&pageSize=1')).meta?.total;

/** Nothing wider than the window, and the heading drawn in the Lao font. */
async function expectPhoneFit(page: Page) {
  await expectNoHorizontalOverflow(page);
  const font = await page.evaluate(async () => {
    await document.fonts.ready;
    const h1 = document.querySelector('h1') as Element;
    return {
      loaded: document.fonts.check('16px "Noto Sans Lao"', h1.textContent ?? ''),
      family: getComputedStyle(h1).fontFamily,
    };
  });
  expect(font.loaded).toBe(true);
  expect(font.family).toMatch(/Noto Sans Lao/);
}

/** Ask the check panel; its answer's status title and the server's own message. */
async function ask(page: Page, version: string, build = '') {
  const panel = page.getByTestId('check-panel');
  await panel.getByTestId('check-version').fill(version);
  await panel.getByTestId('check-build').fill(build);
  await panel.getByTestId('check-submit').click();
  return panel.getByTestId('check-result');
}

test.describe.configure({ mode: 'serial' });

test('an admin publishes, edits and withdraws releases; bad input is refused in Lao; the check answers', async ({
  page,
  request,
}) => {
  const { major: M, build: B, total } = await freshMajor(request);
  await signIn(page);
  await page.goto('/app/version?platform=android');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LAO.title);
  await expect(page.getByTestId('platform-tab-android')).toHaveAttribute('aria-selected', 'true');
  const form = page.getByTestId('version-form');
  const field = (name: string) => form.getByTestId(`field-${name}`);

  // The first release forces an update; bad input first: nothing is sent, the Lao message shows.
  await page.getByTestId('version-add').click();
  await field('version').fill(`${M}.0`);
  await field('build').fill(String(B));
  await field('minVersion').fill(`${M}.0.1`);
  await field('storeUrl').fill(PLAY);
  await field('forceUpdate').check();
  await field('notesLo').fill('ແກ້ໄຂການພິມບິນ');
  await form.getByTestId('version-form-save').click();
  await expect(form.getByText(LAO.semver)).toBeVisible();
  await field('version').fill(`${M}.0.0`);
  await form.getByTestId('version-form-save').click();
  await expect(form.getByText(LAO.minAbove)).toBeVisible();
  expect(await androidTotal(request)).toBe(total);
  await field('minVersion').fill(`${M}.0.0`);
  await form.getByTestId('version-form-save').click();
  await toastSays(page, LAO.created);
  await expect(form).toBeHidden();
  const first = rowOf(page, `${M}.0.0`);
  await expectSeen(first.getByTestId('version-number'));
  await expect(first.getByTestId('chip-latest')).toBeVisible();
  await expect(first.getByTestId('chip-forced')).toBeVisible();

  // The second starts from the first's minimum and store link.
  await page.getByTestId('version-add').click();
  await expect(field('minVersion')).toHaveValue(`${M}.0.0`);
  await expect(field('storeUrl')).toHaveValue(PLAY);
  await field('version').fill(`${M}.1.0`);
  await field('build').fill(String(B + 10));
  await form.getByTestId('version-form-save').click();
  await toastSays(page, LAO.created);
  const second = rowOf(page, `${M}.1.0`);
  await expect(second.getByTestId('chip-latest')).toBeVisible();
  await expect(first.getByTestId('chip-latest')).toHaveCount(0);

  // A version the platform has: the server's 409 shows under the field; nothing saved.
  await page.getByTestId('version-add').click();
  await field('version').fill(`${M}.1.0`);
  await field('build').fill(String(B + 20));
  await form.getByTestId('version-form-save').click();
  await expect(form.getByText(LAO.taken)).toBeVisible();
  await form.getByRole('button', { name: 'ຍົກເລີກ' }).click();
  expect(await androidTotal(request)).toBe(total + 2);

  // The check panel: up to date, an update available, and (after raising the minimum) required.
  let answer = await ask(page, `${M}.1.0`, String(B + 10));
  await expect(answer.getByTestId('check-status')).toHaveText(LAO.upToDate);
  await expect(answer.getByTestId('check-message')).toHaveText('ແອັບເປັນເວີຊັນລ່າສຸດແລ້ວ');
  answer = await ask(page, `${M}.0.0`, String(B));
  await expect(answer.getByTestId('check-status')).toHaveText(LAO.available);
  await expect(answer.getByTestId('check-message')).toHaveText(`ມີເວີຊັນແອັບໃໝ່ ${M}.1.0, ອັບເດດໄດ້ແລ້ວ`);
  await expect(answer.getByTestId('check-latest')).toHaveText(`${M}.1.0 (ເລກບິວ ${B + 10})`);

  await second.getByTestId('version-edit').click();
  await expect(field('platform')).toBeDisabled();
  await field('minVersion').fill(`${M}.1.0`);
  await form.getByTestId('version-form-save').click();
  await toastSays(page, LAO.saved);
  // The answer on screen follows the change.
  await expect(answer.getByTestId('check-status')).toHaveText(LAO.required);
  await expect(answer.getByTestId('check-reason')).toHaveText(`ຕ່ຳກວ່າເວີຊັນຕ່ຳສຸດທີ່ຮອງຮັບ (${M}.1.0)`);
  await expect(answer.getByTestId('check-message')).toHaveText(`ຕ້ອງອັບເດດແອັບເປັນເວີຊັນ ${M}.1.0 ກ່ອນໃຊ້ງານຕໍ່`);

  // Withdraw the second: the first is the latest again, and the phone on it is up to date.
  await second.getByTestId('version-delete').click();
  await expect(page.getByRole('dialog')).toContainText(`${M}.1.0`);
  await page.getByTestId('confirm-action').click();
  await toastSays(page, LAO.deleted);
  await expect(second).toHaveCount(0);
  await expect(first.getByTestId('chip-latest')).toBeVisible();
  await expect(answer.getByTestId('check-status')).toHaveText(LAO.upToDate);
  expect(await androidTotal(request)).toBe(total + 1);

  // The platform is in the URL: iOS has none of these.
  await page.getByTestId('platform-tab-ios').click();
  await expect(page).toHaveURL(/platform=ios/);
  await expect(rowOf(page, `${M}.0.0`)).toHaveCount(0);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the screen at 375 px: cards, the check, the editor; no sideways scroll, the Lao font', async ({
    page,
    request,
  }) => {
    const { major: M, build: B } = await freshMajor(request);
    await api(request, 'post', 'version-app/create', {
      platform: 'android',
      version: `${M}.0.0`,
      build: B,
      minVersion: `${M}.0.0`,
      storeUrl: PLAY,
      notesLo: 'ບັນທຶກລົດເຂົ້າ-ອອກໄວຂຶ້ນ ແລະ ແກ້ໄຂການເຊື່ອມຕໍ່ເຄື່ອງພິມ Bluetooth ໃນໜ້າຈໍນ້ອຍ',
    });
    await signIn(page);
    await page.goto('/app/version?platform=android');
    const card = rowOf(page, `${M}.0.0`);
    await expectSeen(card.getByTestId('version-number'));
    await expect(page.locator('table')).toHaveCount(0);
    await expectPhoneFit(page);

    const answer = await ask(page, `${M - 1}.9.9`);
    await expect(answer.getByTestId('check-status')).toHaveText(LAO.required);
    await expectSeen(answer.getByTestId('check-status'));
    await expectPhoneFit(page);

    await card.getByTestId('version-edit').click();
    await expectSeen(page.getByTestId('version-form-save'));
    await expectPhoneFit(page);
  });
});
