import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin } from '../support/api.ts';
import { tempFile, tinyPng } from '../support/shops.ts';
import { expect, test } from '../support/test.ts';
import { expectNoHorizontalOverflow, expectSeen, signIn } from '../support/ui.ts';

const API = '/parking-hub-api/v1';
const stamp = () => Date.now().toString(36);
/** A 2.5 s WebM (VP8, 320×180) that Chromium recorded from a canvas (MediaRecorder), 20 KB. */
const WEBM = readFileSync(path.join(import.meta.dirname, '../fixtures/intro.webm'));
const lastToast = (page: Page) => page.getByTestId('toast-success').last();

const LAO = {
  title: 'ວິດີໂອແນະນຳ',
  created: 'ສ້າງສຳເລັດ',
  saved: 'ບັນທຶກສຳເລັດ',
  deleted: 'ລຶບສຳເລັດ',
  notVideo: 'ໄຟລ໌ວິດີໂອຕ້ອງເປັນ MP4 ຫຼື WebM',
  chooseFile: 'ກະລຸນາເລືອກໄຟລ໌ວິດີໂອ ຫຼື ປ້ອນລິ້ງ',
  done: 'ອັບໂຫຼດສຳເລັດ',
  shop: 'ພະນັກງານຮ້ານ',
  active: 'ເປີດໃຊ້',
  noMatch: 'ບໍ່ພົບວິດີໂອທີ່ກົງກັບການຄົ້ນຫາ',
};

const cardOf = (page: Page, title: string) =>
  page
    .getByTestId('video-card')
    .filter({ has: page.getByTestId('video-title').getByText(title, { exact: true }) });

