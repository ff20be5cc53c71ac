import { pageMetaSchema, successEnvelope } from '@parking-hub/contracts/envelope';
import {
  type ReportBalanceBody,
  reportBalanceBodySchema,
  reportBalanceSchema,
  reportByDateSchema,
  reportByMonthSchema,
  reportCancelBodySchema,
  reportCancelSchema,
  reportChartSchema,
  reportCustomersBodySchema,
  reportCustomersSchema,
  reportPaymentByStaffBodySchema,
  reportPaymentByStaffSchema,
  reportRangeBodySchema,
} from '@parking-hub/contracts/reports';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import {
  reportBalance,
  reportByDate,
  reportByMonth,
  reportCancel,
  reportChart,
  reportCustomers,
  reportPaymentByStaff,
} from './reports.service.ts';

const tags = ['reports'];
const ok = 'success' as const;
const scoped =
  'Without shopId: every shop in the caller’s scope; a shopId outside it is 403. byClosing groups by the shop’s business day instead of the calendar day (decision 010).';

interface ReportRoute {
  path: string;
  summary: string;
  description?: string;
  body: z.ZodType;
  data: z.ZodType;
  run: (db: Db, ctx: AuthedContext, body: never) => Promise<unknown>;
}

const range = reportRangeBodySchema;
const balance = reportBalanceBodySchema;

// biome-ignore format: one report per row
const REPORTS: ReportRoute[] = [
  { path: '/report/chart', summary: 'Figures per day of the period, and the shops that took the most', body: range, data: reportChartSchema, run: reportChart },
  { path: '/report/balance-for-shop', summary: 'Today’s figures per shop and vehicle type, and the vehicles inside now', description: 'Each shop’s own today: its calendar date in its time zone, or its current business day.', body: balance, data: reportBalanceSchema, run: (db, ctx, body: ReportBalanceBody) => reportBalance(db, ctx, body, 0) },
  { path: '/report/balance-yesterday', summary: 'Yesterday’s figures per shop and vehicle type (and the vehicles inside now)', body: balance, data: reportBalanceSchema, run: (db, ctx, body: ReportBalanceBody) => reportBalance(db, ctx, body, 1) },
  { path: '/report/bill/date', summary: 'Bills and money per day: every day of the period, by vehicle type, with totals', description: 'Check-ins count on the day the vehicle came in, check-outs and money on the day it left, cancellations on the day of the cancel.', body: range, data: reportByDateSchema, run: reportByDate },
  { path: '/report/bill/month', summary: 'Bills and money per month of the period, by vehicle type, with totals', body: range, data: reportByMonthSchema, run: reportByMonth },
  { path: '/report/customer-important', summary: 'Regular customers: plates that came back at least minVisits times in the period', description: 'Per shop; a cancelled ticket is no visit.', body: reportCustomersBodySchema, data: reportCustomersSchema, run: reportCustomers },
  { path: '/report/payment-by-staff', summary: 'Money per staff member (the cash reconciliation of a shift)', description: 'Bills each staff member issued and closed, cash, QR, members, cancellations, and the membership passes they sold (passCount, passAmount; their money is in cashAmount or qrAmount, so a pass paid in cash is cash to hand in). Send the cash each one handed in as counted: the answer gives the difference (negative: short).', body: reportPaymentByStaffBodySchema, data: reportPaymentByStaffSchema, run: reportPaymentByStaff },
];

/** The reports (all POST, spec §7), read from the rollup the bills keep up to date. */
export async function reportsRoutes(app: ZodApp) {
  for (const r of REPORTS) {
    app.post(r.path, {
      preHandler: app.authorize(),
      schema: {
        tags,
        summary: r.summary,
        description: r.description ? `${r.description} ${scoped}` : scoped,
        body: r.body,
        response: { 200: successEnvelope(r.data) },
      },
      handler: async (request) => ({
        status: ok,
        data: await r.run(app.db, authedContextOf(request), request.body as never),
      }),
    });
  }

  app.post('/report/bill/cancel', {
    preHandler: app.authorize(),
    schema: {
      tags,
      summary: 'Cancelled bills: totals per staff member and per day, and the bills page by page',
      description: `Counted on the day of the cancel; amount is the fee taken back from a closed bill. ${scoped}`,
      body: reportCancelBodySchema,
      response: {
        200: z.object({
          status: z.literal(ok),
          message: z.string().optional(),
          data: reportCancelSchema,
          meta: pageMetaSchema,
        }),
      },
    },
    handler: async (request) => {
      const { data, meta } = await reportCancel(app.db, authedContextOf(request), request.body);
      return { status: ok, data, meta };
    },
  });
}
