import { z } from 'zod';
import { plateSchema } from './bills.ts';
import { addDaysToDate, daysBetween } from './business-day.ts';
import { pageMetaSchema, pagingSchema } from './envelope.ts';
import { dateSchema, idSchema, optionalText, searchSchema, whatsappSchema } from './fields.ts';
import { kipSchema, vehicleTypeSchema } from './prices.ts';

export * from './member-numbers.ts';

/**
 * Members and their monthly passes (issue 14): a shop's pool of card numbers, members on a card
 * with one or more plates, passes sold and renewed (payments), reminders before a pass ends.
 * A pass is valid on the shop's business days validFrom…validUntil, both included.
 */

export const MEMBER_STATUSES = ['ACTIVE', 'EXPIRED', 'SUSPENDED', 'CANCELLED'] as const;
export const memberStatusSchema = z.enum(MEMBER_STATUSES, { error: 'validation.invalid' });
export type MemberStatus = z.infer<typeof memberStatusSchema>;

/** The lengths a pass is sold for, in months. */
export const PASS_MONTHS = [1, 3, 6, 12] as const;
export type PassMonths = (typeof PASS_MONTHS)[number];
export const passMonthsSchema = z.coerce
  .number({ error: 'validation.passMonths' })
  .refine((v): v is PassMonths => (PASS_MONTHS as readonly number[]).includes(v), {
    error: 'validation.passMonths',
  });

/** The price-rule field holding each length's price (null: that length is not sold). */
export const PASS_PRICE_FIELDS = {
  1: 'pass1m',
  3: 'pass3m',
  6: 'pass6m',
  12: 'pass12m',
} as const satisfies Record<PassMonths, string>;
export type PassPriceField = (typeof PASS_PRICE_FIELDS)[PassMonths];

export const PASS_METHODS = ['CASH', 'QR'] as const;
export const passMethodSchema = z.enum(PASS_METHODS, { error: 'validation.passMethod' });
export type PassMethod = z.infer<typeof passMethodSchema>;

/** At most this many plates on one member. */
export const MAX_MEMBER_PLATES = 5;

// ---- dates --------------------------------------------------------------------------------

function parts(d: string): [number, number, number] {
  const [y, m, day] = d.split('-').map(Number);
  return [y ?? 0, m ?? 1, day ?? 1];
}

