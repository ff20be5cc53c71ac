import {
  type AppCheck,
  type AppCheckQuery,
  type AppPlatform,
  type AppVersion,
  appCheckAnswer,
  type CheckRelease,
  type CreateAppVersionBody,
  compareSemver,
  formatSemver,
  type ListAppVersionsQuery,
  parseSemver,
  type SemVer,
  type UpdateAppVersionBody,
} from '@parking-hub/contracts/app-versions';
import type { PageMeta } from '@parking-hub/contracts/envelope';
import type { Language } from '@parking-hub/contracts/messages';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { iso } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import type { AppCheckCache } from './app-check-cache.ts';
import {
  type AppVersionRow,
  type CheckRow,
  deleteAppVersionRow,
  findAppVersion,
  findCheckReleases,
  findClash,
  insertAppVersion,
  listAppVersions as listRows,
  lockReleases,
  type NewAppVersionRow,
  updateAppVersionRow,
} from './app-versions.repository.ts';

function toAppVersion(row: AppVersionRow): AppVersion {
  return {
    id: row.id,
    platform: row.platform as AppPlatform,
    version: row.version,
    build: row.build,
    minVersion: row.minVersion,
    forceUpdate: row.forceUpdate,
    storeUrl: row.storeUrl,
    notesLo: row.notesLo,
    notesEn: row.notesEn,
    releasedAt: iso(row.releasedAt),
    released: row.released,
    latest: row.latest,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** What the audit trail keeps of a release: its own fields, not its state or timestamps. */
function auditView(item: AppVersion) {
  const { released: _r, latest: _l, createdAt: _c, updatedAt: _u, ...view } = item;
  return view;
}

/** Versions the route's schema has checked already. */
function semver(text: string): SemVer {
  const parsed = parseSemver(text);
  if (!parsed) throw badRequest({ version: 'validation.semver' });
  return parsed;
}

/** The columns a version and its minimum are kept in (the text and its parts, so they sort). */
function versionColumns(
  version: SemVer,
  min: SemVer,
): Pick<
  NewAppVersionRow,
  'version' | 'major' | 'minor' | 'patch' | 'minVersion' | 'minMajor' | 'minMinor' | 'minPatch'
> {
  return {
    version: formatSemver(version),
    major: version.major,
    minor: version.minor,
    patch: version.patch,
    minVersion: formatSemver(min),
    minMajor: min.major,
    minMinor: min.minor,
    minPatch: min.patch,
  };
}

/** Refuse a version or build the platform has, or a build out of the versions' order (409, nothing written). */
async function assertFits(
  tx: Executor,
  release: { platform: AppPlatform; version: SemVer; build: number; exceptId: string | null },
) {
  const clash = await findClash(tx, release);
  if (!clash) return;
  if (clash.sameVersion) throw conflict('errors.appVersionTaken', { version: 'errors.appVersionTaken' });
  if (clash.sameBuild) throw conflict('errors.appBuildTaken', { build: 'errors.appBuildTaken' });
  throw new AppError(
    409,
    'errors.appBuildOrder',
    { version: clash.version, build: clash.build },
    {
      build: 'errors.appBuildOrder',
    },
  );
}

/** Two writers that passed assertFits at once cannot both commit: the unique index says which lost. */
function clashOf(err: unknown): unknown {
  const constraint = uniqueViolation(err);
  if (constraint === 'app_versions_version_key')
    return conflict('errors.appVersionTaken', { version: 'errors.appVersionTaken' });
  if (constraint === 'app_versions_build_key')
    return conflict('errors.appBuildTaken', { build: 'errors.appBuildTaken' });
  return err;
}

/**
 * A change to releases: writers in turn (the build order checked stays true until the commit), a
 * unique clash as 409, and this instance's check cache forgotten once it is committed.
 */
async function writeReleases<T>(
  db: Db,
  checks: AppCheckCache,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  const result = await db
    .transaction(async (tx) => {
      await lockReleases(tx);
      return work(tx);
    })
    .catch((err: unknown) => {
      throw clashOf(err);
    });
  checks.forget();
  return result;
}

async function reread(tx: Executor, id: string): Promise<AppVersion> {
  const row = await findAppVersion(tx, id, new Date());
  if (!row) throw notFound('errors.appVersionNotFound');
  return toAppVersion(row);
}

export async function listAppVersions(
  db: Db,
  query: ListAppVersionsQuery,
): Promise<{ data: AppVersion[]; meta: PageMeta }> {
  const { rows, total } = await listRows(db, query.platform ?? null, query, new Date());
  return { data: rows.map(toAppVersion), meta: pageMeta(query, total) };
}

/** The audit event of a change to a release (the platform's, no shop's). */
function auditRelease(
  tx: Executor,
  ctx: AuthedContext,
  action: 'create' | 'update' | 'delete',
  change: { before?: AppVersion; after?: AppVersion },
) {
  const id = (change.after ?? change.before)?.id;
  return audit(tx, ctx, {
    action: `app_version.${action}`,
    entity: 'app_version',
    entityId: id,
    shopId: null,
    before: change.before && auditView(change.before),
    after: change.after && auditView(change.after),
  });
}

export function createAppVersion(
  db: Db,
  ctx: AuthedContext,
  body: CreateAppVersionBody,
  checks: AppCheckCache,
): Promise<AppVersion> {
  const version = semver(body.version);
  return writeReleases(db, checks, async (tx) => {
    await assertFits(tx, { platform: body.platform, version, build: body.build, exceptId: null });
    const row = await insertAppVersion(tx, {
      platform: body.platform,
      ...versionColumns(version, semver(body.minVersion)),
      build: body.build,
      forceUpdate: body.forceUpdate ?? false,
      storeUrl: body.storeUrl,
      notesLo: body.notesLo ?? '',
      notesEn: body.notesEn ?? '',
      // Set here, to the millisecond, never by the database's now(): the check compares in JS time.
      releasedAt: body.releasedAt ? new Date(body.releasedAt) : new Date(),
      createdBy: ctx.actor.id,
    });
    const after = await reread(tx, row.id);
    await auditRelease(tx, ctx, 'create', { after });
    return after;
  });
}

/** The fields sent change; the result must still be a valid release of its platform. */
export function updateAppVersion(
  db: Db,
  ctx: AuthedContext,
  body: UpdateAppVersionBody,
  checks: AppCheckCache,
): Promise<AppVersion> {
  const { id, version: versionText, minVersion: minText, releasedAt, ...rest } = body;
  return writeReleases(db, checks, async (tx) => {
    const before = await reread(tx, id);
    const version = semver(versionText ?? before.version);
    const min = semver(minText ?? before.minVersion);
    if (compareSemver(min, version) > 0) throw badRequest({ minVersion: 'validation.minAboveVersion' });
    const build = rest.build ?? before.build;
    await assertFits(tx, { platform: before.platform, version, build, exceptId: id });
    await updateAppVersionRow(tx, id, {
      ...rest,
      ...versionColumns(version, min),
      ...(releasedAt ? { releasedAt: new Date(releasedAt) } : {}),
    });
    const after = await reread(tx, id);
    await auditRelease(tx, ctx, 'update', { before, after });
    return after;
  });
}

/** A release withdrawn: the check answers with the one before it. */
export function deleteAppVersion(
  db: Db,
  ctx: AuthedContext,
  id: string,
  checks: AppCheckCache,
): Promise<{ id: string }> {
  return writeReleases(db, checks, async (tx) => {
    const before = await reread(tx, id);
    await deleteAppVersionRow(tx, id);
    await auditRelease(tx, ctx, 'delete', { before });
    return { id };
  });
}

function toCheckRelease(row: CheckRow): CheckRelease {
  return {
    version: { major: row.major, minor: row.minor, patch: row.patch },
    build: row.build,
    minVersion: { major: row.min_major, minor: row.min_minor, patch: row.min_patch },
    forceUpdate: row.force_update,
    storeUrl: row.store_url,
    notesLo: row.notes_lo,
    notesEn: row.notes_en,
    releasedAt: iso(row.released_at),
  };
}

/** What the check cache reads: the releases that decide a platform's answer at `now`. */
export async function readCheckReleases(db: Db, platform: AppPlatform, now: Date): Promise<CheckRelease[]> {
  return (await findCheckReleases(db, platform, now)).map(toCheckRelease);
}

/** The public start-up check (no sign-in), answered from the cache when it is fresh. */
export async function appCheck(
  checks: AppCheckCache,
  query: AppCheckQuery,
  lang: Language,
  now = Date.now(),
): Promise<AppCheck> {
  const releases = await checks.releases(query.platform, now);
  const caller = { version: semver(query.version), build: query.build ?? null };
  return appCheckAnswer(query.platform, releases, caller, now, lang);
}
