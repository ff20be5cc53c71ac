import { z } from 'zod';
import { idSchema } from './fields.ts';
import { VEHICLE_TYPES } from './vehicles.ts';

export const vehicleTypeSchema = z.enum(VEHICLE_TYPES, { error: 'validation.vehicleTypeRequired' });

export const FEE_MODES = ['FLAT', 'TIMED'] as const;
export const feeModeSchema = z.enum(FEE_MODES, { error: 'validation.invalid' });
export type FeeMode = z.infer<typeof feeModeSchema>;

/** Whole kip, never negative; ten million is far above any parking fee. */
export const MAX_KIP = 10_000_000;
export const kipSchema = z.coerce
  .number({ error: 'validation.amountFormat' })
  .int({ error: 'validation.amountFormat' })
  .min(0, { error: 'validation.amountFormat' })
  .max(MAX_KIP, { error: 'validation.tooBig' });

const minutesSchema = (min: number) =>
  z.coerce
    .number({ error: 'validation.minutesFormat' })
    .int({ error: 'validation.minutesFormat' })
    .min(min, { error: 'validation.tooSmall' })
    .max(1440, { error: 'validation.tooBig' });

const nullableKip = z.preprocess((v) => (v === '' || v === undefined ? null : v), kipSchema.nullable());

/**
 * The tariff of one vehicle type at one shop (DESIGN.md §4). FLAT: `flatFee` per entry. TIMED:
 * free for `graceMinutes`, then `firstPeriodFee` for the first `firstPeriodMinutes`, then
 * `nextPeriodFee` for each started `nextPeriodMinutes`; each 24 hours from check-in cost at most
 * `dailyCap`. Both modes: `overnightFee` for each closing time the vehicle stays past, and
 * `lostTicketFee` on top when the ticket is lost. The fee itself: `calculateFee` in fee.ts.
 */
export const feeRuleFieldsSchema = z.object({
  mode: feeModeSchema,
  flatFee: kipSchema,
  graceMinutes: minutesSchema(0),
  firstPeriodMinutes: minutesSchema(1),
  firstPeriodFee: kipSchema,
  nextPeriodMinutes: minutesSchema(1),
  nextPeriodFee: kipSchema,
  dailyCap: nullableKip,
  overnightFee: nullableKip,
  lostTicketFee: kipSchema,
});
export type FeeRule = z.infer<typeof feeRuleFieldsSchema>;

/**
 * A pass price of a price rule (issue 14): whole kip, or none ('' or null: that length is not
 * sold). Left out of an update: unchanged (the tariff editor does not send them).
 */
const passPrice = z.preprocess((v) => (v === '' ? null : v), kipSchema.nullable()).optional();

/** The monthly pass prices of a vehicle type, kept with its price rule (contracts/members PASS_PRICE_FIELDS). */
export const passPriceFieldsSchema = z.object({
  pass1m: passPrice,
  pass3m: passPrice,
  pass6m: passPrice,
  pass12m: passPrice,
});
export type PassPriceFields = z.infer<typeof passPriceFieldsSchema>;

/** The pass prices as the API answers them (null: that length is not sold). */
export const passPricesSchema = z.object({
  pass1m: z.number().int().nullable(),
  pass3m: z.number().int().nullable(),
  pass6m: z.number().int().nullable(),
  pass12m: z.number().int().nullable(),
});

/** A rule as the API answers it (plain output: response schemas must not transform). */
export const feeRuleSchema = z.object({
  mode: feeModeSchema,
  flatFee: z.number().int(),
  graceMinutes: z.number().int(),
  firstPeriodMinutes: z.number().int(),
  firstPeriodFee: z.number().int(),
  nextPeriodMinutes: z.number().int(),
  nextPeriodFee: z.number().int(),
  dailyCap: z.number().int().nullable(),
  overnightFee: z.number().int().nullable(),
  lostTicketFee: z.number().int(),
});

/** A cap below the first period's price would make the first period cost less than its price. */
function capCoversFirstPeriod(rule: Partial<FeeRule>, ctx: z.RefinementCtx) {
  if (rule.mode === 'TIMED' && rule.dailyCap != null && rule.firstPeriodFee != null) {
    if (rule.dailyCap < rule.firstPeriodFee) {
      ctx.addIssue({ code: 'custom', path: ['dailyCap'], message: 'validation.capBelowFirstPeriod' });
    }
  }
}

export const priceRuleSchema = feeRuleSchema.extend({
  ...passPricesSchema.shape,
  id: z.string(),
  shopId: z.string(),
  vehicleType: vehicleTypeSchema,
  updatedAt: z.string(),
});
export type PriceRule = z.infer<typeof priceRuleSchema>;

/** `POST /v1/prices`: the rules of one shop, one per vehicle type. */
export const listPricesBodySchema = z.object({ shopId: idSchema });
export type ListPricesBody = z.infer<typeof listPricesBodySchema>;

export const createPriceBodySchema = feeRuleFieldsSchema
  .extend({ ...passPriceFieldsSchema.shape, shopId: idSchema, vehicleType: vehicleTypeSchema })
  .superRefine(capCoversFirstPeriod);
export type CreatePriceBody = z.infer<typeof createPriceBodySchema>;

export const updatePriceBodySchema = feeRuleFieldsSchema
  .extend({ ...passPriceFieldsSchema.shape, id: idSchema })
  .superRefine(capCoversFirstPeriod);
export type UpdatePriceBody = z.infer<typeof updatePriceBodySchema>;

export const deletePriceBodySchema = z.object({ id: idSchema });
export type DeletePriceBody = z.infer<typeof deletePriceBodySchema>;

/** A new rule's starting values: a flat fee of `flatFee` and sensible timed settings to switch to. */
export function defaultFeeRule(flatFee = 0): FeeRule {
  return {
    mode: 'FLAT',
    flatFee,
    graceMinutes: 10,
    firstPeriodMinutes: 60,
    firstPeriodFee: flatFee,
    nextPeriodMinutes: 60,
    nextPeriodFee: flatFee,
    dailyCap: null,
    overnightFee: null,
    lostTicketFee: 0,
  };
}

/**
 * The amount a shop shows as "the price" of a vehicle type (priceMotorbike / priceCar): the flat
 * fee, or the first period's price of a timed rule.
 */
export function entryPrice(rule: Pick<FeeRule, 'mode' | 'flatFee' | 'firstPeriodFee'>): number {
  return rule.mode === 'FLAT' ? rule.flatFee : rule.firstPeriodFee;
}
