import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import { dateSchema, idSchema, searchSchema } from './fields.ts';
import { MAX_KIP } from './prices.ts';

/**
 * Promotions on a shop's rent (issue 13, decision 018). Whether one applies to a shop's month and
 * what it takes off the rent are the pure functions at the end of this file: the server's
 * `for-shop` answer, the rent invoices and the screen's preview all compute with them.
 */

export const DISCOUNT_TYPES = ['PERCENT', 'AMOUNT', 'FREE_MONTHS'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const discountTypeSchema = z.enum(DISCOUNT_TYPES, { error: 'validation.invalid' });

/** ALL shops, one agent's shops, chosen shops, or shops created on or after `validFrom`. */
export const PROMOTION_AUDIENCES = ['ALL', 'AGENT', 'SHOPS', 'NEW_SHOPS'] as const;
export type PromotionAudience = (typeof PROMOTION_AUDIENCES)[number];
export const promotionAudienceSchema = z.enum(PROMOTION_AUDIENCES, { error: 'validation.invalid' });

/** Where a promotion stands today: switched off, not started, running, or over (ended or used up). */
export const PROMOTION_STATES = ['ACTIVE', 'UPCOMING', 'EXPIRED', 'INACTIVE'] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];
export const promotionStateSchema = z.enum(PROMOTION_STATES, { error: 'validation.invalid' });

/** A promotion's picture: PNG, JPEG or WebP by its bytes, at most 2 MB. */
export const PROMOTION_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Free months beyond two years would be a gift, not a promotion. */
export const MAX_FREE_MONTHS = 24;
export const MAX_PROMOTION_SHOPS = 500;

const titleSchema = z
  .string({ error: 'validation.promotionTitleRequired' })
  .trim()
  .min(1, { error: 'validation.promotionTitleRequired' })
  .max(120, { error: 'validation.tooLong' });
const bodyTextSchema = z.string().trim().max(2000, { error: 'validation.tooLong' });
const wholeNumber = z.coerce
  .number({ error: 'validation.promotionValueFormat' })
  .int({ error: 'validation.promotionValueFormat' });
const discountValueSchema = wholeNumber
  .min(1, { error: 'validation.promotionValueFormat' })
  .max(MAX_KIP, { error: 'validation.tooBig' });
const maxUsesSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.coerce
    .number({ error: 'validation.promotionMaxUses' })
    .int({ error: 'validation.promotionMaxUses' })
    .min(1, { error: 'validation.promotionMaxUses' })
    .max(1_000_000, { error: 'validation.tooBig' })
    .nullable(),
);
const idListSchema = (max: number) => z.array(idSchema).max(max, { error: 'validation.tooBig' });

/** The fields a promotion is made of, as a form or a call sends them. */
const promotionFields = {
  title: titleSchema,
  body: bodyTextSchema.default(''),
  discountType: discountTypeSchema,
  discountValue: discountValueSchema,
  validFrom: dateSchema,
  validUntil: dateSchema,
  packageIds: idListSchema(100).default([]),
  audience: promotionAudienceSchema,
  agentId: idSchema.nullable().optional(),
  shopIds: idListSchema(MAX_PROMOTION_SHOPS).default([]),
  maxUses: maxUsesSchema.optional(),
  active: z.boolean({ error: 'validation.invalid' }).default(true),
};

export interface PromotionRules {
  discountType: DiscountType;
  discountValue: number;
  validFrom: string;
  validUntil: string;
  audience: PromotionAudience;
  shopIds: readonly string[];
}

/**
 * The rules between fields, as field → message key (empty: none broken). Shared by the create
 * schema, the server's check of an update merged with the stored promotion, and the web form.
 */
export function promotionRuleErrors(
  p: PromotionRules,
): Record<
  string,
  | 'validation.promotionPercentMax'
  | 'validation.promotionFreeMonthsMax'
  | 'validation.promotionDates'
  | 'validation.shopsRequired'
> {
  const errors: ReturnType<typeof promotionRuleErrors> = {};
  if (p.discountType === 'PERCENT' && p.discountValue > 100)
    errors.discountValue = 'validation.promotionPercentMax';
  if (p.discountType === 'FREE_MONTHS' && p.discountValue > MAX_FREE_MONTHS)
    errors.discountValue = 'validation.promotionFreeMonthsMax';
  if (p.validUntil < p.validFrom) errors.validUntil = 'validation.promotionDates';
  if (p.audience === 'SHOPS' && p.shopIds.length === 0) errors.shopIds = 'validation.shopsRequired';
  return errors;
}

function checkRules(p: PromotionRules, ctx: z.RefinementCtx) {
  for (const [path, message] of Object.entries(promotionRuleErrors(p))) {
    ctx.addIssue({ code: 'custom', path: [path], message });
  }
}

