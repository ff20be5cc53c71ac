import { successEnvelope } from '@parking-hub/contracts/envelope';
import { membersReportBodySchema, membersReportSchema } from '@parking-hub/contracts/members';
import { authedRoutes } from '../../plugins/route.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { membersReport } from './members.report.ts';

/** The members report (issue 14): every signed-in role, over the shops in their scope. */
export async function membersReportRoutes(app: ZodApp) {
  authedRoutes(app).post('/membership/report', {
    schema: {
      tags: ['membership'],
      summary: 'Members of a period: their visits and the passes they paid for, with totals',
      description:
        'Over business days from…to. Rows: members valid at some time in the period (not cancelled) or with a pass payment in it, most visits first. Visits: check-ins of the period that carried the member (cancelled ones not counted). Passes: payments whose business date is in the period. Totals: active = valid on the shop’s business day today, expiring = of those ending within the shop’s reminder days, neverCame = members valid in the period with no visit. Without shopId: every shop in the caller’s scope; a shopId outside it is 403.',
      body: membersReportBodySchema,
      response: { 200: successEnvelope(membersReportSchema) },
    },
    run: (ctx, { body }) => membersReport(app.db, ctx, body),
  });
}