function fmt(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** `date` plus `days` days (YYYY-MM-DD): business-day.ts addDaysToDate. */
export const addDays = addDaysToDate;
export { daysBetween };

/** `date` plus `months` months, the day clamped to the month's last (Jan 31 + 1 → Feb 28/29). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const ny = Math.floor(index / 12);
  const nm = (index % 12) + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return fmt(ny, nm, Math.min(d, last));
}

/**
 * The period a pass of `months` months buys: from the later of `today` and the day after the
 * current end (a renewal before the end loses no day), to the day before the same date
 * `months` later (Nov 25 + 1 month → Dec 24, both included). Where that date does not exist the
 * pass runs to the month's last day (Jan 31 + 1 month → Feb 28, Jan 30 too; Jan 28 → Feb 27):
 * a later start never ends earlier.
 */
export function passPeriod(
  currentUntil: string | null,
  today: string,
  months: number,
): { from: string; until: string } {
  const afterEnd = currentUntil ? addDays(currentUntil, 1) : today;
  const from = afterEnd > today ? afterEnd : today;
  const same = addMonths(from, months);
  const clamped = Number(same.slice(8)) < Number(from.slice(8));
  return { from, until: clamped ? same : addDays(same, -1) };
}

/** What a member's pass is on the business day `today`, whatever its stored status says. */
export function passStateOn(
  m: { status: MemberStatus; validFrom: string; validUntil: string },
  today: string,
): 'VALID' | 'NOT_STARTED' | 'EXPIRED' | 'SUSPENDED' | 'CANCELLED' {
  if (m.status === 'CANCELLED') return 'CANCELLED';
  if (m.status === 'SUSPENDED') return 'SUSPENDED';
  if (m.validUntil < today) return 'EXPIRED';
  if (m.validFrom > today) return 'NOT_STARTED';
  return 'VALID';
}

// ---- members ------------------------------------------------------------------------------

export const memberPlatesSchema = z
  .array(plateSchema, { error: 'validation.platesRequired' })
  .min(1, { error: 'validation.platesRequired' })
  .max(MAX_MEMBER_PLATES, { error: 'validation.tooManyPlates' });

const fullName = z
  .string({ error: 'validation.fullNameRequired' })
  .trim()
  .min(1, { error: 'validation.fullNameRequired' })
  .max(100, { error: 'validation.tooLong' });

const note = optionalText(z.string().trim().max(500, { error: 'validation.tooLong' }));

/** A sale or a renewal: the length, how it was paid, and the amount (left out: the shop's price). */
const saleFields = {
  months: passMonthsSchema,
  method: passMethodSchema,
  amount: kipSchema.optional(),
};

/** `POST /v1/membership/create`: a new member on an AVAILABLE card, with their first pass. */
export const createMemberBodySchema = z
  .strictObject({
    shopId: optionalText(idSchema),
    numberId: idSchema,
    fullName,
    phone: optionalText(whatsappSchema),
    plates: memberPlatesSchema,
    vehicleType: vehicleTypeSchema,
    /** The first day of the pass (default: today); never in the past. */
    validFrom: dateSchema.optional(),
    note,
    ...saleFields,
  })
  .superRefine(uniquePlates);
export type CreateMemberBody = z.infer<typeof createMemberBodySchema>;

function uniquePlates(v: { plates?: string[] | undefined }, ctx: z.RefinementCtx) {
  if (!v.plates) return;
  const keys = v.plates.map((p) => p.replace(/[^\p{L}\p{N}]/gu, ''));
  if (new Set(keys).size !== keys.length)
    ctx.addIssue({ code: 'custom', path: ['plates'], message: 'validation.platesRepeated' });
}

/**
 * `POST /v1/membership/update` (managers): the member's details, the period, or the status
 * (ACTIVE ↔ SUSPENDED; EXPIRED follows the dates). Only the fields sent change.
 */
export const updateMemberBodySchema = z
  .strictObject({
    id: idSchema,
    fullName: fullName.optional(),
    phone: optionalText(whatsappSchema),
    plates: memberPlatesSchema.optional(),
    vehicleType: vehicleTypeSchema.optional(),
    validFrom: dateSchema.optional(),
    validUntil: dateSchema.optional(),
    status: z.enum(['ACTIVE', 'SUSPENDED'], { error: 'validation.invalid' }).optional(),
    note,
  })
  .superRefine((v, ctx) => {
    uniquePlates(v, ctx);
    if (v.validFrom && v.validUntil && v.validUntil < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'validation.passEndBeforeStart' });
  });
export type UpdateMemberBody = z.infer<typeof updateMemberBodySchema>;

/** `POST /v1/membership/renew`: another pass, from the later of today and the current end. */
export const renewMemberBodySchema = z.strictObject({ memberId: idSchema, ...saleFields });
export type RenewMemberBody = z.infer<typeof renewMemberBodySchema>;

/** `POST /v1/membership/replace-card`: a lost (or broken) card: the old number becomes LOST. */
export const replaceCardBodySchema = z.strictObject({ memberId: idSchema, numberId: idSchema });
export type ReplaceCardBody = z.infer<typeof replaceCardBodySchema>;

/**
 * A search over many shops (an admin's, an agent's) counts its matches up to this many: the list's
 * meta says `totalCapped` and its pages reach that far; a narrower search finds the rest.
 */
export const MEMBER_SEARCH_COUNT_CAP = 1000;

/** meta of the members list: the usual paging, and whether the count stopped at the cap. */
export const membersPageMetaSchema = pageMetaSchema.extend({ totalCapped: z.boolean() });
export type MembersPageMeta = z.infer<typeof membersPageMetaSchema>;

/** `GET /v1/membership`: paged, scoped to the caller. */
export const listMembersQuerySchema = pagingSchema.extend({
  shopId: optionalText(idSchema),
  /** Part of a name, phone, plate or card number. */
  search: searchSchema,
  status: memberStatusSchema.optional(),
  /** Passes (ACTIVE) whose last day is within this many days from today. */
  expiringWithin: z.coerce.number().int().min(0).max(366).optional(),
});
export type ListMembersQuery = z.infer<typeof listMembersQuerySchema>;

export const memberSchema = z.object({
  id: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  numberId: z.string().nullable(),
  number: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  plates: z.array(z.string()),
  vehicleType: vehicleTypeSchema.nullable(),
  planMonths: z.number().int().nullable(),
  validFrom: z.string(),
  validUntil: z.string(),
  status: memberStatusSchema,
  /** Days from the shop's today to the last valid day (negative: ended). */
  daysLeft: z.number().int(),
  feePaid: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberPaymentSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  kind: z.enum(['SELL', 'RENEW']),
  number: z.string().nullable(),
  vehicleType: vehicleTypeSchema,
  months: z.number().int(),
  amount: z.number().int(),
  method: passMethodSchema,
  periodFrom: z.string(),
  periodUntil: z.string(),
  takenById: z.string().nullable(),
  takenByName: z.string().nullable(),
  takenAt: z.string(),
});
export type MemberPayment = z.infer<typeof memberPaymentSchema>;

