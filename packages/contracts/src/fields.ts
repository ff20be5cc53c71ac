import { z } from 'zod';
import { ROLES } from './roles.ts';

/** Field schemas shared by several domains. Error texts are keys of messages.ts. */

export const idSchema = z.uuid({ error: 'validation.invalid' });

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
