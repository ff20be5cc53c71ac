import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import { idSchema, optionalText, strictNumber } from './fields.ts';
import type { Language } from './languages.ts';

/**
 * Releases of the staff mobile app and the check it makes at start (issue 16). A version is
 * strict semantic MAJOR.MINOR.PATCH: numbers only, no leading zeros, no pre-release or build
 * suffix (`1.4.2-beta`, `v1.4.2` are refused): the stores order releases by their build number,
 * not by a suffix, and the app sends its plain version. Releases compare by (major, minor, patch),
 * then by build.
 */

export const APP_PLATFORMS = ['android', 'ios'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];

/** Each part of a version: up to six digits (the table keeps them as integers). */
const SEMVER = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;
/** Google Play's largest versionCode; iOS build numbers are far below it. */
export const APP_BUILD_MAX = 2_100_000_000;
export const APP_NOTES_MAX = 1000;
export const STORE_URL_MAX = 500;

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
}

/** A strict MAJOR.MINOR.PATCH, or null for anything else (surrounding spaces are allowed). */
export function parseSemver(text: string): SemVer | null {
  const m = SEMVER.exec(text.trim());
  if (!m) return null;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

export const formatSemver = (v: SemVer) => `${v.major}.${v.minor}.${v.patch}`;

/** Negative when a < b, 0 when equal, positive when a > b. */
export function compareSemver(a: SemVer, b: SemVer): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** By version, then build. */
export function compareRelease(a: { version: SemVer; build: number }, b: { version: SemVer; build: number }) {
  return compareSemver(a.version, b.version) || a.build - b.build;
}

/** scheme://authority then a path, query or fragment; no spaces or control characters anywhere. */
const URL_PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([/?#][^\s\p{Cc}]*)?$/iu;
/** A host name of DNS labels (punycode for other scripts), or IPv6 loopback; then an optional port. */
const AUTHORITY =
  /^((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?|\[::1\])(?::\d{1,5})?$/i;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where the phone goes to update: https to a host (no user name or password in the link); plain
 * http only to this machine (a store stand-in while developing), never over the internet.
 */
export function isStoreUrl(text: string): boolean {
  const parts = URL_PARTS.exec(text);
  const authority = parts?.[2] ?? '';
  const host = AUTHORITY.exec(authority)?.[1]?.toLowerCase();
  if (!parts || !host) return false;
  const scheme = parts[1]?.toLowerCase();
  return scheme === 'https' || (scheme === 'http' && LOCAL_HOSTS.has(host));
}

export const appPlatformSchema = z.enum(APP_PLATFORMS, { error: 'validation.appPlatform' });

export const semverSchema = z
  .string({ error: 'validation.semver' })
  .trim()
  .regex(SEMVER, { error: 'validation.semver' });

export const appBuildSchema = strictNumber(
  z
    .number({ error: 'validation.appBuild' })
    .int({ error: 'validation.appBuild' })
    .min(1, { error: 'validation.appBuild' })
    .max(APP_BUILD_MAX, { error: 'validation.appBuild' }),
);

export const storeUrlSchema = z
  .string({ error: 'validation.storeUrl' })
  .trim()
  .max(STORE_URL_MAX, { error: 'validation.storeUrl' })
  .refine(isStoreUrl, { error: 'validation.storeUrl' });

export const appNotesSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(APP_NOTES_MAX, { error: 'validation.notesTooLong' });

/** An instant with its offset (`2026-11-28T09:00:00+07:00`), in the years the service holds. */
export const releasedAtSchema = z.iso.datetime({ offset: true, error: 'validation.releasedAt' }).refine(
  (v) => {
    const year = new Date(v).getUTCFullYear();
    return year >= 2000 && year <= 2099;
  },
  { error: 'validation.releasedAt' },
);

/**
 * The minimum supported version may not be above the release's own version (so neither above the
 * latest once it is out: only the latest release's minimum counts). Checked when both are valid.
 */
export function checkMinVersion(
  v: { version?: string | undefined; minVersion?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const version = v.version === undefined ? null : parseSemver(v.version);
  const min = v.minVersion === undefined ? null : parseSemver(v.minVersion);
  if (version && min && compareSemver(min, version) > 0)
    ctx.addIssue({ code: 'custom', path: ['minVersion'], message: 'validation.minAboveVersion' });
}

const releaseFields = {
  version: semverSchema,
  build: appBuildSchema,
  minVersion: semverSchema,
  forceUpdate: z.boolean({ error: 'validation.invalid' }),
  storeUrl: storeUrlSchema,
  notesLo: appNotesSchema,
  notesEn: appNotesSchema,
  releasedAt: releasedAtSchema,
};

/** `POST /v1/version-app/create`. releasedAt: now unless told; a later time schedules it. */
export const createAppVersionBodySchema = z
  .strictObject({
    platform: appPlatformSchema,
    ...releaseFields,
    forceUpdate: releaseFields.forceUpdate.optional(),
    notesLo: releaseFields.notesLo.optional(),
    notesEn: releaseFields.notesEn.optional(),
    releasedAt: releaseFields.releasedAt.optional(),
  })
  .superRefine(checkMinVersion);
export type CreateAppVersionBody = z.infer<typeof createAppVersionBodySchema>;

/** `POST /v1/version-app/update`: the fields sent change; a release keeps its platform. */
export const updateAppVersionBodySchema = z
  .strictObject({
    id: idSchema,
    version: releaseFields.version.optional(),
    build: releaseFields.build.optional(),
    minVersion: releaseFields.minVersion.optional(),
    forceUpdate: releaseFields.forceUpdate.optional(),
    storeUrl: releaseFields.storeUrl.optional(),
    notesLo: releaseFields.notesLo.optional(),
    notesEn: releaseFields.notesEn.optional(),
    releasedAt: releaseFields.releasedAt.optional(),
  })
  .superRefine(checkMinVersion);
export type UpdateAppVersionBody = z.infer<typeof updateAppVersionBodySchema>;

export const appVersionIdParamsSchema = z.object({ id: idSchema });

/** `GET /v1/version-apps`: one platform's releases or both, newest version first. */
export const listAppVersionsQuerySchema = pagingSchema.extend({
  platform: optionalText(appPlatformSchema),
});
export type ListAppVersionsQuery = z.infer<typeof listAppVersionsQuerySchema>;

export const appVersionSchema = z.object({
  id: z.string(),
  platform: appPlatformSchema,
  version: z.string(),
  build: z.number().int(),
  minVersion: z.string(),
  forceUpdate: z.boolean(),
  storeUrl: z.string(),
  notesLo: z.string(),
  notesEn: z.string(),
  releasedAt: z.string(),
  /** Out already (releasedAt has passed); a later one is scheduled. */
  released: z.boolean(),
  /** The latest release of its platform: what the check answers now. */
  latest: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;

/** `GET /v1/app/check` (public): the app's platform, its version and, if it knows it, its build. */
export const appCheckQuerySchema = z.object({
  platform: appPlatformSchema,
  version: semverSchema,
  build: optionalText(appBuildSchema),
});
export type AppCheckQuery = z.infer<typeof appCheckQuerySchema>;

export const APP_CHECK_REASONS = ['BELOW_MINIMUM', 'FORCE_UPDATE'] as const;
export type AppCheckReason = (typeof APP_CHECK_REASONS)[number];

export const appCheckSchema = z.object({
  platform: appPlatformSchema,
  /** The latest release out on the platform; null when there is none yet. */
  latest: z
    .object({
      version: z.string(),
      build: z.number().int(),
      minVersion: z.string(),
      forceUpdate: z.boolean(),
      storeUrl: z.string(),
      /** In the caller's language (Accept-Language), the other one when that is empty. */
      notes: z.string(),
      releasedAt: z.string(),
    })
    .nullable(),
  updateAvailable: z.boolean(),
  /** The caller must update before going on; `reason` says why. */
  required: z.boolean(),
  reason: z.enum(APP_CHECK_REASONS).nullable(),
});
export type AppCheck = z.infer<typeof appCheckSchema>;

/** A release as the check reads it. */
export interface CheckRelease {
  version: SemVer;
  build: number;
  minVersion: SemVer;
  forceUpdate: boolean;
  storeUrl: string;
  notesLo: string;
  notesEn: string;
  /** ISO instant. */
  releasedAt: string;
}

export interface CheckCaller {
  version: SemVer;
  /** Unknown: only the version is compared. */
  build: number | null;
}

/** The caller runs something older than the release: a lower version, or the same with a lower build. */
function isBehind(caller: CheckCaller, release: CheckRelease): boolean {
  const byVersion = compareSemver(caller.version, release.version);
  if (byVersion !== 0) return byVersion < 0;
  return caller.build !== null && caller.build < release.build;
}

/**
 * The check's answer from a platform's releases: only those out at `now` count. An update is
 * available when the caller is behind the latest; it is required when the caller's version is
 * below the latest's minimum supported version, or when any force-update release is newer than
 * the caller. Whatever is required is also available (the minimum and every release are at most
 * the latest).
 */
export function appCheckAnswer(
  platform: AppPlatform,
  releases: readonly CheckRelease[],
  caller: CheckCaller,
  now: number,
  lang: Language,
): AppCheck {
  let latest: CheckRelease | null = null;
  let forced = false;
  for (const r of releases) {
    if (Date.parse(r.releasedAt) > now) continue;
    if (!latest || compareRelease(r, latest) > 0) latest = r;
    if (r.forceUpdate && isBehind(caller, r)) forced = true;
  }
  if (!latest) return { platform, latest: null, updateAvailable: false, required: false, reason: null };
  const belowMinimum = compareSemver(caller.version, latest.minVersion) < 0;
  const [own, other] = lang === 'en' ? [latest.notesEn, latest.notesLo] : [latest.notesLo, latest.notesEn];
  return {
    platform,
    latest: {
      version: formatSemver(latest.version),
      build: latest.build,
      minVersion: formatSemver(latest.minVersion),
      forceUpdate: latest.forceUpdate,
      storeUrl: latest.storeUrl,
      notes: own || other,
      releasedAt: latest.releasedAt,
    },
    updateAvailable: isBehind(caller, latest),
    required: belowMinimum || forced,
    reason: belowMinimum ? 'BELOW_MINIMUM' : forced ? 'FORCE_UPDATE' : null,
  };
}

/** The next moment a scheduled release comes out after `now` (the answer may change then), or null. */
export function nextReleaseAt(releases: readonly CheckRelease[], now: number): number | null {
  let next: number | null = null;
  for (const r of releases) {
    const at = Date.parse(r.releasedAt);
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}

/** The message key that sums the answer up for the app to show. */
export function appCheckMessageKey(answer: AppCheck) {
  if (!answer.latest) return 'success.noAppRelease' as const;
  if (answer.required) return 'success.appUpdateRequired' as const;
  return answer.updateAvailable ? ('success.appUpdateAvailable' as const) : ('success.appUpToDate' as const);
}
