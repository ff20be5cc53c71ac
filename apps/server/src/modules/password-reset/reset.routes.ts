import { setTimeout as sleep } from 'node:timers/promises';
import { messageEnvelope, successEnvelope } from '@parking-hub/contracts/envelope';
import { translate } from '@parking-hub/contracts/messages';
import {
  findAccountBodySchema,
  findAccountResultSchema,
  resetPasswordBodySchema,
  sendCodeBodySchema,
  sendCodeResultSchema,
  verifyCodeBodySchema,
  verifyCodeResultSchema,
} from '@parking-hub/contracts/password-reset';
import type { Config } from '../../config.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { contextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import type { Outbox } from '../outbox/outbox.ts';
import * as service from './reset.service.ts';

const tags = ['password recovery'];
const ok = 'success' as const;

/**
 * Forgotten password, public (decision 012). Each call answers no sooner than RESET_MIN_RESPONSE_MS
 * after it arrived, success or not, so an account that exists and one that does not take the same
 * time; each is limited per IP, and codes per account too (in the service).
 */
export async function passwordResetRoutes(
  app: ZodApp,
  { config, outbox }: { config: Config; outbox: Outbox },
) {
  const deps = { db: app.db, outbox, codesPerIpHour: config.reset.codesPerIpHour };
  const rateLimit = {
    max: config.reset.ratePerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req: unknown, context: { ttl: number }) =>
      tooManyRequests('errors.tooManyRequests', Math.max(1, Math.ceil(context.ttl / 60_000))),
  };
  const evenly = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      const rest = config.reset.minResponseMs - (performance.now() - started);
      if (rest > 0) await sleep(rest);
    }
  };

  app.post('/find-my-account', {
    config: { rateLimit },
    schema: {
      tags,
      summary:
        'Find the account to recover by user name, phone or e-mail; answers where a code can go (masked)',
      security: [],
      body: findAccountBodySchema,
      response: { 200: successEnvelope(findAccountResultSchema) },
    },
    handler: (request) =>
      evenly(async () => ({
        status: ok,
        data: await service.findAccount(app.db, contextOf(request), request.body.identifier),
      })),
  });

  const sendRoutes = [
    [
      '/auth/email-send-pin',
      'EMAIL',
      'Send a 6-digit code by e-mail (valid 10 minutes; a new one replaces the last)',
    ],
    [
      '/sent-code',
      'WHATSAPP',
      'Send a 6-digit code by WhatsApp (valid 10 minutes; a new one replaces the last)',
    ],
  ] as const;
  for (const [path, channel, summary] of sendRoutes) {
    app.post(path, {
      config: { rateLimit },
      schema: {
        tags,
        summary,
        security: [],
        body: sendCodeBodySchema,
        response: { 200: successEnvelope(sendCodeResultSchema) },
      },
      handler: (request) =>
        evenly(async () => ({
          status: ok,
          message: translate(request.lang, 'success.codeSent'),
          data: await service.sendCode(deps, contextOf(request), request.body.requestId, channel),
        })),
    });
  }

  app.post('/verify-code', {
    config: { rateLimit },
    schema: {
      tags,
      summary: 'Check the code (single use, at most 5 tries); answers the token that sets the new password',
      security: [],
      body: verifyCodeBodySchema,
      response: { 200: successEnvelope(verifyCodeResultSchema) },
    },
    handler: (request) =>
      evenly(async () => ({
        status: ok,
        message: translate(request.lang, 'success.codeVerified'),
        data: await service.verifyCode(app.db, contextOf(request), request.body.requestId, request.body.code),
      })),
  });

  app.post('/user/reset-password', {
    config: { rateLimit },
    schema: {
      tags,
      summary: 'Set the new password (signs the user out everywhere; a notice goes where the code went)',
      security: [],
      body: resetPasswordBodySchema,
      response: { 200: messageEnvelope },
    },
    handler: (request) =>
      evenly(async () => {
        await service.resetPassword(deps, contextOf(request), request.body);
        return { status: ok, message: translate(request.lang, 'success.passwordReset') };
      }),
  });
}
