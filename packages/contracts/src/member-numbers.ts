import { z } from 'zod';
import { memberNumberSchema } from './bills.ts';
import { pagingSchema } from './envelope.ts';
import { idSchema, optionalText, searchSchema } from './fields.ts';

/**
 * A shop's pool of member card numbers (issue 14, decision 019): made by ranges, listed, assigned to
 * a member, retired. `members.ts` re-exports this file, so callers import it from there.
 */

export const NUMBER_STATUSES = ['AVAILABLE', 'ASSIGNED', 'LOST', 'RETIRED'] as const;
export const numberStatusSchema = z.enum(NUMBER_STATUSES, { error: 'validation.invalid' });
export type NumberStatus = z.infer<typeof numberStatusSchema>;

/** At most this many numbers made by one range. */
export const MAX_NUMBER_RANGE = 5000;

/** A prefix of card numbers: letters, digits and hyphens, e.g. `M-`. */
export const numberPrefixSchema = z
  .string()
  .trim()
  .max(10, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9-]*$/, { error: 'validation.memberNumberFormat' })
  .transform((v) => v.toUpperCase());

const rangeBound = z.coerce
  .number({ error: 'validation.numberRange' })
  .int({ error: 'validation.numberRange' })
  .min(0, { error: 'validation.numberRange' })
  .max(99_999_999, { error: 'validation.numberRange' });

/**
 * `POST /v1/membership/number/create`: one number (`number`), or a range: `prefix` + each of
 * `from`…`to`, zero-padded to `digits` (default: the digits of `to`), e.g. M- 1…500 → M-001…M-500.
 * Numbers the shop already has are skipped (the answer says how many).
 */
export const createNumbersBodySchema = z
  .strictObject({
    shopId: optionalText(idSchema),
    number: optionalText(memberNumberSchema),
    prefix: numberPrefixSchema.optional(),
    from: rangeBound.optional(),
    to: rangeBound.optional(),
    digits: z.coerce.number().int().min(1).max(8).optional(),
  })
  .superRefine((v, ctx) => {
    const range = v.from !== undefined || v.to !== undefined;
    if (!v.number && !range) {
      ctx.addIssue({ code: 'custom', path: ['number'], message: 'validation.numberOrRange' });
      return;
    }
    if (v.number && range) {
      ctx.addIssue({ code: 'custom', path: ['number'], message: 'validation.numberOrRange' });
      return;
    }
    if (!range) return;
    if (v.from === undefined || v.to === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [v.from === undefined ? 'from' : 'to'],
        message: 'validation.numberRange',
      });
      return;
    }
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.numberRangeOrder' });
    else if (v.to - v.from + 1 > MAX_NUMBER_RANGE)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.numberRangeSize' });
    else {
      const longest = rangeNumbers(v.prefix ?? '', v.from, v.to, v.digits).at(-1) ?? '';
      if (longest.length > 20)
        ctx.addIssue({ code: 'custom', path: ['prefix'], message: 'validation.memberNumberFormat' });
    }
  });
export type CreateNumbersBody = z.infer<typeof createNumbersBodySchema>;

/** The numbers of a range, as `createNumbers` makes them. */
export function rangeNumbers(prefix: string, from: number, to: number, digits?: number): string[] {
  const width = digits ?? String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(`${prefix}${String(n).padStart(width, '0')}`);
  return out;
}

export const memberNumberRowSchema = z.object({
  id: z.string(),
  shopId: z.string(),
  number: z.string(),
  status: numberStatusSchema,
  memberId: z.string().nullable(),
  memberName: z.string().nullable(),
  /** Ever assigned: deleting it retires it instead. */
  used: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MemberNumberRow = z.infer<typeof memberNumberRowSchema>;

export const createNumbersResultSchema = z.object({
  created: z.number().int(),
  /** Numbers of the range the shop already had. */
  skipped: z.number().int(),
  first: z.string().nullable(),
  last: z.string().nullable(),
});
export type CreateNumbersResult = z.infer<typeof createNumbersResultSchema>;

/** `GET /v1/membership/numbers`: the pool, by number. */
export const listNumbersQuerySchema = pagingSchema.extend({
  shopId: optionalText(idSchema),
  status: numberStatusSchema.optional(),
  search: searchSchema,
});
export type ListNumbersQuery = z.infer<typeof listNumbersQuerySchema>;

/** `DELETE /v1/membership/number/{numberId}`: removed (never assigned) or retired. */
export const deleteNumberResultSchema = z.object({ id: z.string(), outcome: z.enum(['REMOVED', 'RETIRED']) });
export type DeleteNumberResult = z.infer<typeof deleteNumberResultSchema>;
