import {
  type CreatePromotionBody,
  createPromotionBodySchema,
  type DiscountType,
  type Promotion,
  type PromotionAudience,
} from '@parking-hub/contracts/promotions';
import { z } from 'zod';

/** What the promotion form holds: inputs as typed, checked by `promotionFormSchema` on save. */
export interface PromotionFormValues {
  title: string;
  body: string;
  discountType: DiscountType;
  discountValue: string;
  validFrom: string;
  validUntil: string;
  packageIds: string[];
  audience: PromotionAudience;
  agentId: string;
  shopIds: string[];
  maxUses: string;
  active: boolean;
}

/** Fields the server's messages may name, so a 400 lands under the input it is about. */
export const PROMOTION_FORM_FIELDS = [
  'title',
  'body',
  'discountType',
  'discountValue',
  'validFrom',
  'validUntil',
  'packageIds',
  'audience',
  'agentId',
  'shopIds',
  'maxUses',
  'active',
] as const;

/** The body a form's values stand for: empty texts are "none"; chosen shops only for SHOPS. */
export function promotionBody(v: PromotionFormValues) {
  return {
    title: v.title,
    body: v.body,
    discountType: v.discountType,
    discountValue: v.discountValue.trim() === '' ? undefined : v.discountValue.trim().replace(/,/g, ''),
    validFrom: v.validFrom,
    validUntil: v.validUntil,
    packageIds: v.packageIds,
    audience: v.audience,
    agentId: v.audience === 'AGENT' || v.audience === 'NEW_SHOPS' ? v.agentId || null : null,
    shopIds: v.audience === 'SHOPS' ? v.shopIds : [],
    maxUses: v.maxUses.trim() === '' ? null : v.maxUses.trim(),
    active: v.active,
  };
}

/** The contract's own rules, on the body the form stands for (one set of rules for both sides). */
export const promotionFormSchema = z.preprocess(
  (v) => promotionBody(v as PromotionFormValues),
  createPromotionBodySchema,
);
export type PromotionFormOutput = CreatePromotionBody;

/** A new promotion: from today to the end of next month, for the caller's natural audience. */
export function emptyPromotionValues(today: string, agent: boolean): PromotionFormValues {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const end = new Date(Date.UTC(y, m + 1, 0)).toISOString().slice(0, 10);
  return {
    title: '',
    body: '',
    discountType: 'PERCENT',
    discountValue: '',
    validFrom: today,
    validUntil: end,
    packageIds: [],
    audience: agent ? 'AGENT' : 'ALL',
    agentId: '',
    shopIds: [],
    maxUses: '',
    active: true,
  };
}

export function promotionValues(p: Promotion): PromotionFormValues {
  return {
    title: p.title,
    body: p.body,
    discountType: p.discountType,
    discountValue: String(p.discountValue),
    validFrom: p.validFrom,
    validUntil: p.validUntil,
    packageIds: p.packageIds,
    audience: p.audience,
    agentId: p.agentId ?? '',
    shopIds: p.shopIds,
    maxUses: p.maxUses === null ? '' : String(p.maxUses),
    active: p.active,
  };
}
