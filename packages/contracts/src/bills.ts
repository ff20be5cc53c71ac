import { z } from 'zod';
import {
  checkPageDepth,
  cursorPageMetaSchema,
  cursorSchema,
  LIST_PAGE_DEPTH,
  pagingSchema,
} from './envelope.ts';
import { FEE_PART_KINDS } from './fee.ts';
import { dateSchema, idSchema, optionalText } from './fields.ts';
import { feeRuleSchema, vehicleTypeSchema } from './prices.ts';
import { normalizeReference } from './reference.ts';
import { printRollSerialSchema } from './rolls.ts';

export const BILL_STATUSES = ['PARKED', 'CLOSED', 'CANCELLED', 'LOST'] as const;
export const billStatusSchema = z.enum(BILL_STATUSES, { error: 'validation.invalid' });
export type BillStatus = z.infer<typeof billStatusSchema>;

export const PAYMENT_METHODS = ['CASH', 'QR', 'MEMBER', 'FREE'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
/** What staff choose at check-out; MEMBER and FREE follow from the fee. */
export const paidWithSchema = z.enum(['CASH', 'QR'], { error: 'validation.invalid' });

export const PAPER_WIDTHS = ['58', '80'] as const;
export const paperSchema = z.enum(PAPER_WIDTHS, { error: 'validation.invalid' });

/** A bill's public reference, as typed or scanned (a URL to the receipt is accepted too). */
export const referenceSchema = z
  .string({ error: 'validation.referenceRequired' })
  .trim()
  .min(1, { error: 'validation.referenceRequired' })
  .max(300, { error: 'validation.referenceFormat' })
  .transform((v, ctx) => {
    const ref = normalizeReference(v);
    if (!ref) ctx.addIssue({ code: 'custom', message: 'validation.referenceFormat' });
    return ref ?? '';
  });

/** Bill ids are database integers, sent as strings. */
export const billIdSchema = z
  .string()
  .trim()
  .regex(/^[1-9]\d{0,17}$/, { error: 'validation.invalid' });

/**
 * A licence plate as written: letters of any script (Lao province letters, Latin, Thai…) and
 * digits, with spaces, dots or hyphens between, and at least one digit ('ກຂ 1234', 'ABC-123').
 */
export const plateSchema = z
  .string()
  .trim()
  .max(20, { error: 'validation.tooLong' })
  .regex(/^(?=.*\p{N})[\p{L}\p{N}][\p{L}\p{M}\p{N} .-]*$/u, { error: 'validation.plateFormat' })
  .transform((v) => v.replace(/\s+/g, ' ').toUpperCase());

export const memberNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,20}$/, { error: 'validation.memberNumberFormat' })
  .transform((v) => v.toUpperCase());

export const feePartSchema = z.object({
  kind: z.enum(FEE_PART_KINDS),
  amount: z.number().int(),
  count: z.number().int().optional(),
});
export const feeResultSchema = z.object({
  total: z.number().int(),
  minutes: z.number().int(),
  nights: z.number().int(),
  parts: z.array(feePartSchema),
});
export type FeeResultDto = z.infer<typeof feeResultSchema>;

