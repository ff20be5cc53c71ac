import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import { idSchema, searchSchema, strictNumber } from './fields.ts';
import { idempotencyKeySchema } from './idempotency.ts';
import { monthSchema } from './packages.ts';
import { invoiceStatusSchema, MAX_RENT_KIP, positiveKipSchema, rentPaymentSchema } from './rent.ts';

/**
 * Wallets, agents' compensation, the finance report and the finance settings (issue 15,
 * decision 020). Amounts are whole kip.
 */

export const WALLET_ENTRY_KINDS = ['TOP_UP', 'INVOICE_PAYMENT', 'ADJUSTMENT', 'REFUND'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];
export const walletEntryKindSchema = z.enum(WALLET_ENTRY_KINDS, { error: 'validation.invalid' });

/** How a top-up's money came. */
export const TOP_UP_METHODS = ['CASH', 'TRANSFER', 'QR'] as const;
export const topUpMethodSchema = z.enum(TOP_UP_METHODS, { error: 'validation.rentMethod' });

export { idempotencyKeySchema };

/** `GET /v1/wallet?shopId=&page=`: one shop's balance and ledger, or (no shopId) the balances of the shops in scope. */
export const walletQuerySchema = pagingSchema.extend({
  shopId: idSchema.optional(),
  q: searchSchema,
  kind: walletEntryKindSchema.optional(),
});
export type WalletQuery = z.infer<typeof walletQuerySchema>;

/** `POST /v1/wallet/top-up` (admins). */
export const topUpBodySchema = z.strictObject({
  shopId: idSchema,
  amount: positiveKipSchema,
  method: topUpMethodSchema,
  reference: z.string().trim().max(100, { error: 'validation.tooLong' }).optional(),
  note: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
  idempotencyKey: idempotencyKeySchema,
});
export type TopUpBody = z.infer<typeof topUpBodySchema>;

/** `POST /v1/wallet/adjust` (admins): a correction is a new ADJUSTMENT entry (either sign) with its reason. */
export const adjustWalletBodySchema = z.strictObject({
  shopId: idSchema,
  /** Signed whole kip, not 0. */
  amount: strictNumber(
    z
      .number({ error: 'validation.rentAmount' })
      .int({ error: 'validation.rentAmount' })
      .min(-MAX_RENT_KIP, { error: 'validation.tooBig' })
      .max(MAX_RENT_KIP, { error: 'validation.tooBig' }),
  ).refine((v) => v !== 0, { error: 'validation.rentAmount' }),
  reason: z
    .string({ error: 'validation.reasonRequired' })
    .trim()
    .min(3, { error: 'validation.reasonRequired' })
    .max(500, { error: 'validation.tooLong' }),
  idempotencyKey: idempotencyKeySchema,
});
export type AdjustWalletBody = z.infer<typeof adjustWalletBodySchema>;

export const walletEntrySchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  shopId: z.string(),
  kind: walletEntryKindSchema,
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletBalanceSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  shopCode: z.string(),
  agentName: z.string().nullable(),
  balance: z.number().int(),
  /** What the shop's live invoices still owe. */
  due: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** `GET /v1/wallet` with a shopId: the balance and a page of its ledger (newest first). */
export const walletDetailSchema = z.object({
  wallet: walletBalanceSchema,
  entries: z.array(walletEntrySchema),
});
export type WalletDetail = z.infer<typeof walletDetailSchema>;
/** `GET /v1/wallet` without a shopId: a page of balances and the sum over every shop in scope. */
export const walletListSchema = z.object({
  wallets: z.array(walletBalanceSchema),
  totalBalance: z.number().int(),
});
export type WalletList = z.infer<typeof walletListSchema>;

/** The answer of a top-up: the entry, and whether it was made now (false: the key's first entry). */
export const topUpResultSchema = z.object({ entry: walletEntrySchema, created: z.boolean() });
export type TopUpResult = z.infer<typeof topUpResultSchema>;

// ---- Compensation ----

export const COMMISSION_STATUSES = ['PENDING', 'PAID'] as const;
export const commissionStatusSchema = z.enum(COMMISSION_STATUSES, { error: 'validation.invalid' });

/** `POST /v1/compensation?page=`: per agent and month (agents: their own). */
export const compensationBodySchema = pagingSchema.extend({
  month: monthSchema.optional(),
  agentId: idSchema.optional(),
  status: commissionStatusSchema.optional(),
});
export type CompensationBody = z.infer<typeof compensationBodySchema>;

/** One agent's month: the rent their shops paid, the commission on it, what is paid out and pending. */
export const compensationRowSchema = z.object({
  agentId: z.string(),
  agentName: z.string(),
  month: z.string(),
  rateBp: z.number().int(),
  /** Rent paid by their shops (reversals taken off). */
  base: z.number().int(),
  amount: z.number().int(),
  paid: z.number().int(),
  pending: z.number().int(),
  /** What paying this month out pays now: the agent's pending commissions of this month and every earlier one. */
  payable: z.number().int(),
  status: commissionStatusSchema,
  payouts: z.array(
    z.object({ id: z.string(), amount: z.number().int(), reference: z.string(), paidAt: z.string() }),
  ),
});
export type CompensationRow = z.infer<typeof compensationRowSchema>;
export const compensationMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  totals: z.object({
    base: z.number().int(),
    amount: z.number().int(),
    paid: z.number().int(),
    pending: z.number().int(),
  }),
});

