import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import { dateSchema, idSchema, searchSchema, strictNumber } from './fields.ts';
import { idempotencyKeySchema } from './idempotency.ts';
import { monthSchema } from './packages.ts';
import { INVOICE_STATUSES, invoiceTotals, LINE_KINDS } from './rent-lines.ts';

export * from './rent-lines.ts';

/**
 * Rent invoices (issue 15, decision 020): what each main shop (its branches included) owes the
 * platform for a month: the calls' schemas. The lines of an invoice, their totals, numbers and due
 * dates are the pure rules in rent-lines.ts (re-exported here).
 */

/** Invoice and wallet amounts: whole kip, up to ten billion (a year of a large chain's rent). */
export const MAX_RENT_KIP = 10_000_000_000;

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES, { error: 'validation.invalid' });

export const PAYMENT_METHODS = ['CASH', 'TRANSFER', 'QR', 'WALLET'] as const;
export type RentPaymentMethod = (typeof PAYMENT_METHODS)[number];
export const rentPaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: 'validation.rentMethod' });

export const invoiceLineKindSchema = z.enum(LINE_KINDS, { error: 'validation.invalid' });

/** The platform's finance settings (app_settings 'finance.settings'); admins change them. */
export interface FinanceSettings {
  /** Day of the month after the invoiced one when an invoice falls due (1–28). */
  dueDay: number;
  /** An agent's commission when none of their own is set, in basis points (1000 = 10 %). */
  defaultCommissionBp: number;
}
export const DEFAULT_FINANCE_SETTINGS: FinanceSettings = { dueDay: 10, defaultCommissionBp: 1000 };

/** Whole kip, above 0 (a payment, a top-up). */
export const positiveKipSchema = strictNumber(
  z
    .number({ error: 'validation.rentAmount' })
    .int({ error: 'validation.rentAmount' })
    .min(1, { error: 'validation.rentAmount' })
    .max(MAX_RENT_KIP, { error: 'validation.tooBig' }),
);

/** Whole kip, 0 or more (a line's unit price). */
export const rentKipSchema = strictNumber(
  z
    .number({ error: 'validation.amountFormat' })
    .int({ error: 'validation.amountFormat' })
    .min(0, { error: 'validation.amountFormat' })
    .max(MAX_RENT_KIP, { error: 'validation.tooBig' }),
);

const referenceSchema = z.string().trim().max(100, { error: 'validation.tooLong' });
const reasonSchema = z
  .string({ error: 'validation.reasonRequired' })
  .trim()
  .min(3, { error: 'validation.reasonRequired' })
  .max(500, { error: 'validation.tooLong' });

// ---- Calls ----

/** `POST /v1/manual-summary-rent`: make the month's invoices now (chosen main shops, or all). */
export const generateInvoicesBodySchema = z.strictObject({
  month: monthSchema,
  /** Main shops (a branch is taken for its main shop); left out: every shop. */
  shopIds: z.array(idSchema).max(1000, { error: 'validation.tooBig' }).optional(),
});
export type GenerateInvoicesBody = z.infer<typeof generateInvoicesBodySchema>;
export const generateInvoicesResultSchema = z.object({
  month: z.string(),
  /** Invoices made by this call. */
  created: z.number().int(),
  /** Shops that already had a live invoice for the month (nothing new made). */
  existing: z.number().int(),
  /** Shops with nothing to invoice (no package, tickets, rolls or charges). */
  skipped: z.number().int(),
  numbers: z.array(z.string()),
});
export type GenerateInvoicesResult = z.infer<typeof generateInvoicesResultSchema>;

/** `POST /v1/report-rent?page=N`: filters in the body. */
export const rentReportBodySchema = pagingSchema.extend({
  /** 'YYYY-MM'; left out: every month. */
  month: monthSchema.optional(),
  status: invoiceStatusSchema.optional(),
  /** Unpaid or partly paid past their due date. */
  overdue: z.boolean().optional(),
  agentId: idSchema.optional(),
  shopId: idSchema.optional(),
  /** Invoice number or shop name. */
  q: searchSchema,
});
export type RentReportBody = z.infer<typeof rentReportBodySchema>;

export const invoiceLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: invoiceLineKindSchema,
  descriptionLo: z.string(),
  descriptionEn: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  refId: z.string().nullable(),
});
export type InvoiceLineRow = z.infer<typeof invoiceLineSchema>;

export const rentPaymentSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  method: rentPaymentMethodSchema,
  reference: z.string().nullable(),
  note: z.string().nullable(),
  reversesId: z.string().nullable(),
  /** Set on a payment that a later row reversed. */
  reversedBy: z.string().nullable(),
  recordedBy: z.string().nullable(),
  recordedByName: z.string().nullable(),
  paidAt: z.string(),
});
export type RentPayment = z.infer<typeof rentPaymentSchema>;

