import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { QrReceiverJson } from './shops.ts';

/** The platform's own company profile (spec §3's Company): one row, id 1. */
export const companyProfile = pgTable(
  'company_profile',
  {
    id: smallint('id').primaryKey().default(1),
    companyName: text('company_name'),
    branch: text('branch'),
    logoPath: text('logo_path'),
    telephone: text('telephone'),
    whatsapp: text('whatsapp'),
    email: text('email'),
    address: text('address'),
    qrImagePath: text('qr_image_path'),
    /** The platform's Lao QR receiver: the public invoice page's QR for the amount due (issue 15). */
    qrReceiver: jsonb('qr_receiver').$type<QrReceiverJson>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('company_profile_single_row', sql`${t.id} = 1`)],
);
