import { z } from 'zod';
import { idSchema } from './fields.ts';
import { kipSchema } from './prices.ts';

/** A month as 'YYYY-MM' (2000–2099, as dates are). */
export const monthSchema = z
  .string({ error: 'validation.monthFormat' })
  .trim()
  .regex(/^20\d\d-(0[1-9]|1[0-2])$/, { error: 'validation.monthFormat' });

const nameSchema = (required: 'validation.packageNameRequired' | 'validation.feeNameRequired') =>
  z.string({ error: required }).trim().min(1, { error: required }).max(100, { error: 'validation.tooLong' });

const countSchema = (key: 'validation.ticketsFormat' | 'validation.allowanceFormat', min: number) =>
  z.coerce
    .number({ error: key })
    .int({ error: key })
    .min(min, { error: key })
    .max(10_000_000, { error: 'validation.tooBig' });

/** An allowance: a whole number, or empty / null for "no limit". */
const allowanceSchema = (min: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    countSchema('validation.allowanceFormat', min).nullable(),
  );

/**
 * A rental package (DESIGN.md §4): what a shop pays the platform each month, the tickets that
 * price includes, what each further ticket costs, and how many users and branches the shop (with
 * its branches) may have; `null` allows any number.
 */
const packageFields = {
  nameLo: nameSchema('validation.packageNameRequired'),
  nameEn: nameSchema('validation.packageNameRequired'),
  monthlyPrice: kipSchema,
  ticketsIncluded: countSchema('validation.ticketsFormat', 0),
  extraTicketPrice: kipSchema,
  /** At least one user (the shop's manager); null: no limit. */
  usersAllowed: allowanceSchema(1),
  /** Zero: no branch; null: no limit. */
  branchesAllowed: allowanceSchema(0),
  active: z.boolean({ error: 'validation.invalid' }),
};

export const createPackageBodySchema = z.strictObject({
  ...packageFields,
  usersAllowed: packageFields.usersAllowed.optional(),
  branchesAllowed: packageFields.branchesAllowed.optional(),
  active: packageFields.active.optional(),
});
export type CreatePackageBody = z.infer<typeof createPackageBodySchema>;

/** Only the fields sent change. */
export const updatePackageBodySchema = z.strictObject({
  id: idSchema,
  nameLo: packageFields.nameLo.optional(),
  nameEn: packageFields.nameEn.optional(),
  monthlyPrice: kipSchema.optional(),
  ticketsIncluded: packageFields.ticketsIncluded.optional(),
  extraTicketPrice: kipSchema.optional(),
  usersAllowed: packageFields.usersAllowed.optional(),
  branchesAllowed: packageFields.branchesAllowed.optional(),
  active: packageFields.active.optional(),
});
export type UpdatePackageBody = z.infer<typeof updatePackageBodySchema>;

export const packageIdBodySchema = z.strictObject({ id: idSchema });
export const packageIdParamsSchema = z.object({ id: idSchema });

export const packageSchema = z.object({
  id: z.string(),
  nameLo: z.string(),
  nameEn: z.string(),
  monthlyPrice: z.number().int(),
  ticketsIncluded: z.number().int(),
  extraTicketPrice: z.number().int(),
  usersAllowed: z.number().int().nullable(),
  branchesAllowed: z.number().int().nullable(),
  active: z.boolean(),
  /** Main shops (in the caller's scope, not closed) whose package this is in the current month. */
  shopsUsing: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Package = z.infer<typeof packageSchema>;

/** What a delete did: a package some shop has or had is only deactivated (its months keep it). */
export const deletePackageResultSchema = z.object({
  id: z.string(),
  deleted: z.boolean(),
  deactivated: z.boolean(),
});
export type DeletePackageResult = z.infer<typeof deletePackageResultSchema>;

/** A fee's code: how rolls and invoices find it (PAPER_ROLL, SETUP…); it never changes. */
export const feeCodeSchema = z
  .string({ error: 'validation.feeCodeFormat' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9_]{1,31}$/, { error: 'validation.feeCodeFormat' });

export const createFeeBodySchema = z.strictObject({
  code: feeCodeSchema,
  nameLo: nameSchema('validation.feeNameRequired'),
  nameEn: nameSchema('validation.feeNameRequired'),
  amount: kipSchema,
  active: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type CreateFeeBody = z.infer<typeof createFeeBodySchema>;

/** Only the fields sent change; `active: false` retires a fee. */
export const updateFeeBodySchema = z.strictObject({
  id: idSchema,
  nameLo: nameSchema('validation.feeNameRequired').optional(),
  nameEn: nameSchema('validation.feeNameRequired').optional(),
  amount: kipSchema.optional(),
  active: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type UpdateFeeBody = z.infer<typeof updateFeeBodySchema>;

export const feeSchema = z.object({
  id: z.string(),
  code: z.string(),
  nameLo: z.string(),
  nameEn: z.string(),
  amount: z.number().int(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type Fee = z.infer<typeof feeSchema>;

/** One month of a shop's package history: from `month` on (until the next row), this package. */
export const shopPackageMonthSchema = z.object({
  month: z.string(),
  packageId: z.string(),
  nameLo: z.string(),
  nameEn: z.string(),
  monthlyPrice: z.number().int(),
});
export type ShopPackageMonth = z.infer<typeof shopPackageMonthSchema>;

/** 'YYYY-MM' of an instant in a time zone (the platform's: Asia/Vientiane). */
export function monthIn(instant: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit' })
    .formatToParts(instant)
    .reduce<Record<string, string>>((acc, p) => Object.assign(acc, { [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}`;
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}
