import { z } from 'zod';
import { emailSchema, optionalText, phoneSchema, whatsappSchema } from './fields.ts';
import { qrReceiverSchema } from './shops.ts';

/**
 * The company behind the platform (spec §3's Company): shown in the public footer, on the
 * customer's e-receipt and on invoices. One profile; SUPER-ADMIN edits it.
 */
export const companySchema = z.object({
  companyName: z.string().nullable(),
  branch: z.string().nullable(),
  logoPath: z.string().nullable(),
  telephone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  qrImagePath: z.string().nullable(),
  /** Where Lao QR payments of rent go (the public invoice page's QR); null: no QR on invoices. */
  qrReceiver: qrReceiverSchema.nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/** What anyone may see of it, signed in or not (the footer, the e-receipt). */
export const publicCompanySchema = companySchema.omit({
  qrImagePath: true,
  qrReceiver: true,
  createdAt: true,
  updatedAt: true,
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;

const text = (max: number) => optionalText(z.string().trim().max(max, { error: 'validation.tooLong' }));

export const updateCompanyBodySchema = z.object({
  companyName: z
    .string({ error: 'validation.companyNameRequired' })
    .trim()
    .min(1, { error: 'validation.companyNameRequired' })
    .max(150, { error: 'validation.tooLong' }),
  branch: text(150),
  telephone: optionalText(phoneSchema),
  whatsapp: optionalText(whatsappSchema),
  email: optionalText(emailSchema),
  address: text(300),
  /** The Lao QR receiver of rent payments: all five fields, or null to remove it (left out: unchanged). */
  qrReceiver: qrReceiverSchema.nullable().optional(),
});
export type UpdateCompanyBody = z.infer<typeof updateCompanyBodySchema>;

/** The two images of the profile, uploaded as multipart (`kind`, `file`). */
export const COMPANY_IMAGE_KINDS = ['logo', 'qr'] as const;
export type CompanyImageKind = (typeof COMPANY_IMAGE_KINDS)[number];
