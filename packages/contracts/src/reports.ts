import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import { dateSchema, idSchema } from './fields.ts';
import { vehicleTypeSchema } from './prices.ts';

/**
 * Reports (issue 4, decision 010). Every figure is counted on the day its event happened: a
 * check-in on the day the vehicle came in, a check-out (and the money) on the day it left, a
 * cancellation on the day it was cancelled. "By closing" uses the shop's business day for those
 * days instead of the calendar day.
 */

/** The longest period one report covers: three years of months. */
export const REPORT_MAX_DAYS = 1100;

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

const rangeFields = {
  /** One shop (in the caller's scope); without it, every shop the caller may see. */
  shopId: idSchema.optional(),
  from: dateSchema,
  to: dateSchema,
  /** Group by the shop's business day (opening to closing, across midnight). */
  byClosing: z.boolean().optional().default(false),
};

function checkRange(v: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.dateRange' });
  else if (dayNumber(v.to) - dayNumber(v.from) + 1 > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.reportSpan' });
}

/** `{ shopId?, from, to, byClosing? }`: chart, bill/date, bill/month. */
export const reportRangeBodySchema = z.object(rangeFields).superRefine(checkRange);
export type ReportRangeBody = z.infer<typeof reportRangeBodySchema>;

/** balance-for-shop (today) and balance-yesterday: each shop's own today in its own time zone. */
export const reportBalanceBodySchema = z.object({
  shopId: idSchema.optional(),
  byClosing: z.boolean().optional().default(false),
});
export type ReportBalanceBody = z.infer<typeof reportBalanceBodySchema>;

export const reportCancelBodySchema = pagingSchema.extend(rangeFields).superRefine(checkRange);
export type ReportCancelBody = z.infer<typeof reportCancelBodySchema>;

export const reportCustomersBodySchema = z
  .object({
    ...rangeFields,
    /** A plate is a regular customer from this many visits in the period. */
    minVisits: z.coerce.number().int().min(2, { error: 'validation.minVisits' }).max(1000).default(3),
    /** How many of the most frequent plates to list. */
    limit: z.coerce.number().int().min(1).max(1000).default(200),
  })
  .superRefine(checkRange);
export type ReportCustomersBody = z.infer<typeof reportCustomersBodySchema>;

const kip = z.number().int().min(0, { error: 'validation.amountFormat' }).max(1_000_000_000_000, {
  error: 'validation.amountFormat',
});

export const countedCashSchema = z.object({ shopId: idSchema, staffId: idSchema, amount: kip });
export type CountedCash = z.infer<typeof countedCashSchema>;

export const reportPaymentByStaffBodySchema = z
  .object({
    ...rangeFields,
    /** Cash each staff member handed in: the answer gives the difference to the cash taken. */
    counted: z.array(countedCashSchema).max(1000).optional(),
  })
  .superRefine(checkRange);
export type ReportPaymentByStaffBody = z.infer<typeof reportPaymentByStaffBodySchema>;

/** The figures every report row carries. Amounts are whole kip. */
export const reportMeasuresSchema = z.object({
  /** Tickets issued (check-ins), cancelled ones included. */
  billsIn: z.number().int(),
  /** Vehicles that left: closed and lost tickets. */
  billsOut: z.number().int(),
  lost: z.number().int(),
  cancelled: z.number().int(),
  /** Fees of closed bills that were cancelled afterwards (taken back). */
  cancelledAmount: z.number().int(),
  /** Tickets paid in cash (passes not counted: passCount). */
  cashCount: z.number().int(),
  /** Cash taken: ticket fees and passes paid in cash (the cash a staff member hands in). */
  cashAmount: z.number().int(),
  /** Tickets paid by QR (passes not counted). */
  qrCount: z.number().int(),
  /** QR money taken: ticket fees and passes paid by QR. */
  qrAmount: z.number().int(),
  memberCount: z.number().int(),
  /** Left without paying: within the grace time or a free rule. */
  freeCount: z.number().int(),
  /** All money taken: cash + QR, ticket fees and passes (members pay nothing at the gate). */
  amount: z.number().int(),
  /** Membership passes sold and renewed (issue 14), counted on the day the money was taken. */
  passCount: z.number().int(),
  /** Their money (part of amount, and of cashAmount or qrAmount by how it was paid). */
  passAmount: z.number().int(),
});
export type ReportMeasures = z.infer<typeof reportMeasuresSchema>;
export const MEASURE_KEYS = Object.keys(reportMeasuresSchema.shape) as (keyof ReportMeasures)[];

export function emptyMeasures(): ReportMeasures {
  return Object.fromEntries(MEASURE_KEYS.map((k) => [k, 0])) as unknown as ReportMeasures;
}

/** a + b, field by field (a is changed and returned). */
export function addMeasures(a: ReportMeasures, b: ReportMeasures): ReportMeasures {
  for (const k of MEASURE_KEYS) a[k] += b[k];
  return a;
}

const shopFields = { shopId: z.string(), shopName: z.string(), shopCode: z.string() };

export const reportDayRowSchema = reportMeasuresSchema.extend({ date: z.string() });
export const reportMonthRowSchema = reportMeasuresSchema.extend({ month: z.string() });
export const reportVehicleRowSchema = reportMeasuresSchema.extend({ vehicleType: vehicleTypeSchema });
export const reportShopRowSchema = reportMeasuresSchema.extend(shopFields);

function periodReport<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    byVehicle: z.array(reportVehicleRowSchema),
    totals: reportMeasuresSchema,
  });
}