/** What a pass receipt prints (58/80 mm, like a ticket). */
export const passReceiptSchema = z.object({
  shopName: z.string(),
  shopPhone: z.string().nullable(),
  member: memberSchema,
  payment: memberPaymentSchema,
});
export type PassReceipt = z.infer<typeof passReceiptSchema>;

/** `GET /v1/membership/member/{memberId}`: the member, their payments, their last visits. */
export const memberDetailSchema = z.object({
  member: memberSchema,
  payments: z.array(memberPaymentSchema),
  visits: z.array(
    z.object({
      billId: z.string(),
      number: z.number().int(),
      plate: z.string().nullable(),
      checkInAt: z.string(),
      checkOutAt: z.string().nullable(),
    }),
  ),
  /** Card numbers this member held before (lost cards). */
  previousNumbers: z.array(z.string()),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

// ---- plans and settings -------------------------------------------------------------------

/** `GET /v1/membership/plans?shopId=`: the pass prices of the shop's price rules. */
export const passPlanSchema = z.object({
  vehicleType: vehicleTypeSchema,
  months: z.number().int(),
  price: z.number().int(),
});
export type PassPlan = z.infer<typeof passPlanSchema>;

export const membershipSettingsSchema = z.object({
  shopId: z.string(),
  /** Shop staff may sell and renew passes (managers always may). */
  staffSellPasses: z.boolean(),
  /** The reminder goes this many days before the last day (and again on it); 0: only on it. */
  reminderDays: z.number().int(),
});
export type MembershipSettings = z.infer<typeof membershipSettingsSchema>;

/** `POST /v1/membership/settings` (managers and above). */
export const updateMembershipSettingsBodySchema = z.strictObject({
  shopId: optionalText(idSchema),
  staffSellPasses: z.boolean({ error: 'validation.invalid' }).optional(),
  reminderDays: z.coerce
    .number({ error: 'validation.reminderDays' })
    .int({ error: 'validation.reminderDays' })
    .min(0, { error: 'validation.reminderDays' })
    .max(60, { error: 'validation.reminderDays' })
    .optional(),
});
export type UpdateMembershipSettingsBody = z.infer<typeof updateMembershipSettingsBodySchema>;

// ---- the report ---------------------------------------------------------------------------

/** `POST /v1/membership/report`: one shop or every shop in scope, over a period of business days. */
export const membersReportBodySchema = z
  .strictObject({
    shopId: optionalText(idSchema),
    from: dateSchema,
    to: dateSchema,
  })
  .superRefine((v, ctx) => {
    if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' });
    else if (daysBetween(v.from, v.to) > 1100)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.reportSpan' });
  });
export type MembersReportBody = z.infer<typeof membersReportBodySchema>;

export const membersReportRowSchema = z.object({
  memberId: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  number: z.string(),
  fullName: z.string(),
  plates: z.array(z.string()),
  status: memberStatusSchema,
  validUntil: z.string(),
  /** Check-ins of the period that carried the member (cancelled ones not counted). */
  visits: z.number().int(),
  lastVisitAt: z.string().nullable(),
  passesSold: z.number().int(),
  passAmount: z.number().int(),
  /** Valid in the period, not suspended, and no visit: counted in totals.neverCame. */
  neverCame: z.boolean(),
});
export type MembersReportRow = z.infer<typeof membersReportRowSchema>;

/** The report lists at most this many members (most visits first); its totals count every one. */
export const MEMBERS_REPORT_MAX_ROWS = 5000;

export const membersReportSchema = z.object({
  totals: z.object({
    /** Members whose pass is valid today. */
    active: z.number().int(),
    /** Of those, passes ending within the shop's reminder days. */
    expiring: z.number().int(),
    passesSold: z.number().int(),
    passAmount: z.number().int(),
    passCash: z.number().int(),
    passQr: z.number().int(),
    visits: z.number().int(),
    /** Members valid at some time in the period who never came in it. */
    neverCame: z.number().int(),
  }),
  /** Every member valid at some time in the period or paying in it, most visits first. */
  rows: z.array(membersReportRowSchema),
  /** How many members the report covers; `rows` lists the first MEMBERS_REPORT_MAX_ROWS. */
  totalRows: z.number().int(),
});
export type MembersReport = z.infer<typeof membersReportSchema>;
