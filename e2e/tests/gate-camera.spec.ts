import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { checkIn, shopWithStaff } from '../support/bills.ts';
import { withDb } from '../support/db.ts';
import { expect, test } from '../support/test.ts';
import { signIn } from '../support/ui.ts';

// Chromium's fake camera plays this file (YUV4MPEG2); the test writes the ticket's QR into it
// before the camera starts.
const VIDEO = path.join(os.tmpdir(), `ph-e2e-camera-${process.pid}.y4m`);
const W = 480;
const H = 480;

/** One grey frame with `text`'s QR code in the middle, as Chromium's fake camera reads it. */
function writeQrVideo(text: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  // Inside the middle two thirds of the picture, where the reader looks (as a person would hold it).
  const scale = Math.floor(W / 2 / size);
  const left = Math.floor((W - size * scale) / 2);
  const top = Math.floor((H - size * scale) / 2);
  const y = Buffer.alloc(W * H, 235); // white paper
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) {
      if (!qr.modules.get(r, c)) continue;
      for (let dy = 0; dy < scale; dy++)
        y.fill(
          16,
          (top + r * scale + dy) * W + left + c * scale,
          (top + r * scale + dy) * W + left + (c + 1) * scale,
        );
    }
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  writeFileSync(
    VIDEO,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
}

test.use({
  viewport: { width: 375, height: 812 },
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
    ],
  },
});

test('the phone camera reads the ticket QR and opens its check-out', async ({ page, request, baseURL }) => {
  const s = await shopWithStaff(request, `ຮ້ານ ກ້ອງ ${Date.now().toString(36)}`);
  const bill = await checkIn(request, s.staff.token, { vehicleType: 'CAR', plate: 'ກລ 4321' });
  writeQrVideo(`${baseURL}/bill/${bill.reference}`); // what the printed ticket's QR holds
  await signIn(page, s.staff.username, s.staff.password);
  await page.goto('/app/gate');
  await page.getByTestId('gate-camera').click();
  await expect(page.getByTestId('camera-video')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`#${bill.number}`, { timeout: 20_000 });
  await expect(dialog.getByTestId('checkout-fee-now')).toHaveText('10,000 ₭');
  await dialog.getByTestId('checkout-confirm').click();
  await expect(dialog.getByTestId('checkout-done')).toBeVisible();
  const status = await withDb(
    async (c) => (await c.query('select status from bills where id = $1', [bill.id])).rows[0].status,
  );
  expect(status).toBe('CLOSED');
});