/** bill/date: every day of the period (days without bills are zeros), by vehicle, totals. */
export const reportByDateSchema = periodReport(reportDayRowSchema);
export type ReportByDate = z.infer<typeof reportByDateSchema>;

/** bill/month: every month touched by the period. */
export const reportByMonthSchema = periodReport(reportMonthRowSchema);
export type ReportByMonth = z.infer<typeof reportByMonthSchema>;

/** chart: the days of the period, and the shops ranked by amount (the dashboard's top shops). */
export const reportChartSchema = z.object({
  days: z.array(reportDayRowSchema),
  shops: z.array(reportShopRowSchema),
  totals: reportMeasuresSchema,
});
export type ReportChart = z.infer<typeof reportChartSchema>;

/** balance-for-shop / balance-yesterday: each shop's own day (its zone, or its business day). */
export const reportBalanceSchema = z.object({
  shops: z.array(reportShopRowSchema.extend({ date: z.string(), parkedNow: z.number().int() })),
  byVehicle: z.array(reportVehicleRowSchema.extend({ parkedNow: z.number().int() })),
  totals: reportMeasuresSchema.extend({ parkedNow: z.number().int() }),
});
export type ReportBalance = z.infer<typeof reportBalanceSchema>;

export const cancelledBillSchema = z.object({
  id: z.string(),
  reference: z.string(),
  number: z.number().int(),
  ...shopFields,
  vehicleType: vehicleTypeSchema,
  plate: z.string().nullable(),
  checkInAt: z.string(),
  checkInByName: z.string().nullable(),
  cancelledAt: z.string(),
  /** The date the cancellation is counted on (calendar or business, as asked). */
  date: z.string(),
  cancelledById: z.string().nullable(),
  cancelledByName: z.string().nullable(),
  cancelReason: z.string(),
  /** The fee taken back when a closed bill was cancelled; 0 for a parked one. */
  amount: z.number().int(),
});
export type CancelledBill = z.infer<typeof cancelledBillSchema>;

export const reportCancelSchema = z.object({
  totals: z.object({ count: z.number().int(), amount: z.number().int() }),
  byStaff: z.array(
    z.object({
      staffId: z.string().nullable(),
      staffName: z.string().nullable(),
      username: z.string().nullable(),
      count: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  byDate: z.array(z.object({ date: z.string(), count: z.number().int(), amount: z.number().int() })),
  bills: z.array(cancelledBillSchema),
});
export type ReportCancel = z.infer<typeof reportCancelSchema>;

export const regularCustomerSchema = z.object({
  ...shopFields,
  /** The plate as last written; plateKey is what visits are matched on. */
  plate: z.string(),
  plateKey: z.string(),
  vehicleType: vehicleTypeSchema,
  visits: z.number().int(),
  amount: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type RegularCustomer = z.infer<typeof regularCustomerSchema>;

export const reportCustomersSchema = z.object({
  /** Plates with at least minVisits visits (all of them, though `rows` lists at most `limit`). */
  totalPlates: z.number().int(),
  totalVisits: z.number().int(),
  totalAmount: z.number().int(),
  rows: z.array(regularCustomerSchema),
});
export type ReportCustomers = z.infer<typeof reportCustomersSchema>;

export const staffPaymentRowSchema = reportMeasuresSchema.extend({
  ...shopFields,
  staffId: z.string().nullable(),
  staffName: z.string().nullable(),
  username: z.string().nullable(),
  /** Cash handed in, when it was sent; difference = counted − cashAmount (negative: short). */
  counted: z.number().int().nullable(),
  difference: z.number().int().nullable(),
});
export type StaffPaymentRow = z.infer<typeof staffPaymentRowSchema>;

export const reportPaymentByStaffSchema = z.object({
  rows: z.array(staffPaymentRowSchema),
  totals: reportMeasuresSchema.extend({
    counted: z.number().int().nullable(),
    difference: z.number().int().nullable(),
  }),
});
export type ReportPaymentByStaff = z.infer<typeof reportPaymentByStaffSchema>;

/** The web keeps the "by closing" choice here as 'true' / 'false' (spec §3). */
export const REPORT_BY_CLOSING_KEY = 'reportByClosing';