/** The list narrowed to this test's videos (other tests' videos share the database). */
async function openList(page: Page, q: string) {
  await page.goto(`/app/video?q=${encodeURIComponent(q)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LAO.title);
}

/** An uploaded video made by the first admin through the API (multipart, as the app sends it). */
async function apiVideo(request: APIRequestContext, title: string) {
  const { token } = await apiLogin(request);
  const res = await request.post(`${API}/video/create`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      title,
      description: 'ສຳລັບພະນັກງານໃໝ່ທີ່ປະຕູ: ສະແກນບິນ ແລະ ຮັບເງິນ',
      roles: 'SHOP,MANAGER',
      file: { name: 'intro.webm', mimeType: 'video/webm', buffer: WEBM },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string; filePath: string } }).data;
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('an admin uploads a video with a progress bar to done, it is listed, plays, is edited and deleted', async ({
    page,
  }) => {
    const word = `ປະຕູ${stamp()}`;
    const title = `ວິທີບັນທຶກລົດເຂົ້າ ${word}`;
    await signIn(page);
    await openList(page, word);
    await expect(page.getByTestId('empty-state')).toHaveText(LAO.noMatch);

    await page.getByTestId('video-create').click();
    const form = page.getByTestId('video-form');
    await form.getByTestId('field-title').fill(title);
    await form.getByTestId('field-description').fill('ສຳລັບພະນັກງານຮ້ານໃໝ່');
    await form.getByTestId('field-file').setInputFiles(tempFile('intro.webm', WEBM));
    await expect(form.getByTestId('file-name')).toContainText('intro.webm');
    await form.getByTestId('field-poster').setInputFiles(tinyPng());
    await form.getByTestId('field-role-SHOP').check();
    await form.getByTestId('field-order').fill('1');

    // A slow line (16 KB/s up), so the 20 KB upload reports its progress on the way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 16 * 1024,
    });
    // The bar's values and the status's phase and words as they change: the finished state shows
    // for under a second before the dialog closes, too short to be sure to catch by polling.
    await page.evaluate(() => {
      const seen: number[] = [];
      const states: string[] = [];
      Object.assign(window, { __progress: seen, __states: states });
      new MutationObserver(() => {
        const bar = document.querySelector('[data-testid="upload-progress-bar"]');
        const value = Number(bar?.getAttribute('aria-valuenow') ?? Number.NaN);
        if (!Number.isNaN(value) && seen.at(-1) !== value) seen.push(value);
        const status = document.querySelector('[data-testid="upload-progress"]');
        const words = status?.querySelector('[data-testid="upload-progress-text"]')?.textContent;
        const state = status && `${status.getAttribute('data-phase')}: ${words}`;
        if (state && states.at(-1) !== state) states.push(state);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await form.getByTestId('video-form-save').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __states: string[] }).__states), {
        timeout: 15_000,
      })
      .toContain(`done: ${LAO.done}`);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const seen = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
    expect(seen.at(-1)).toBe(100);
    // It went up on the way, never down.
    expect(seen.filter((v) => v > 0 && v < 100).length).toBeGreaterThan(0);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await expect(lastToast(page)).toHaveText(LAO.created);
    await expect(form).toBeHidden();

    // Listed: poster, title, order, roles, shown.
    const card = cardOf(page, title);
    await expect(card.getByTestId('video-order')).toHaveText('ລຳດັບ 1');
    await expect(card.getByTestId('video-roles')).toContainText(LAO.shop);
    await expect(card.getByTestId('video-active')).toHaveText(LAO.active);
    await expect(card.getByTestId('video-poster')).toHaveAttribute(
      'src',
      /^\/uploads\/video-posters\/[0-9a-f]{32}\.png$/,
    );

    // Plays: the browser fetches it by ranges (206) and its time runs.
    const ranged = page.waitForResponse((r) => /\/uploads\/videos\/[0-9a-f]{32}\.webm$/.test(r.url()));
    await card.getByTestId('video-play').click();
    expect((await ranged).status()).toBe(206);
    const player = page.getByTestId('video-player');
    await expectSeen(player);
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect
      .poll(() =>
        player.evaluate((v: HTMLVideoElement) => ({ ready: v.readyState >= 2, moving: v.currentTime > 0.3 })),
      )
      .toEqual({ ready: true, moving: true });
    const fileUrl = await player.evaluate((v: HTMLVideoElement) => new URL(v.currentSrc).pathname);
    await page.getByTestId('video-player-close').click();

    // Edited into a link: the card opens it in a new tab, and the uploaded file is gone.
    await card.getByTestId('video-edit').click();
    await form.getByTestId('field-title').fill(`${title} (ລິ້ງ)`);
    await form.getByTestId('field-source-LINK').check();
    await form.getByTestId('field-url').fill('https://www.youtube.com/watch?v=parkinghub');
    await form.getByTestId('video-form-save').click();
    await expect(lastToast(page)).toHaveText(LAO.saved);
    const edited = cardOf(page, `${title} (ລິ້ງ)`);
    const open = edited.getByTestId('video-open-link');
    await expect(open).toHaveAttribute('href', 'https://www.youtube.com/watch?v=parkinghub');
    await expect(open).toHaveAttribute('target', '_blank');
    expect((await page.request.get(fileUrl)).status()).toBe(404);

    // Deleted after a confirm.
    await edited.getByTestId('video-delete').click();
    await page.getByTestId('confirm-action').click();
    await expect(lastToast(page)).toHaveText(LAO.deleted);
    await expect(page.getByTestId('empty-state')).toHaveText(LAO.noMatch);
  });

  test('a file that is not a video is refused in Lao, by the form and by the server, and nothing is listed', async ({
    page,
  }) => {
    const word = `ຂໍ້ຄວາມ${stamp()}`;
    await signIn(page);
    await openList(page, word);
    await page.getByTestId('video-create').click();
    const form = page.getByTestId('video-form');
    await form.getByTestId('field-title').fill(`ບໍ່ແມ່ນວິດີໂອ ${word}`);
    await form
      .getByTestId('field-file')
      .setInputFiles(tempFile('x.mp4', 'this is a text file named x.mp4\n'.repeat(20)));
    await expectSeen(form.getByTestId('file-help'));
    await expect(form.getByTestId('file-help')).toHaveText(LAO.notVideo);
    await expect(form.getByTestId('file-name')).toHaveCount(0);
    await form.getByTestId('video-form-save').click();
    await expect(form.getByTestId('file-help')).toHaveText(LAO.chooseFile);
    await expect(form).toBeVisible();

    // The server judges the bytes too, whatever the name and the declared type say.
    const { token } = await apiLogin(page.request);
    const res = await page.request.post(`${API}/video/create`, {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        title: `ບໍ່ແມ່ນວິດີໂອ ${word}`,
        file: { name: 'x.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not a video '.repeat(40)) },
      },
    });
    expect([res.status(), ((await res.json()) as { message: string }).message]).toEqual([400, LAO.notVideo]);

    await form.getByTestId('video-form-cancel').click();
    await expect(form).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('empty-state')).toHaveText(LAO.noMatch);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the cards, the player and the form fit at 375 px in the Lao font, without sideways scrolling', async ({
    page,
  }) => {
    const word = `ໂທລະສັບ${stamp()}`;
    const title = `ວິດີໂອແນະນຳການໃຊ້ງານປະຕູສຳລັບພະນັກງານຮ້ານທີ່ມີຊື່ຍາວຫຼາຍ ${word}`;
    await apiVideo(page.request, title);
    await signIn(page);
    await openList(page, word);
    const card = cardOf(page, title);
    await expectSeen(card.getByTestId('video-title'));
    await expectSeen(card.getByTestId('video-play'));
    await expectSeen(card.getByTestId('video-delete'));
    await expectNoHorizontalOverflow(page);
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        lao: document.fonts.check('16px "Noto Sans Lao"', 'ວິດີໂອ'),
        family: getComputedStyle(document.querySelector('[data-testid="video-title"]') as Element).fontFamily,
      };
    });
    expect(font.lao).toBe(true);
    expect(font.family).toMatch(/^"Noto Sans Lao"/);

    await card.getByTestId('video-play').click();
    await expectSeen(page.getByTestId('video-player'));
    await expectNoHorizontalOverflow(page);
    await page.getByTestId('video-player-close').click();

    await page.getByTestId('video-create').click();
    const form = page.getByTestId('video-form');
    await expectSeen(form.getByTestId('field-title'));
    await form.getByTestId('field-role-SHOP').scrollIntoViewIfNeeded();
    await expectSeen(form.getByTestId('field-role-SHOP'));
    await expectSeen(form.getByTestId('video-form-save'));
    await expectNoHorizontalOverflow(page);
    const content = form.locator('.MuiDialogContent-root');
    expect(await content.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});
