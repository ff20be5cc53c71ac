import {
  type AppPlatform,
  type AppVersion,
  appCheckQuerySchema,
  checkMinVersion,
  createAppVersionBodySchema,
} from '@parking-hub/contracts/app-versions';
import { localWallTime } from '@parking-hub/contracts/business-day';
import { dateSchema } from '@parking-hub/contracts/fields';
import { hhmmSchema } from '@parking-hub/contracts/shops';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../../lib/format';

/** What the editor's boxes hold: text as typed; the release time as a day and a time in Vientiane. */
export interface VersionFormValues {
  platform: AppPlatform;
  version: string;
  build: string;
  minVersion: string;
  forceUpdate: boolean;
  storeUrl: string;
  notesLo: string;
  notesEn: string;
  releasedDate: string;
  releasedTime: string;
}

/** The fields a server message can land under (releasedAt shows under the day). */
export const VERSION_FORM_FIELDS = [
  'platform',
  'version',
  'build',
  'minVersion',
  'forceUpdate',
  'storeUrl',
  'notesLo',
  'notesEn',
  'releasedDate',
  'releasedTime',
] as const;

const shape = createAppVersionBodySchema.shape;

/** The contracts' rules, read from the boxes. */
export const versionFormSchema = z
  .object({
    platform: shape.platform,
    version: shape.version,
    build: shape.build,
    minVersion: shape.minVersion,
    forceUpdate: z.boolean(),
    storeUrl: shape.storeUrl,
    notesLo: shape.notesLo.unwrap(),
    notesEn: shape.notesEn.unwrap(),
    releasedDate: dateSchema,
    releasedTime: hhmmSchema,
  })
  .superRefine(checkMinVersion);
export type VersionFormOutput = z.output<typeof versionFormSchema>;

/** Laos keeps UTC+7 all year: a wall-clock day and time there as an instant. */
export const vientianeInstant = (date: string, time: string) => `${date}T${time}:00+07:00`;

/** An instant as the day ('YYYY-MM-DD') and time ('HH:mm') a clock in Vientiane shows. */
export function vientianeWall(instant: Date): { date: string; time: string } {
  const { date, minutes } = localWallTime(instant, DEFAULT_TIME_ZONE);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  return { date, time: `${hh}:${String(minutes % 60).padStart(2, '0')}` };
}

/**
 * The editor's starting values: the release's own, or for a new one the platform's latest minimum
 * (so publishing does not quietly drop it), its store link, and now as the release time.
 */
export function versionValues(
  item: AppVersion | null,
  platform: AppPlatform,
  latest: AppVersion | undefined,
  now = new Date(),
): VersionFormValues {
  const wall = vientianeWall(item ? new Date(item.releasedAt) : now);
  return {
    platform: item?.platform ?? platform,
    version: item?.version ?? '',
    build: item ? String(item.build) : '',
    minVersion: item?.minVersion ?? latest?.minVersion ?? '',
    forceUpdate: item?.forceUpdate ?? false,
    storeUrl: item?.storeUrl ?? latest?.storeUrl ?? '',
    notesLo: item?.notesLo ?? '',
    notesEn: item?.notesEn ?? '',
    releasedDate: wall.date,
    releasedTime: wall.time,
  };
}

/** The body the API takes, from the checked form. */
export function versionBody(values: VersionFormOutput) {
  const { releasedDate, releasedTime, ...rest } = values;
  return { ...rest, releasedAt: vientianeInstant(releasedDate, releasedTime) };
}

/** A server message about releasedAt shows under the day box. */
export const formField = (field: string) => (field === 'releasedAt' ? 'releasedDate' : field);

/** The check panel's boxes, read by the public call's own rules. */
export interface CheckFormValues {
  platform: AppPlatform;
  version: string;
  build: string;
}
export const checkFormSchema = appCheckQuerySchema;
export const CHECK_FORM_FIELDS = ['platform', 'version', 'build'] as const;
