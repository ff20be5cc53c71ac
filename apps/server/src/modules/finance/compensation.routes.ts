import { successEnvelope } from '@parking-hub/contracts/envelope';
import {
  agentRateSchema,
  commissionRateBodySchema,
  commissionSchema,
  compensationBodySchema,
  compensationDetailBodySchema,
  compensationMetaSchema,
  compensationPayoutSchema,
  compensationRowSchema,
  payCompensationBodySchema,
} from '@parking-hub/contracts/finance';
import { translate } from '@parking-hub/contracts/messages';
import { ADMIN_ROLES, AGENT_AREA_ROLES } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { requestedPage } from '../../lib/paging.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import {
  agentRates,
  compensationDetail,
  listCompensation,
  payCompensation,
  setAgentRate,
} from './compensation.service.ts';
import { kip } from './money.shared.ts';

const tags = ['compensation'];
const ok = 'success' as const;
const pageQuery = z.object({ page: z.coerce.number().int().min(1).optional() });

/** Issue 15: compensation calls. */
export async function compensationRoutes(app: ZodApp, opts: { config: Config }) {
  app.post('/compensation', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'Agents’ commissions per agent and month: earned, paid out, pending (agents: their own)',
      querystring: pageQuery,
      body: compensationBodySchema,
      response: {
        200: z.object({
          status: z.literal(ok),
          data: z.array(compensationRowSchema),
          meta: compensationMetaSchema,
        }),
      },
    },
    handler: async (request) => {
      const page = requestedPage(request.query, request.body);
      const result = await listCompensation(app.db, authedContextOf(request), { ...request.body, page });
      return { status: ok, ...result };
    },
  });

  app.post('/compensation/detail', {
    preHandler: app.authorize(AGENT_AREA_ROLES),
    schema: {
      tags,
      summary: 'The commission rows of one agent’s month, one per payment (and reversal)',
      body: compensationDetailBodySchema,
      response: { 200: successEnvelope(z.array(commissionSchema)) },
    },
    handler: async (request) => ({
      status: ok,
      data: await compensationDetail(app.db, authedContextOf(request), request.body),
    }),
  });

  app.post('/compensation/paid', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Pay out an agent’s pending commissions of a month (one payout with its reference)',
      body: payCompensationBodySchema,
      response: { 200: successEnvelope(compensationPayoutSchema) },
    },
    handler: async (request) => {
      const data = await payCompensation(
        app.db,
        authedContextOf(request),
        request.body,
        opts.config.platformTimezone,
      );
      return {
        status: ok,
        message: translate(request.lang, 'success.compensationPaid', { amount: kip(data.amount) }),
        data,
      };
    },
  });

  app.get('/compensation/rates', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Each agent’s own commission rate (null: the default) and the rate in force',
      response: { 200: successEnvelope(z.array(agentRateSchema)) },
    },
    handler: async () => ({ status: ok, data: await agentRates(app.db) }),
  });

  app.post('/compensation/rate', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary:
        'Set an agent’s own commission rate in percent (null: back to the default); later payments use it',
      body: commissionRateBodySchema,
      response: { 200: successEnvelope(agentRateSchema) },
    },
    handler: async (request) => {
      const data = await setAgentRate(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.commissionRateSaved'), data };
    },
  });
}
