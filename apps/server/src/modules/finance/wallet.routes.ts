import { pageMetaSchema, successEnvelope } from '@parking-hub/contracts/envelope';
import {
  adjustWalletBodySchema,
  topUpBodySchema,
  topUpResultSchema,
  walletDetailSchema,
  walletListSchema,
  walletQuerySchema,
} from '@parking-hub/contracts/finance';
import { translate } from '@parking-hub/contracts/messages';
import { ADMIN_ROLES, type Role } from '@parking-hub/contracts/roles';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { kip } from './money.shared.ts';
import { adjustWallet, getWallet, topUp } from './wallet.service.ts';

const tags = ['wallet'];
const ok = 'success' as const;
/** Admins all wallets; an agent their shops' (read); a manager their main shop's. */
const WALLET_READERS: readonly Role[] = ['SUPER-ADMIN', 'ADMIN', 'AGENT', 'MANAGER'];

/** Issue 15: wallet calls. */
export async function walletRoutes(app: ZodApp, _opts: { config: Config }) {
  app.get('/wallet', {
    preHandler: app.authorize(WALLET_READERS),
    schema: {
      tags,
      summary:
        'A shop’s wallet and a page of its ledger (newest first), or the balances of the shops in scope',
      description: 'A branch id shows its main shop’s wallet (wallets are per main shop).',
      querystring: walletQuerySchema,
      response: {
        200: z.object({
          status: z.literal(ok),
          data: z.union([walletDetailSchema, walletListSchema]),
          meta: pageMetaSchema,
        }),
      },
    },
    handler: async (request) => {
      const result = await getWallet(app.db, authedContextOf(request), request.query);
      return { status: ok, ...result };
    },
  });

  app.post('/wallet/top-up', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Record a top-up of a shop’s wallet (idempotent on its key)',
      description:
        'The same idempotencyKey again answers the first entry (200, created false); with another shop or amount: 409. A new one: 201.',
      body: topUpBodySchema,
      response: { 200: successEnvelope(topUpResultSchema), 201: successEnvelope(topUpResultSchema) },
    },
    handler: async (request, reply) => {
      const { entry, created, balance } = await topUp(app.db, authedContextOf(request), request.body);
      const message = created
        ? translate(request.lang, 'success.topUp', { amount: kip(entry.amount), balance: kip(balance) })
        : translate(request.lang, 'success.topUpRepeated', { balance: kip(balance) });
      return reply.code(created ? 201 : 200).send({ status: ok, message, data: { entry, created } });
    },
  });

  app.post('/wallet/adjust', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Correct a wallet by a new ADJUSTMENT entry with its reason (never below 0)',
      body: adjustWalletBodySchema,
      response: { 200: successEnvelope(topUpResultSchema), 201: successEnvelope(topUpResultSchema) },
    },
    handler: async (request, reply) => {
      const { entry, created, balance } = await adjustWallet(app.db, authedContextOf(request), request.body);
      const message = translate(request.lang, 'success.walletAdjusted', { balance: kip(balance) });
      return reply.code(created ? 201 : 200).send({ status: ok, message, data: { entry, created } });
    },
  });
}
