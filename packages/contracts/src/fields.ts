import { z } from 'zod';
import { ROLES } from './roles.ts';

/** Field schemas shared by several domains. Error texts are keys of messages.ts. */

export const idSchema = z.uuid({ error: 'validation.invalid' });

/**
 * A number as JSON sends it, or the same number written out ('1500', '-20', '1.5' for `.int()` to
 * refuse). Anything else stays as it came for `z.number` to refuse: `z.coerce.number` would take
 * `true` as 1, `[5000]` as 5000, '0x10' as 16 and '1e4' as 10,000 — an amount nobody typed.
 */
export function strictNumber<T extends z.ZodNumber>(schema: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*[-+]?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    schema,
  );
}

export const usernameSchema = z
  .string({ error: 'validation.usernameRequired' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.usernameRequired' })
  .regex(/^[a-z0-9._-]{3,50}$/, { error: 'validation.usernameFormat' });

export const fullNameSchema = z
  .string({ error: 'validation.fullNameRequired' })
  .trim()
  .min(1, { error: 'validation.fullNameRequired' })
  .max(100, { error: 'validation.tooLong' });

export const newPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .min(8, { error: 'validation.passwordTooShort' })
  .max(128, { error: 'validation.passwordTooLong' });

/** Lao numbers: 020 xxxx xxxx (mobile), 030 xxx xxxx, 021 xxx xxx (fixed), with or without +856. */
export const phoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^(\+?856|0)?[2-9]\d{7,9}$/, { error: 'validation.phoneFormat' }));

/**
 * A WhatsApp number in E.164 (`+8562055551234`), or null when it is not one. Lao mobiles may be
 * typed as 020 5555 1234, 20 5555 1234, +856 20 5555 1234, 856 20… or 00856 20… (030 numbers,
 * seven digits after 30, likewise); a number of another country needs its + or 00 prefix.
 */
export function normaliseWhatsapp(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  let digits: string;
  if (/^\+\d+$/.test(compact)) digits = compact.slice(1);
  else if (/^00\d+$/.test(compact)) digits = compact.slice(2);
  else if (/^\d+$/.test(compact))
    digits = compact.startsWith('856') ? compact : `856${compact.replace(/^0/, '')}`;
  else return null;
  if (!digits.startsWith('856')) return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  // "+856 020 …" is written too: the trunk 0 after the country code is dropped.
  const national = digits.slice(3).replace(/^0/, '');
  return /^(20\d{8}|30\d{7})$/.test(national) ? `+856${national}` : null;
}

/** A WhatsApp number as typed, stored in E.164 (see normaliseWhatsapp). */
export const whatsappSchema = z
  .string()
  .trim()
  .max(40, { error: 'validation.whatsappFormat' })
  .transform((v, ctx) => {
    const e164 = normaliseWhatsapp(v);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'validation.whatsappFormat' });
      return z.NEVER;
    }
    return e164;
  });

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'validation.emailFormat' }).max(200, { error: 'validation.tooLong' }));

/** Optional text fields: an empty string means "none". */
export function optionalText<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    schema.nullable().optional(),
  );
}

/**
 * A calendar date (YYYY-MM-DD) in the years this service can hold data for: a year like 0001 is a
 * typo, and outside these years time-zone arithmetic breaks down.
 */
export const dateSchema = z.iso
  .date({ error: 'validation.dateFormat' })
  .refine((d) => d >= '2000-01-01' && d <= '2099-12-31', { error: 'validation.dateFormat' });

export const searchSchema = z.string().trim().max(100, { error: 'validation.tooLong' }).optional();

export const roleSchema = z.enum(ROLES);
