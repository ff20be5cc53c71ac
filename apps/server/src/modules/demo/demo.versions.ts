import type pg from 'pg';

/**
 * The staff app's releases in the demo (issue 16): Android 1.3.0 → 1.4.2 and iOS 1.4.0 → 1.4.2
 * over the last two months, 1.4.0 raising the minimum (older apps must update), so the versions
 * screen and its check panel open on data. Written once, with the demo.
 */
export async function seedDemoVersions(client: pg.PoolClient, o: { now: Date; createdBy: string }) {
  const daysAgo = (d: number) => new Date(o.now.getTime() - d * 86_400_000).toISOString();
  const store = {
    android: 'https://play.google.com/store/apps/details?id=la.parkinghub.staff',
    ios: 'https://apps.apple.com/la/app/parking-hub-staff/id1234567890',
  };
  const releases = [
    ['android', 1, 3, 0, 40, [1, 0, 0], false, 60, 'ແກ້ໄຂການພິມບິນ 58 ມມ', 'Fixes 58 mm ticket printing'],
    [
      'android',
      1,
      4,
      0,
      52,
      [1, 2, 0],
      true,
      20,
      'ສະແກນ QR ໄວຂຶ້ນ; ຕ້ອງອັບເດດເພື່ອໃຊ້ລະບົບໃໝ່',
      'Faster QR scanning; required for the new API',
    ],
    ['android', 1, 4, 2, 57, [1, 2, 0], false, 3, 'ຂ່າວສານໃນແອັບ', 'News in the app'],
    [
      'ios',
      1,
      4,
      0,
      30,
      [1, 2, 0],
      true,
      18,
      'ສະແກນ QR ໄວຂຶ້ນ; ຕ້ອງອັບເດດເພື່ອໃຊ້ລະບົບໃໝ່',
      'Faster QR scanning; required for the new API',
    ],
    ['ios', 1, 4, 2, 33, [1, 2, 0], false, 2, 'ຂ່າວສານໃນແອັບ', 'News in the app'],
  ] as const;
  for (const [platform, major, minor, patch, build, min, force, ago, lo, en] of releases)
    await client.query(
      `insert into app_versions (platform, version, major, minor, patch, build, min_version, min_major, min_minor,
         min_patch, force_update, store_url, notes_lo, notes_en, released_at, created_by, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $15, $15)
       on conflict do nothing`,
      [
        platform,
        `${major}.${minor}.${patch}`,
        major,
        minor,
        patch,
        build,
        min.join('.'),
        ...min,
        force,
        store[platform],
        lo,
        en,
        daysAgo(ago),
        o.createdBy,
      ],
    );
  return releases.length;
}
