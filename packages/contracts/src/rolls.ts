import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import { dateSchema, idSchema, optionalText } from './fields.ts';
import { kipSchema } from './prices.ts';

/**
 * Paper rolls (issue 13, decision 018): deliveries to a shop (maybe out of an agent's stock) or
 * to a person's stock, each agent's stock, the shops' remaining paper and the ticket check.
 */

export const ROLL_KINDS = ['SHOP', 'PERSON'] as const;
export const rollKindSchema = z.enum(ROLL_KINDS, { error: 'validation.invalid' });
export type RollKind = z.infer<typeof rollKindSchema>;

/** A roll's serial number: a whole number ≥ 0 (bigint in the database, safe in JS). */
export const MAX_ROLL_SERIAL = 999_999_999_999;
export const rollSerialSchema = z.coerce
  .number({ error: 'validation.rollSerialFormat' })
  .int({ error: 'validation.rollSerialFormat' })
  .min(0, { error: 'validation.rollSerialFormat' })
  .max(MAX_ROLL_SERIAL, { error: 'validation.rollSerialFormat' });

const countSchema = (max: number) =>
  z.coerce
    .number({ error: 'validation.rollCountFormat' })
    .int({ error: 'validation.rollCountFormat' })
    .min(1, { error: 'validation.rollCountFormat' })
    .max(max, { error: 'validation.tooBig' });

/** Rolls in one delivery, and tickets on one roll. */
export const rollQuantitySchema = countSchema(100_000);
export const ticketsPerRollSchema = countSchema(10_000);

const nullableSerial = z.preprocess((v) => (v === '' ? null : v), rollSerialSchema.nullable().optional());

const deliveryFields = {
  deliveredOn: dateSchema,
  quantity: rollQuantitySchema,
  ticketsPerRoll: ticketsPerRollSchema,
  serialFirst: nullableSerial,
  serialLast: nullableSerial,
  /** Per roll; left out: the active PAPER_ROLL fee. */
  unitPrice: kipSchema.optional(),
  /** Who carried the rolls; left out: the caller. */
  deliveredBy: idSchema.nullable().optional(),
  note: optionalText(z.string().trim().max(500, { error: 'validation.tooLong' })),
};

interface SerialFields {
  quantity: number;
  serialFirst?: number | null | undefined;
  serialLast?: number | null | undefined;
}

/** Both serials or neither; the range runs forward and holds exactly `quantity` rolls. */
export function checkSerials(v: SerialFields, ctx: z.RefinementCtx) {
  const first = v.serialFirst ?? null;
  const last = v.serialLast ?? null;
  if (first === null && last === null) return;
  if (first === null || last === null) {
    const path = first === null ? 'serialFirst' : 'serialLast';
    ctx.addIssue({ code: 'custom', path: [path], message: 'validation.serialsTogether' });
    return;
  }
  if (last < first) {
    ctx.addIssue({ code: 'custom', path: ['serialLast'], message: 'validation.serialOrder' });
    return;
  }
  if (last - first + 1 !== v.quantity) {
    ctx.addIssue({ code: 'custom', path: ['serialLast'], message: 'validation.serialCount' });
  }
}

const shopDeliveryFields = z.strictObject({
  shopId: idSchema,
  ...deliveryFields,
  /** The agent whose stock the rolls come out of; null: from the platform. Agents: themselves. */
  fromPersonId: idSchema.nullable().optional(),
});
export const createShopDeliveryBodySchema = shopDeliveryFields.superRefine(checkSerials);
export type CreateShopDeliveryBody = z.infer<typeof createShopDeliveryBodySchema>;

export const updateShopDeliveryBodySchema = shopDeliveryFields
  .safeExtend({ id: idSchema })
  .superRefine(checkSerials);
export type UpdateShopDeliveryBody = z.infer<typeof updateShopDeliveryBodySchema>;

const personDeliveryFields = z.strictObject({ personId: idSchema, ...deliveryFields });
export const createPersonDeliveryBodySchema = personDeliveryFields.superRefine(checkSerials);
export type CreatePersonDeliveryBody = z.infer<typeof createPersonDeliveryBodySchema>;

export const updatePersonDeliveryBodySchema = personDeliveryFields
  .safeExtend({ id: idSchema })
  .superRefine(checkSerials);
export type UpdatePersonDeliveryBody = z.infer<typeof updatePersonDeliveryBodySchema>;