/** `POST /v1/compensation/detail`: the commission rows of one agent's month (each payment). */
export const compensationDetailBodySchema = z.strictObject({ agentId: idSchema, month: monthSchema });
export const commissionSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  shopName: z.string(),
  paymentId: z.string(),
  base: z.number().int(),
  rateBp: z.number().int(),
  amount: z.number().int(),
  status: commissionStatusSchema,
  createdAt: z.string(),
});
export type Commission = z.infer<typeof commissionSchema>;

/** `POST /v1/compensation/paid` (admins): pay out an agent's pending commissions of a month. */
export const payCompensationBodySchema = z.strictObject({
  agentId: idSchema,
  month: monthSchema,
  reference: z
    .string({ error: 'validation.payoutReference' })
    .trim()
    .min(1, { error: 'validation.payoutReference' })
    .max(100, { error: 'validation.tooLong' }),
  note: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
});
export type PayCompensationBody = z.infer<typeof payCompensationBodySchema>;

/** `POST /v1/compensation/rate` (admins): an agent's own rate in percent with up to 2 decimals (null: the default). */
export const commissionRateBodySchema = z.strictObject({
  agentId: idSchema,
  ratePercent: z
    .number({ error: 'validation.commissionRate' })
    .min(0, { error: 'validation.commissionRate' })
    .max(100, { error: 'validation.commissionRate' })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'validation.commissionRate' })
    .nullable(),
});
export type CommissionRateBody = z.infer<typeof commissionRateBodySchema>;
export const agentRateSchema = z.object({
  agentId: z.string(),
  agentName: z.string(),
  /** Their own rate (basis points) or null for the default. */
  rateBp: z.number().int().nullable(),
  effectiveBp: z.number().int(),
});
export type AgentRate = z.infer<typeof agentRateSchema>;

// ---- Settings ----

/** `GET` / `POST /v1/finance/settings` (admins): due day and default commission. */
export const financeSettingsBodySchema = z.strictObject({
  dueDay: strictNumber(
    z
      .number({ error: 'validation.dueDay' })
      .int({ error: 'validation.dueDay' })
      .min(1, { error: 'validation.dueDay' })
      .max(28, { error: 'validation.dueDay' }),
  ),
  defaultCommissionBp: strictNumber(
    z
      .number({ error: 'validation.commissionRate' })
      .int({ error: 'validation.commissionRate' })
      .min(0, { error: 'validation.commissionRate' })
      .max(10_000, { error: 'validation.commissionRate' }),
  ),
});
/** The settings as answered (plain numbers: a response is not parsed from typed text). */
export const financeSettingsSchema = z.object({
  dueDay: z.number().int(),
  defaultCommissionBp: z.number().int(),
});

// ---- Finance report ----

/** `POST /v1/reports/finance`: months from…to ('YYYY-MM', at most 36), one agent or all. */
export const financeReportBodySchema = z
  .strictObject({
    from: monthSchema,
    to: monthSchema,
    agentId: idSchema.optional(),
  })
  .refine((b) => b.from <= b.to, { error: 'validation.monthRange', path: ['to'] });
export type FinanceReportBody = z.infer<typeof financeReportBodySchema>;

export const financeFiguresSchema = z.object({
  /** Live invoices made for the month (VOID left out). */
  invoiced: z.number().int(),
  invoices: z.number().int(),
  /** Money received in the month (by payment date), by method; reversals taken off. */
  paidCash: z.number().int(),
  paidTransfer: z.number().int(),
  paidQr: z.number().int(),
  paidWallet: z.number().int(),
  paid: z.number().int(),
  /** What the month's invoices still owe now, and the part past its due date. */
  outstanding: z.number().int(),
  overdue: z.number().int(),
  topUps: z.number().int(),
  /** Commissions earned in the month and the part paid out. */
  commissions: z.number().int(),
  commissionsPaid: z.number().int(),
  /** Discounts given by promotions on the month's invoices. */
  promotions: z.number().int(),
});
export type FinanceFigures = z.infer<typeof financeFiguresSchema>;

export const financeMonthSchema = financeFiguresSchema.extend({ month: z.string() });
export const financeAgentSchema = financeFiguresSchema.extend({
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
});
export const financeReportSchema = z.object({
  months: z.array(financeMonthSchema),
  agents: z.array(financeAgentSchema),
  totals: financeFiguresSchema,
  /** Wallet balances now (scope of the agent filter). */
  walletBalance: z.number().int(),
});
export type FinanceReport = z.infer<typeof financeReportSchema>;
export const FINANCE_MAX_MONTHS = 36;

// ---- Payments ----

/**
 * The answer of `POST /v1/invoice/paid` and `POST /v1/invoice/payment/reverse`: the payment row
 * made (a reversal is negative), the invoice as it now stands, the shop's wallet balance and the
 * agent's commission row made with it (null when the invoice has no agent).
 */
export const invoicePaymentResultSchema = z.object({
  payment: rentPaymentSchema,
  invoice: z.object({
    id: z.string(),
    number: z.string(),
    shopId: z.string(),
    status: invoiceStatusSchema,
    total: z.number().int(),
    paid: z.number().int(),
    due: z.number().int(),
  }),
  walletBalance: z.number().int(),
  commission: z.object({ id: z.string(), agentId: z.string(), amount: z.number().int() }).nullable(),
});
export type InvoicePaymentResult = z.infer<typeof invoicePaymentResultSchema>;

/** The answer of `POST /v1/compensation/paid`: the payout made and how many commission rows it paid. */
export const compensationPayoutSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  month: z.string(),
  amount: z.number().int(),
  reference: z.string(),
  commissions: z.number().int(),
  paidAt: z.string(),
});
export type CompensationPayout = z.infer<typeof compensationPayoutSchema>;