export const billSchema = z.object({
  id: z.string(),
  reference: z.string(),
  number: z.number().int(),
  shopId: z.string(),
  shopName: z.string(),
  vehicleType: vehicleTypeSchema,
  plate: z.string().nullable(),
  memberNumber: z.string().nullable(),
  status: billStatusSchema,
  businessDate: z.string(),
  checkInAt: z.string(),
  checkInById: z.string().nullable(),
  checkInByName: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  checkOutById: z.string().nullable(),
  checkOutByName: z.string().nullable(),
  /** The fee charged (closed or lost bills); null while parked or when cancelled before check-out. */
  fee: z.number().int().nullable(),
  feeParts: z.array(feePartSchema).nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
  printCount: z.number().int(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelledByName: z.string().nullable(),
});
export type Bill = z.infer<typeof billSchema>;

/**
 * A bill and, while parked, what it would cost if it left now — as it is, and with the ticket lost
 * (so the lost-ticket dialog shows the total before anyone confirms it).
 */
export const billWithFeeSchema = z.object({
  bill: billSchema,
  feeNow: feeResultSchema.nullable(),
  feeIfLost: feeResultSchema.nullable(),
});
export type BillWithFee = z.infer<typeof billWithFeeSchema>;

/** `POST /v1/bill/create`: check-in. Staff of one shop need not send shopId. */
export const createBillBodySchema = z.object({
  vehicleType: vehicleTypeSchema,
  plate: optionalText(plateSchema),
  memberNumber: optionalText(memberNumberSchema),
  shopId: optionalText(idSchema),
  /** Made once per tap and sent again unchanged on a retry: the same request never makes two bills. */
  requestId: z.uuid({ error: 'validation.requestIdFormat' }).optional(),
});
export type CreateBillBody = z.infer<typeof createBillBodySchema>;

/**
 * What the gate found of a member at check-in (issue 14): the card number typed, or else the
 * plate. Only VALID makes the stay free (the bill carries the member); any other state leaves a
 * normal bill and is told to the staff so they can say why the customer pays. OTHER_VEHICLE: a
 * pass for another vehicle type (a motorbike's pass shown for a car).
 */
export const GATE_MEMBER_STATES = ['VALID', 'EXPIRED', 'SUSPENDED', 'NOT_STARTED', 'OTHER_VEHICLE'] as const;
export type GateMemberState = (typeof GATE_MEMBER_STATES)[number];
export const gateMemberSchema = z.object({
  number: z.string(),
  fullName: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  /** The vehicle type the pass is for (null: any). */
  vehicleType: vehicleTypeSchema.nullable(),
  state: z.enum(GATE_MEMBER_STATES),
  matchedBy: z.enum(['NUMBER', 'PLATE']),
});
export type GateMember = z.infer<typeof gateMemberSchema>;

/** The answer to a check-in: the bill, and the member it found (absent or null: none involved). */
export const checkInResultSchema = billSchema.extend({ member: gateMemberSchema.nullable().optional() });
export type CheckInResult = z.infer<typeof checkInResultSchema>;

/** One bill: by id, by reference (typed or scanned), or by its number in a shop. */
export const billLocatorSchema = z
  .object({
    id: billIdSchema.optional(),
    reference: referenceSchema.optional(),
    number: z.coerce
      .number({ error: 'validation.billNumberFormat' })
      .int({ error: 'validation.billNumberFormat' })
      .min(1, { error: 'validation.billNumberFormat' })
      .max(2_147_483_647, { error: 'validation.billNumberFormat' }) // the column is a 32-bit integer
      .optional(),
    shopId: idSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.id === undefined && v.reference === undefined && v.number === undefined) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'validation.referenceRequired' });
    }
  });
export type BillLocator = z.infer<typeof billLocatorSchema>;

/**
 * `expectedTotal`: the fee the staff showed or the QR the customer paid asked for. When the fee
 * has moved on since (a new period began), the check-out is refused with 409 rather than record
 * a fee nobody was asked for.
 */
