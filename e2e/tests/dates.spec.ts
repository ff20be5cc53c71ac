import { expect, test } from '../support/test.ts';
import { dateFieldValue, expectSeen, signIn, typeDate } from '../support/ui.ts';

// A browser set to American English: the app's dates must still read day/month/year.
test.use({ locale: 'en-US', viewport: { width: 375, height: 812 } });

test('a date is typed and picked as dd/mm/yyyy in Lao and in English, whatever the browser', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/app/report/bill/date');
  const from = dateFieldValue(page, 'report-from');
  await expect(from).toHaveValue(/^\d\d\/\d\d\/\d{4}$/);

  // Typed, day first.
  await typeDate(page, 'report-from', '05/11/2026');
  await expect(from).toHaveValue('05/11/2026');
  await expect(page).toHaveURL(/from=2026-11-05/);
  await expectSeen(page.getByTestId('report-from'));

  // Picked in the calendar, with Lao month names.
  await page
    .getByTestId('report-from')
    .getByRole('button', { name: /ເລືອກວັນທີ/ })
    .click();
  const calendar = page.getByRole('dialog');
  await expect(calendar).toContainText('ພະຈິກ 2026');
  await calendar.getByRole('gridcell', { name: '15' }).click();
  await expect(from).toHaveValue('15/11/2026');
  await expect(page).toHaveURL(/from=2026-11-15/);

  // In English: still day/month/year, English month names in the calendar.
  await page.getByTestId('language-switch').click();
  await expect(from).toHaveValue('15/11/2026');
  await typeDate(page, 'report-from', '02/11/2026');
  await expect(from).toHaveValue('02/11/2026');
  await expect(page).toHaveURL(/from=2026-11-02/);
  await page
    .getByTestId('report-from')
    .getByRole('button', { name: /Choose date/ })
    .click();
  await expect(page.getByRole('dialog')).toContainText('November 2026');
});