export const rollDeliverySchema = z.object({
  id: z.string(),
  kind: rollKindSchema,
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  shopCode: z.string().nullable(),
  personId: z.string().nullable(),
  personName: z.string().nullable(),
  fromPersonId: z.string().nullable(),
  fromPersonName: z.string().nullable(),
  deliveredOn: z.string(),
  quantity: z.number().int(),
  ticketsPerRoll: z.number().int(),
  /** quantity × ticketsPerRoll */
  tickets: z.number().int(),
  serialFirst: z.number().int().nullable(),
  serialLast: z.number().int().nullable(),
  unitPrice: z.number().int(),
  /** quantity × unitPrice */
  amount: z.number().int(),
  deliveredBy: z.string().nullable(),
  deliveredByName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RollDelivery = z.infer<typeof rollDeliverySchema>;

const dateRange = <T extends { from?: string | undefined; to?: string | undefined }>(
  b: T,
  ctx: z.RefinementCtx,
) => {
  if (b.from && b.to && b.from > b.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.dateRange' });
};

export const listRollsBodySchema = pagingSchema
  .extend({
    kind: rollKindSchema.optional(),
    shopId: idSchema.optional(),
    /** The person who received (PERSON) or whose stock it came out of (SHOP). */
    personId: idSchema.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  })
  .strict()
  .superRefine(dateRange);
export type ListRollsBody = z.infer<typeof listRollsBodySchema>;

export const rollStockBodySchema = z.strictObject({ personId: idSchema.optional() });
export type RollStockBody = z.infer<typeof rollStockBodySchema>;

/** One agent's stock, in rolls. */
export const rollStockSchema = z.object({
  personId: z.string(),
  personName: z.string(),
  username: z.string(),
  received: z.number().int(),
  moved: z.number().int(),
  inHand: z.number().int(),
});
export type RollStock = z.infer<typeof rollStockSchema>;

export const lowPaperBodySchema = pagingSchema
  .extend({ shopId: idSchema.optional(), onlyLow: z.boolean().optional() })
  .strict();
export type LowPaperBody = z.infer<typeof lowPaperBodySchema>;

/** The days of prints the pace is taken over. */
export const PACE_DAYS = 14;

export const lowPaperRowSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  shopCode: z.string().nullable(),
  firstDeliveryOn: z.string(),
  deliveredTickets: z.number().int(),
  printed: z.number().int(),
  /** delivered − printed (below 0: printing on paper not from us). */
  remaining: z.number().int(),
  /** Tickets printed in the PACE_DAYS whole days before today (the shop's calendar). */
  recentPrints: z.number().int(),
  /** recentPrints / PACE_DAYS, one decimal. */
  pacePerDay: z.number(),
  /** Whole days the remaining paper lasts at that pace; null when nothing was printed lately. */
  daysLeft: z.number().int().nullable(),
  low: z.boolean(),
});
export type LowPaperRow = z.infer<typeof lowPaperRowSchema>;

export const lowPaperMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  lowPaperDays: z.number().int(),
  lowCount: z.number().int(),
});

export const monthSchema = z
  .string({ error: 'validation.rollMonth' })
  .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: 'validation.rollMonth' });

export const ticketCheckBodySchema = pagingSchema
  .extend({ month: monthSchema, shopId: idSchema.optional(), onlyFlagged: z.boolean().optional() })
  .strict();
export type TicketCheckBody = z.infer<typeof ticketCheckBodySchema>;

export const ticketCheckRowSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  shopCode: z.string().nullable(),
  firstDeliveryOn: z.string(),
  deliveredMonth: z.number().int(),
  printedMonth: z.number().int(),
  deliveredTotal: z.number().int(),
  printedTotal: z.number().int(),
  /** deliveredTotal − printedTotal */
  balance: z.number().int(),
  flagged: z.boolean(),
});
export type TicketCheckRow = z.infer<typeof ticketCheckRowSchema>;

/** Printed serials outside every range delivered to the shop: one row per run of serials. */
export const serialRangeSchema = z.object({
  first: z.number().int(),
  last: z.number().int(),
  tickets: z.number().int(),
});
export type SerialRange = z.infer<typeof serialRangeSchema>;

export const ticketCheckSchema = z.object({
  rows: z.array(ticketCheckRowSchema),
  /** Only when one shop is asked for; the month's prints. */
  outsideSerials: z.array(serialRangeSchema).nullable(),
  flaggedCount: z.number().int(),
});
export type TicketCheck = z.infer<typeof ticketCheckSchema>;

export const rollSettingsSchema = z.strictObject({
  lowPaperDays: z.coerce
    .number({ error: 'validation.lowPaperDays' })
    .int({ error: 'validation.lowPaperDays' })
    .min(0, { error: 'validation.lowPaperDays' })
    .max(365, { error: 'validation.lowPaperDays' }),
});
export type RollSettings = z.infer<typeof rollSettingsSchema>;
export const DEFAULT_LOW_PAPER_DAYS = 7;

/** The roll in a gate device's printer (bill/print's rollSerial). */
export const printRollSerialSchema = z
  .number({ error: 'validation.rollSerialFormat' })
  .int({ error: 'validation.rollSerialFormat' })
  .min(0, { error: 'validation.rollSerialFormat' })
  .max(MAX_ROLL_SERIAL, { error: 'validation.rollSerialFormat' });
