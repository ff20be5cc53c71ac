import { customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * One forgotten-password attempt (decision 012). A row is made for every search, found or not
 * (`user_id` null), so both answer alike. Only hashes are kept: of the request id the browser holds,
 * of the code (keyed by that request id, so a copy of the table cannot be brute-forced) and of the
 * token that sets the new password.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: bytea('token_hash').notNull().unique('password_resets_token_key'),
    userId: uuid('user_id').references(() => users.id),
    /** The identifier as searched (lower-cased), for the per-account limits of unknown accounts. */
    identifier: text('identifier').notNull(),
    destinations: jsonb('destinations').notNull().$type<Array<{ channel: string; masked: string }>>(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    codeHash: bytea('code_hash'),
    codeChannel: text('code_channel'),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codesSent: integer('codes_sent').notNull().default(0),
    tries: integer('tries').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    resetTokenHash: bytea('reset_token_hash').unique('password_resets_reset_token_key'),
    resetExpiresAt: timestamp('reset_expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);