/** `POST /v1/promotion/create`. Unknown fields are refused. */
export const createPromotionBodySchema = z.strictObject(promotionFields).superRefine(checkRules);
export type CreatePromotionBody = z.infer<typeof createPromotionBodySchema>;
export type CreatePromotionInput = z.input<typeof createPromotionBodySchema>;

/**
 * `POST /v1/promotion/update`: the fields sent change (`{ id, active: false }` switches it off);
 * `imagePath: null` takes the picture off (a new one comes through `promotion/image`). The server
 * checks the rules between fields on the promotion as it would be after the change.
 */
export const updatePromotionBodySchema = z.strictObject({
  id: idSchema,
  title: titleSchema.optional(),
  body: bodyTextSchema.optional(),
  discountType: discountTypeSchema.optional(),
  discountValue: discountValueSchema.optional(),
  validFrom: dateSchema.optional(),
  validUntil: dateSchema.optional(),
  packageIds: idListSchema(100).optional(),
  audience: promotionAudienceSchema.optional(),
  agentId: idSchema.nullable().optional(),
  shopIds: idListSchema(MAX_PROMOTION_SHOPS).optional(),
  maxUses: maxUsesSchema.optional(),
  active: z.boolean({ error: 'validation.invalid' }).optional(),
  imagePath: z.null().optional(),
});
export type UpdatePromotionBody = z.infer<typeof updatePromotionBodySchema>;

/** `POST /v1/promotions?page=N`: filters in the body. */
export const listPromotionsBodySchema = pagingSchema.extend({
  q: searchSchema,
  state: promotionStateSchema.optional(),
  audience: promotionAudienceSchema.optional(),
  /** Promotions for this package (those for every package included). */
  packageId: idSchema.optional(),
  /** Promotions addressed to this shop (whatever their dates). */
  shopId: idSchema.optional(),
});
export type ListPromotionsBody = z.infer<typeof listPromotionsBodySchema>;

export const monthSchema = z
  .string({ error: 'validation.promotionMonth' })
  .regex(/^(20\d\d)-(0[1-9]|1[0-2])$/, { error: 'validation.promotionMonth' });

/** `POST /v1/promotions/for-shop`: the promotions on a shop's rent of one month. */
export const promotionsForShopBodySchema = z.object({ shopId: idSchema, month: monthSchema });
export type PromotionsForShopBody = z.infer<typeof promotionsForShopBodySchema>;

const shopRefSchema = z.object({ id: z.string(), name: z.string() });

export const promotionSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  imagePath: z.string().nullable(),
  discountType: discountTypeSchema,
  discountValue: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string(),
  packageIds: z.array(z.string()),
  audience: promotionAudienceSchema,
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  /** For an agent, only their own shops among those chosen. */
  shopIds: z.array(z.string()),
  shops: z.array(shopRefSchema),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  active: z.boolean(),
  ownerAgentId: z.string().nullable(),
  ownerName: z.string().nullable(),
  state: promotionStateSchema,
  /** Whether the caller may change it (an agent reads the platform's promotions for their shops). */
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** A promotion that applies to a shop's month, with what it takes off that month's package price. */
export const shopPromotionSchema = promotionSchema.extend({
  /** 0 for the first month the shop has it (for free months: which month of the N). */
  monthIndex: z.number().int(),
  packageId: z.string().nullable(),
  monthlyPrice: z.number().int().nullable(),
  discount: z.number().int().nullable(),
});
export type ShopPromotion = z.infer<typeof shopPromotionSchema>;

/** The limits admins set on agents' promotions (`GET` / `POST /v1/promotion/cap`). */
export const agentCapSchema = z.strictObject({
  maxPercent: wholeNumber
    .min(0, { error: 'validation.promotionValueFormat' })
    .max(100, { error: 'validation.tooBig' }),
  maxAmount: wholeNumber
    .min(0, { error: 'validation.amountFormat' })
    .max(MAX_KIP, { error: 'validation.tooBig' }),
  maxFreeMonths: wholeNumber
    .min(0, { error: 'validation.promotionValueFormat' })
    .max(MAX_FREE_MONTHS, { error: 'validation.tooBig' }),
  maxActive: wholeNumber
    .min(0, { error: 'validation.promotionValueFormat' })
    .max(1000, { error: 'validation.tooBig' }),
});
export type AgentCap = z.infer<typeof agentCapSchema>;
export const DEFAULT_AGENT_CAP: AgentCap = {
  maxPercent: 20,
  maxAmount: 200_000,
  maxFreeMonths: 1,
  maxActive: 5,
};

/** The cap on one discount type, and the message that names it when a discount goes over. */
export function capOf(cap: AgentCap, type: DiscountType) {
  switch (type) {
    case 'PERCENT':
      return { max: cap.maxPercent, key: 'errors.promotionCapPercent' } as const;
    case 'AMOUNT':
      return { max: cap.maxAmount, key: 'errors.promotionCapAmount' } as const;
    case 'FREE_MONTHS':
      return { max: cap.maxFreeMonths, key: 'errors.promotionCapFreeMonths' } as const;
  }
}