export const checkoutBodySchema = billLocatorSchema.safeExtend({
  paymentMethod: paidWithSchema.optional(),
  expectedTotal: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** `rollSerial`: the serial of the paper roll in the printer, when the device knows it (the ticket check). */
export const printBillBodySchema = billLocatorSchema.safeExtend({
  paper: paperSchema.optional(),
  rollSerial: printRollSerialSchema.optional(),
});
export type PrintBillBody = z.infer<typeof printBillBodySchema>;

export const billPrintSchema = z.object({
  id: z.string(),
  kind: z.enum(['PRINT', 'REPRINT']),
  paper: paperSchema.nullable(),
  printedAt: z.string(),
  printedByName: z.string().nullable(),
});
export const printResultSchema = z.object({ bill: billSchema, print: billPrintSchema });

/** How many rows of the history a page number may skip: as far as the list counts. */
export const HISTORY_PAGE_DEPTH = LIST_PAGE_DEPTH;

/** `POST /v1/bills-in-shop`: the history. `cursor` (from meta.nextCursor) pages without OFFSET. */
export const listBillsBodySchema = pagingSchema
  .extend({
    shopId: idSchema.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    status: billStatusSchema.optional(),
    vehicleType: vehicleTypeSchema.optional(),
    staffId: idSchema.optional(),
    plate: z.string().trim().max(20, { error: 'validation.tooLong' }).optional(),
    cursor: cursorSchema,
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' });
    }
    checkPageDepth(v, ctx);
  });
export type ListBillsBody = z.infer<typeof listBillsBodySchema>;

/** meta of the history (totalCapped: 10,000, or 1,000 for part of a plate). */
export const billPageMetaSchema = cursorPageMetaSchema;

const reasonSchema = z
  .string({ error: 'validation.reasonRequired' })
  .trim()
  .min(3, { error: 'validation.reasonRequired' })
  .max(500, { error: 'validation.tooLong' });

/** `POST /v1/bills/update`: cancel (reason required) or correct plate / vehicle type. */
export const updateBillBodySchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('CANCEL'), id: billIdSchema, reason: reasonSchema }),
    z
      .object({
        action: z.literal('CORRECT'),
        id: billIdSchema,
        plate: optionalText(plateSchema),
        vehicleType: vehicleTypeSchema.optional(),
        reason: optionalText(z.string().trim().max(500, { error: 'validation.tooLong' })),
      })
      .superRefine((v, ctx) => {
        if (v.plate === undefined && v.vehicleType === undefined) {
          ctx.addIssue({ code: 'custom', path: ['plate'], message: 'validation.nothingToChange' });
        }
      }),
  ],
  { error: 'validation.invalid' },
);
export type UpdateBillBody = z.infer<typeof updateBillBodySchema>;

export const BILL_EVENT_KINDS = [
  'CHECK_IN',
  'PRINT',
  'REPRINT',
  'CORRECT',
  'CHECK_OUT',
  'LOST',
  'CANCEL',
] as const;
export const billEventSchema = z.object({
  kind: z.enum(BILL_EVENT_KINDS),
  at: z.string(),
  byName: z.string().nullable(),
  /** What changed (corrections), the paper (prints), the reason (cancel), the fee (check-out). */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type BillEvent = z.infer<typeof billEventSchema>;

/** `POST /v1/bill/timeline`: the bill and what happened to it, oldest first. */
export const billTimelineSchema = z.object({ bill: billSchema, events: z.array(billEventSchema) });
export type BillTimeline = z.infer<typeof billTimelineSchema>;

/** The customer's e-receipt (`GET /v1/public/bills/{reference}`): no staff names, no internal ids. */
export const publicBillSchema = z.object({
  reference: z.string(),
  number: z.number().int(),
  shop: z.object({
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    logoPath: z.string().nullable(),
    conditions: z.string().nullable(),
    timezone: z.string(),
    openShop: z.string().nullable(),
    closeShop: z.string().nullable(),
  }),
  vehicleType: vehicleTypeSchema,
  plate: z.string().nullable(),
  member: z.boolean(),
  status: billStatusSchema,
  checkInAt: z.string(),
  checkOutAt: z.string().nullable(),
  /** The fee charged, or for a parked vehicle the fee now. */
  fee: feeResultSchema.nullable(),
  paymentMethod: paymentMethodSchema.nullable(),
  /** The tariff, so the page can keep the fee ticking; null once the bill is closed. */
  rule: feeRuleSchema.nullable(),
  /** The server's clock when it answered, to correct a phone whose clock is off. */
  serverTime: z.string(),
  canPayByQr: z.boolean(),
});
export type PublicBill = z.infer<typeof publicBillSchema>;

/** `POST /gen-qr`: a bill's fee now, or an amount for a shop. */
export const genQrBodySchema = z.union([
  z.object({ reference: referenceSchema }),
  z.object({
    shopId: idSchema,
    amount: z.coerce
      .number({ error: 'validation.amountFormat' })
      .int({ error: 'validation.amountFormat' })
      .min(1, { error: 'validation.amountFormat' })
      .max(1e9, { error: 'validation.tooBig' }),
  }),
]);
export type GenQrBody = z.infer<typeof genQrBodySchema>;
export const genQrResultSchema = z.object({
  payload: z.string(),
  image: z.string(),
  amount: z.number().int().nullable(),
  merchantName: z.string(),
});
export type GenQrResult = z.infer<typeof genQrResultSchema>;
