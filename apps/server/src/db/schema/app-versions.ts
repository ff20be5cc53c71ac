import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Releases of the staff mobile app (issue 16): per platform, a semantic version (its parts kept
 * as numbers so they sort), a build number, the minimum version still supported, whether this
 * release forces an update, the store link and notes in Lao and English.
 */
export const appVersions = pgTable(
  'app_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platform: text('platform').notNull(),
    version: text('version').notNull(),
    major: integer('major').notNull(),
    minor: integer('minor').notNull(),
    patch: integer('patch').notNull(),
    build: integer('build').notNull(),
    minVersion: text('min_version').notNull(),
    minMajor: integer('min_major').notNull(),
    minMinor: integer('min_minor').notNull(),
    minPatch: integer('min_patch').notNull(),
    forceUpdate: boolean('force_update').notNull().default(false),
    storeUrl: text('store_url').notNull(),
    notesLo: text('notes_lo').notNull().default(''),
    notesEn: text('notes_en').notNull().default(''),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_versions_version_key').on(t.platform, t.major, t.minor, t.patch),
    uniqueIndex('app_versions_build_key').on(t.platform, t.build),
    index('app_versions_latest_idx').on(t.platform, t.major, t.minor, t.patch),
    check('app_versions_platform_check', sql`${t.platform} in ('android','ios')`),
    check(
      'app_versions_parts_check',
      sql`${t.major} >= 0 and ${t.minor} >= 0 and ${t.patch} >= 0 and ${t.build} > 0`,
    ),
    check(
      'app_versions_min_check',
      sql`(${t.minMajor}, ${t.minMinor}, ${t.minPatch}) <= (${t.major}, ${t.minor}, ${t.patch})`,
    ),
  ],
);