// ---- Pure rules: what a promotion takes off, and whether it applies ----

export interface PromotionTerms {
  discountType: DiscountType;
  discountValue: number;
}

/**
 * What a promotion takes off a month's package price, in whole kip, never more than the price.
 * PERCENT: the share, rounded to the nearest kip; AMOUNT: the amount; FREE_MONTHS: the whole
 * price in the first `discountValue` months the shop has the promotion (`monthIndex` 0, 1, …), 0 after.
 */
export function promotionDiscount(
  promotion: PromotionTerms,
  monthlyPrice: number,
  monthIndex: number,
): number {
  const price = Math.max(0, Math.round(monthlyPrice));
  const { discountType: type, discountValue: value } = promotion;
  if (type === 'PERCENT') return Math.min(price, Math.round((price * Math.min(value, 100)) / 100));
  if (type === 'AMOUNT') return Math.min(price, value);
  return monthIndex >= 0 && monthIndex < value ? price : 0;
}

export interface PromotionAudienceTerms {
  active: boolean;
  validFrom: string;
  validUntil: string;
  packageIds: readonly string[];
  audience: PromotionAudience;
  agentId: string | null;
  shopIds: readonly string[];
  maxUses: number | null;
  uses: number;
  /** The agent who made it (null or absent: the company's); it reaches only the shops they serve now. */
  ownerAgentId?: string | null;
}

export interface PromotionShop {
  shopId: string;
  agentId: string | null;
  /** The day the shop was created ('YYYY-MM-DD' in the platform's zone; an ISO instant is cut to its date). */
  createdAt: string;
  /** The shop's package in that month (null: none). */
  packageId: string | null;
}

/** The first and last day of a month 'YYYY-MM'. */
export function monthDays(month: string): { first: string; last: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}

/**
 * Whether the shop is in the promotion's audience (dates aside, except a new shop's own date); an
 * agent's own promotion reaches only shops that agent serves now.
 */
export function inAudience(
  p: Pick<PromotionAudienceTerms, 'audience' | 'agentId' | 'shopIds' | 'validFrom' | 'ownerAgentId'>,
  shop: Omit<PromotionShop, 'packageId'>,
): boolean {
  // An agent's promotion stays with the shops they serve: a shop that moved to another agent leaves it.
  if (p.ownerAgentId && shop.agentId !== p.ownerAgentId) return false;
  switch (p.audience) {
    case 'ALL':
      return true;
    case 'AGENT':
      return p.agentId !== null && shop.agentId === p.agentId;
    case 'SHOPS':
      return p.shopIds.includes(shop.shopId);
    case 'NEW_SHOPS':
      return shop.createdAt.slice(0, 10) >= p.validFrom && (p.agentId === null || shop.agentId === p.agentId);
  }
}

/**
 * Whether a promotion applies to a shop's rent of `month` ('YYYY-MM'): switched on, its dates
 * touch the month, the shop's package is one of its packages (none listed: every package), the
 * shop is in its audience, and it is not used up.
 */
export function promotionApplies(
  promotion: PromotionAudienceTerms,
  shop: PromotionShop,
  month: string,
): boolean {
  const { first, last } = monthDays(month);
  if (!promotion.active) return false;
  if (promotion.validFrom > last || promotion.validUntil < first) return false;
  if (promotion.packageIds.length > 0 && (!shop.packageId || !promotion.packageIds.includes(shop.packageId)))
    return false;
  if (promotion.maxUses !== null && promotion.uses >= promotion.maxUses) return false;
  return inAudience(promotion, shop);
}

/** Months from `from` to `to` ('YYYY-MM'; negative when `to` is earlier). */
export function monthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm);
}

/**
 * Which month of its use of the promotion `month` is for the shop (0: the first): counted from the
 * promotion's first month, or from the shop's own first month when it came later.
 */
export function promotionMonthIndex(
  promotion: { validFrom: string },
  shopCreatedAt: string,
  month: string,
): number {
  const start = [promotion.validFrom.slice(0, 7), shopCreatedAt.slice(0, 7)].sort().at(-1) ?? month;
  return Math.max(0, monthsBetween(start, month));
}

/** A promotion's state on `today` ('YYYY-MM-DD'): used up counts as expired. */
export function promotionState(
  p: { active: boolean; validFrom: string; validUntil: string; maxUses: number | null; uses: number },
  today: string,
): PromotionState {
  if (!p.active) return 'INACTIVE';
  if (p.validUntil < today || (p.maxUses !== null && p.uses >= p.maxUses)) return 'EXPIRED';
  if (p.validFrom > today) return 'UPCOMING';
  return 'ACTIVE';
}
