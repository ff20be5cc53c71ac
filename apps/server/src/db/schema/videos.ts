import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Intro videos for the staff mobile app and the back office (issue 16): an uploaded MP4/WebM
 * (`filePath` under UPLOADS_DIR, served with range requests) or a link, with a poster, an order,
 * the roles it is for (empty: every role) and whether it is shown.
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    source: text('source').notNull(),
    filePath: text('file_path'),
    mimeType: text('mime_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    url: text('url'),
    posterPath: text('poster_path'),
    sortOrder: integer('sort_order').notNull().default(0),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('videos_order_idx').on(t.sortOrder, t.createdAt),
    check('videos_source_check', sql`${t.source} in ('UPLOAD','LINK')`),
    check(
      'videos_source_fields_check',
      sql`(${t.source} = 'UPLOAD' and ${t.filePath} is not null) or (${t.source} = 'LINK' and ${t.url} is not null)`,
    ),
  ],
);