/** An invoice as lists show it. */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  month: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  shopCode: z.string(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  packageName: z.string().nullable(),
  status: invoiceStatusSchema,
  tickets: z.number().int(),
  ticketsIncluded: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
  dueDate: z.string(),
  overdue: z.boolean(),
  sentAt: z.string().nullable(),
  sendCount: z.number().int(),
  /** The last message's outbox status (QUEUED, SENT, DELIVERED, READ, FAILED, NOT_CONFIGURED). */
  messageStatus: z.string().nullable(),
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** One invoice whole: lines, payments, the public link and the shop's wallet balance. */
export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  payments: z.array(rentPaymentSchema),
  adjustReason: z.string().nullable(),
  adjustedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  /** Path of the public invoice page ('/invoice/<token>'), for the caller to open or copy. */
  publicPath: z.string(),
  walletBalance: z.number().int(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const rentTotalsSchema = z.object({
  count: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
  overdue: z.number().int(),
  overdueCount: z.number().int(),
  byStatus: z.record(z.string(), z.object({ count: z.number().int(), total: z.number().int() })),
});
export type RentTotals = z.infer<typeof rentTotalsSchema>;
/** meta of the rent report: the usual paging and the totals over every invoice the filters match (VOID left out of money). */
export const rentReportMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: rentTotalsSchema,
});

export const invoiceIdBodySchema = z.strictObject({ invoiceId: idSchema });
export const invoiceIdParamsSchema = z.object({ invoiceId: idSchema });

/** `POST /v1/sent/manual-summary` and `/v1/resent-manual-summary-rent`: one invoice or several. */
export const sendInvoicesBodySchema = z
  .strictObject({
    invoiceId: idSchema.optional(),
    invoiceIds: z.array(idSchema).max(1000, { error: 'validation.tooBig' }).optional(),
    /** Every live, not fully paid invoice of the month not sent yet (send) or all of them (resend). */
    month: monthSchema.optional(),
  })
  .refine((b) => b.invoiceId || (b.invoiceIds && b.invoiceIds.length > 0) || b.month, {
    error: 'validation.invoiceChoice',
    path: ['invoiceId'],
  });
export type SendInvoicesBody = z.infer<typeof sendInvoicesBodySchema>;
export const sendInvoicesResultSchema = z.object({
  queued: z.number().int(),
  /** Invoices not sent: no WhatsApp number on the shop, void, or (send) already sent. */
  skipped: z.array(z.object({ invoiceId: z.string(), number: z.string(), reason: z.string() })),
});
export type SendInvoicesResult = z.infer<typeof sendInvoicesResultSchema>;

