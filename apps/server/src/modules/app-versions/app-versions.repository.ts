import type { AppPlatform, SemVer } from '@parking-hub/contracts/app-versions';
import type { Paging } from '@parking-hub/contracts/envelope';
import { count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Executor, preparedQuery } from '../../db/client.ts';
import { appVersions } from '../../db/schema/app-versions.ts';
import { pageOffset } from '../../lib/paging.ts';

export type NewAppVersionRow = typeof appVersions.$inferInsert;
type Row = typeof appVersions.$inferSelect;
/** A release with what the list shows of it now: out yet, and the latest of its platform. */
export type AppVersionRow = Row & { released: boolean; latest: boolean };

const byVersionDesc = [
  desc(appVersions.major),
  desc(appVersions.minor),
  desc(appVersions.patch),
  desc(appVersions.build),
];

/**
 * A release with what the list shows of it at `now` (the server's clock, as the check uses):
 * out yet, and whether it is its platform's latest release out (the one the check answers).
 */
function listColumns(now: Date) {
  return {
    ...getTableColumns(appVersions),
    released: sql<boolean>`${appVersions.releasedAt} <= ${now}`,
    latest: sql<boolean>`${appVersions.id} in (select distinct on (platform) id from ${appVersions}
      where released_at <= ${now} order by platform, major desc, minor desc, patch desc, build desc)`,
  };
}

/** One platform's releases or all, newest version first (per platform), a page of them and the count. */
export async function listAppVersions(db: Executor, platform: AppPlatform | null, paging: Paging, now: Date) {
  const where = platform ? eq(appVersions.platform, platform) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns(now))
      .from(appVersions)
      .where(where)
      .orderBy(appVersions.platform, ...byVersionDesc)
      .limit(paging.pageSize)
      .offset(pageOffset(paging)),
    db.select({ n: count() }).from(appVersions).where(where),
  ]);
  return { rows: rows as AppVersionRow[], total: counted?.n ?? 0 };
}

export async function findAppVersion(db: Executor, id: string, now: Date): Promise<AppVersionRow | null> {
  const [row] = await db.select(listColumns(now)).from(appVersions).where(eq(appVersions.id, id)).limit(1);
  return (row as AppVersionRow | undefined) ?? null;
}

/**
 * Writers of releases take turns (a check of the build order must not go stale before its insert
 * commits); readers, the check among them, never wait for this lock.
 */
export async function lockReleases(tx: Executor): Promise<void> {
  await tx.execute(sql`lock table ${appVersions} in share row exclusive mode`);
}

const parts = (v: SemVer) => sql`(${v.major}::int, ${v.minor}::int, ${v.patch}::int)`;
const ownParts = sql`(${appVersions.major}, ${appVersions.minor}, ${appVersions.patch})`;

/**
 * Another release of the platform that this version and build would clash with: the same version,
 * the same build, or builds out of the versions' order (a lower version with a build at least as
 * high, or a higher one with a build at most as high). The stores go by the build number, so the
 * builds must rise with the versions.
 */
export async function findClash(
  db: Executor,
  release: { platform: AppPlatform; version: SemVer; build: number; exceptId: string | null },
) {
  const { platform, version, build, exceptId } = release;
  const [row] = await db
    .select({
      version: appVersions.version,
      build: appVersions.build,
      sameVersion: sql<boolean>`${ownParts} = ${parts(version)}`,
      sameBuild: sql<boolean>`${appVersions.build} = ${build}`,
    })
    .from(appVersions)
    .where(
      sql`${appVersions.platform} = ${platform} and ${exceptId ? sql`${appVersions.id} <> ${exceptId}` : sql`true`}
        and (${ownParts} = ${parts(version)} or ${appVersions.build} = ${build}
          or (${ownParts} < ${parts(version)} and ${appVersions.build} > ${build})
          or (${ownParts} > ${parts(version)} and ${appVersions.build} < ${build}))`,
    )
    .orderBy(sql`${ownParts} = ${parts(version)} desc`, sql`${appVersions.build} = ${build} desc`)
    .limit(1);
  return row ?? null;
}

export async function insertAppVersion(db: Executor, values: NewAppVersionRow): Promise<Row> {
  const [row] = await db.insert(appVersions).values(values).returning();
  if (!row) throw new Error('app version insert returned nothing');
  return row;
}

export async function updateAppVersionRow(
  db: Executor,
  id: string,
  values: Partial<NewAppVersionRow>,
): Promise<void> {
  await db
    .update(appVersions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(appVersions.id, id));
}

export async function deleteAppVersionRow(db: Executor, id: string): Promise<void> {
  await db.delete(appVersions).where(eq(appVersions.id, id));
}

/** What the check reads of a release. */
export interface CheckRow {
  major: number;
  minor: number;
  patch: number;
  build: number;
  min_major: number;
  min_minor: number;
  min_patch: number;
  force_update: boolean;
  store_url: string;
  notes_lo: string;
  notes_en: string;
  released_at: Date;
}

const CHECK_COLUMNS =
  'major, minor, patch, build, min_major, min_minor, min_patch, force_update, store_url, notes_lo, notes_en, released_at';
const NEWEST = 'order by major desc, minor desc, patch desc, build desc limit 1';

/**
 * The releases that decide the check's answer on a platform at $2 (appCheckAnswer): the latest out,
 * the newest force-update release out, and the next one scheduled (the answer may change then).
 * Each part is a walk down the (platform, major, minor, patch) index. One named prepared
 * statement: parsed and planned once per connection.
 */
const CHECK_RELEASES = `
  (select ${CHECK_COLUMNS} from app_versions where platform = $1 and released_at <= $2 ${NEWEST})
  union all
  (select ${CHECK_COLUMNS} from app_versions where platform = $1 and released_at <= $2 and force_update ${NEWEST})
  union all
  (select ${CHECK_COLUMNS} from app_versions where platform = $1 and released_at > $2 order by released_at limit 1)`;

export async function findCheckReleases(db: Executor, platform: AppPlatform, now: Date): Promise<CheckRow[]> {
  return (await preparedQuery<CheckRow>(db, 'app_version_check', CHECK_RELEASES, [platform, now])).rows;
}
