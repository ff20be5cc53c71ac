import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import { idSchema, optionalText, phoneSchema, searchSchema, whatsappSchema } from './fields.ts';
import { monthSchema, shopPackageMonthSchema } from './packages.ts';
import { kipSchema, priceRuleSchema } from './prices.ts';

export const SHOP_STATUSES = ['ACTIVE', 'SUSPENDED', 'CLOSED'] as const;
export const shopStatusSchema = z.enum(SHOP_STATUSES, { error: 'validation.invalid' });
export type ShopStatus = z.infer<typeof shopStatusSchema>;

/** `GET /v1/shops?q=`: the autocomplete, scoped to the caller, at most 20 rows. */
export const shopAutocompleteQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
});
export const shopOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
});
export type ShopOption = z.infer<typeof shopOptionSchema>;

/** 'HH:mm', 24-hour. */
export const hhmmSchema = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.timeFormat' });

/** An IANA time zone this runtime knows (Asia/Vientiane by default). */
export const timezoneSchema = z
  .string()
  .trim()
  .min(1, { error: 'validation.timezone' })
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'validation.timezone' },
  );

const asciiText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' })
    .regex(/^[\x20-\x7e]+$/, { error: 'validation.asciiOnly' });

/** Where Lao QR payments to the shop go (DESIGN.md §5): the LAPNet member and the account. */
export const qrReceiverSchema = z.object({
  iin: z
    .string()
    .trim()
    .regex(/^\d{8}$/, { error: 'validation.qrIin' }),
  receiverId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,32}$/, { error: 'validation.qrReceiverId' }),
  merchantName: asciiText(25),
  merchantCity: asciiText(15),
  mcc: z
    .string()
    .trim()
    .regex(/^\d{4}$/, { error: 'validation.qrMcc' }),
});
export type QrReceiver = z.infer<typeof qrReceiverSchema>;

export const shopCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{2,12}$/, { error: 'validation.shopCodeFormat' });

export const shopNameSchema = z
  .string({ error: 'validation.shopNameRequired' })
  .trim()
  .min(1, { error: 'validation.shopNameRequired' })
  .max(100, { error: 'validation.tooLong' });

export const shopSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  parentId: z.string().nullable(),
  parentName: z.string().nullable(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  packageId: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  logoPath: z.string().nullable(),
  conditions: z.string().nullable(),
  priceMotorbike: z.number().int(),
  priceCar: z.number().int(),
  openShop: z.string().nullable(),
  closeShop: z.string().nullable(),
  timezone: z.string(),
  status: shopStatusSchema,
  qrReceiver: qrReceiverSchema.nullable(),
  branchCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;

/** `POST /v1/shops`: the paged list (scoped). `q` matches the name or the code. */
export const listShopsBodySchema = pagingSchema.extend({
  q: searchSchema,
  status: shopStatusSchema.optional(),
  agentId: idSchema.optional(),
  packageId: idSchema.optional(),
  /** Only the branches of this shop. */
  parentId: idSchema.optional(),
});
export type ListShopsBody = z.infer<typeof listShopsBodySchema>;

/** Opening and closing times go together: both set, or both empty (open around the clock). */
function hoursTogether(v: { openShop?: string | null; closeShop?: string | null }, ctx: z.RefinementCtx) {
  if (v.openShop === undefined && v.closeShop === undefined) return;
  if (!v.openShop !== !v.closeShop) {
    const path = v.openShop ? 'closeShop' : 'openShop';
    ctx.addIssue({ code: 'custom', path: [path], message: 'validation.hoursTogether' });
  }
}

const shopFields = {
  name: shopNameSchema,
  code: optionalText(shopCodeSchema),
  address: optionalText(z.string().trim().max(300, { error: 'validation.tooLong' })),
  phone: optionalText(phoneSchema),
  whatsapp: optionalText(whatsappSchema),
  conditions: optionalText(z.string().trim().max(1000, { error: 'validation.tooLong' })),
  priceMotorbike: kipSchema,
  priceCar: kipSchema,
  openShop: optionalText(hhmmSchema),
  closeShop: optionalText(hhmmSchema),
  timezone: timezoneSchema.optional(),
  status: shopStatusSchema.optional(),
  qrReceiver: qrReceiverSchema.nullable().optional(),
};

export const createShopBodySchema = z
  .object({
    ...shopFields,
    /** Admins choose the agent; an agent's new shop is theirs. */
    agentId: optionalText(idSchema),
    packageId: optionalText(idSchema),
    /** The month ('YYYY-MM') the package starts: the current one by default, never an earlier one. */
    packageFrom: optionalText(monthSchema),
  })
  .superRefine(hoursTogether);
export type CreateShopBody = z.infer<typeof createShopBodySchema>;

/** A branch of a main shop: it inherits the shop's agent and package. */
export const createBranchBodySchema = z
  .object({ ...shopFields, parentId: idSchema })
  .superRefine(hoursTogether);
export type CreateBranchBody = z.infer<typeof createBranchBodySchema>;

/** Only the fields sent change. */
export const updateShopBodySchema = z
  .object({
    id: idSchema,
    ...shopFields,
    name: shopNameSchema.optional(),
    priceMotorbike: kipSchema.optional(),
    priceCar: kipSchema.optional(),
    agentId: optionalText(idSchema),
    packageId: optionalText(idSchema),
    /** A new package (or the same one) from this month on; later choices give way to it. */
    packageFrom: optionalText(monthSchema),
  })
  .superRefine(hoursTogether);
export type UpdateShopBody = z.infer<typeof updateShopBodySchema>;

export const shopIdBodySchema = z.object({ id: idSchema });

export const shopStaffSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  role: z.string(),
  status: z.string(),
  phone: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});

/** Today's figures of a shop (its business day, by check-in). */
export const shopTodaySchema = z.object({
  businessDate: z.string(),
  billsIn: z.number().int(),
  billsOut: z.number().int(),
  parkedNow: z.number().int(),
  cancelled: z.number().int(),
  revenue: z.number().int(),
});
export type ShopToday = z.infer<typeof shopTodaySchema>;

/** `POST /v1/shop/detail`: a shop with its branches, staff, price rules, today's figures and package months. */
export const shopDetailSchema = z.object({
  shop: shopSchema,
  branches: z.array(shopOptionSchema),
  staff: z.array(shopStaffSchema),
  prices: z.array(priceRuleSchema),
  today: shopTodaySchema,
  /** The main shop's package by month, newest first (a branch shows its main shop's). */
  packageHistory: z.array(shopPackageMonthSchema),
});
export type ShopDetail = z.infer<typeof shopDetailSchema>;

/** Agents for the shop form's agent picker (`GET /v1/dividuals-agent`, spec §7). */
export const agentOptionSchema = z.object({ id: z.string(), fullName: z.string(), username: z.string() });
export type AgentOption = z.infer<typeof agentOptionSchema>;

export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