/** `POST /v1/invoice/paid`: a payment (or the rest when amount is left out). WALLET takes it from the shop's wallet. */
export const payInvoiceBodySchema = z.strictObject({
  invoiceId: idSchema,
  amount: positiveKipSchema.optional(),
  method: rentPaymentMethodSchema,
  reference: referenceSchema.optional(),
  note: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  /** When it was paid (default now); not in the future, nor before the invoiced month's first day. */
  paidAt: z.iso.datetime({ offset: true, error: 'validation.dateFormat' }).optional(),
  /** One per payment meant (the pay dialog makes one each time it opens): the same key again answers the first payment. */
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type PayInvoiceBody = z.infer<typeof payInvoiceBodySchema>;

/** `POST /v1/invoice/payment/reverse` (admins): a payment recorded by mistake is reversed by a row of its own. */
export const reversePaymentBodySchema = z.strictObject({ paymentId: idSchema, reason: reasonSchema });
export type ReversePaymentBody = z.infer<typeof reversePaymentBodySchema>;

/** An admin's line on `invoice/update`: kind PACKAGE … ADJUSTMENT as stored; amount = quantity × unitPrice (negative unitPrice: a discount). */
export const editLineSchema = z
  .strictObject({
    kind: invoiceLineKindSchema.default('ADJUSTMENT'),
    descriptionLo: z
      .string({ error: 'validation.lineDescription' })
      .trim()
      .min(1, { error: 'validation.lineDescription' })
      .max(200, { error: 'validation.tooLong' }),
    descriptionEn: z.string().trim().max(200, { error: 'validation.tooLong' }).optional(),
    quantity: strictNumber(
      z
        .number({ error: 'validation.lineQuantity' })
        .int({ error: 'validation.lineQuantity' })
        .min(0, { error: 'validation.lineQuantity' })
        .max(10_000_000, { error: 'validation.tooBig' }),
    ),
    unitPrice: strictNumber(
      z
        .number({ error: 'validation.amountFormat' })
        .int({ error: 'validation.amountFormat' })
        .min(-MAX_RENT_KIP, { error: 'validation.tooBig' })
        .max(MAX_RENT_KIP, { error: 'validation.tooBig' }),
    ),
    refId: idSchema.nullable().optional(),
  })
  // The line's amount (quantity × unit price) is whole kip within the cap, so it is exact in JS and bigint.
  .refine((l) => Math.abs(l.quantity * l.unitPrice) <= MAX_RENT_KIP, {
    error: 'validation.lineTooBig',
    path: ['unitPrice'],
  });
export type EditLine = z.infer<typeof editLineSchema>;

/** `POST /v1/invoice/update`: the invoice's lines as they should be, with the reason (UNPAID only). */
export const updateInvoiceBodySchema = z
  .strictObject({
    invoiceId: idSchema,
    lines: z
      .array(editLineSchema)
      .min(1, { error: 'validation.linesRequired' })
      .max(50, { error: 'validation.tooBig' }),
    reason: reasonSchema,
    dueDate: dateSchema.optional(),
  })
  // What the invoice asks for stays within what a payment may be (a line too big is reported on its own).
  .refine(
    (b) => {
      const amounts = b.lines.map((l) => ({ amount: l.quantity * l.unitPrice }));
      if (amounts.some((a) => Math.abs(a.amount) > MAX_RENT_KIP)) return true;
      return invoiceTotals(amounts).total <= MAX_RENT_KIP;
    },
    { error: 'validation.invoiceTotalTooBig', path: ['lines'] },
  );
export type UpdateInvoiceBody = z.infer<typeof updateInvoiceBodySchema>;

/** `DELETE /v1/invoice/{invoiceId}`: the reason may come in the body (default: none given). */
export const voidInvoiceBodySchema = z
  .strictObject({ reason: z.string().trim().max(500, { error: 'validation.tooLong' }).optional() })
  .nullish();

/** One-off charges: `POST /v1/rent/charge/create`, `POST /v1/rent/charges`, `DELETE /v1/rent/charge/{id}`. */
export const createChargeBodySchema = z.strictObject({
  shopId: idSchema,
  /** A fee of the fee list (its names and amount), or a description of one's own. */
  feeId: idSchema.optional(),
  descriptionLo: z.string().trim().max(200, { error: 'validation.tooLong' }).optional(),
  quantity: strictNumber(
    z
      .number({ error: 'validation.lineQuantity' })
      .int({ error: 'validation.lineQuantity' })
      .min(1, { error: 'validation.lineQuantity' })
      .max(1000, { error: 'validation.tooBig' }),
  ).default(1),
  unitPrice: rentKipSchema.optional(),
  /** The invoice month that picks it up ('YYYY-MM'; default: the current month). */
  month: monthSchema.optional(),
  note: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  /** One per charge meant (the dialog makes one per opening): the same key again answers the first. */
  idempotencyKey: idempotencyKeySchema.optional(),
});
export type CreateChargeBody = z.infer<typeof createChargeBodySchema>;
export const listChargesBodySchema = pagingSchema.extend({
  shopId: idSchema.optional(),
  /** Only those no invoice has picked up yet. */
  pending: z.boolean().optional(),
});
export const chargeSchema = z.object({
  id: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  feeId: z.string().nullable(),
  month: z.string(),
  descriptionLo: z.string(),
  descriptionEn: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  note: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

/** `POST /v1/report-daily`: send yesterday's summary (or `day`'s) to every shop in scope now. */
export const dailySummaryBodySchema = z
  .strictObject({
    day: dateSchema.optional(),
    /** Send again to shops that already had this day's summary. */
    again: z.boolean().optional(),
    shopIds: z.array(idSchema).max(1000, { error: 'validation.tooBig' }).optional(),
  })
  .optional();
export const dailySummaryResultSchema = z.object({
  day: z.string(),
  queued: z.number().int(),
  alreadySent: z.number().int(),
  noWhatsapp: z.number().int(),
});
export type DailySummaryResult = z.infer<typeof dailySummaryResultSchema>;

/** The public invoice page (`GET /v1/public/invoice/{token}`): what the shop sees, with the platform's profile and a Lao QR for what is due. */
export const publicInvoiceSchema = z.object({
  number: z.string(),
  month: z.string(),
  status: invoiceStatusSchema,
  shop: z.object({
    name: z.string(),
    code: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  lines: z.array(invoiceLineSchema.omit({ id: true, refId: true })),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  due: z.number().int(),
  dueDate: z.string(),
  issuedAt: z.string(),
  company: z.object({
    name: z.string().nullable(),
    branch: z.string().nullable(),
    telephone: z.string().nullable(),
    whatsapp: z.string().nullable(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    logoPath: z.string().nullable(),
  }),
  /** The Lao QR payload and its PNG (data URL) for the amount due; null when nothing is due or no receiver is set. */
  qr: z.object({ payload: z.string(), image: z.string() }).nullable(),
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;
