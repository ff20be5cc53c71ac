import {
  isMessageKey,
  type Language,
  languageFromHeader,
  type MessageKey,
  translate,
} from '@parking-hub/contracts/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseUnavailable, type UnavailableCause } from '../db/unavailable.ts';
import { AppError } from '../lib/errors.ts';

interface ZodIssueLike {
  code?: string;
  message?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  keys?: string[];
}

/** A zod issue as a message key: the schema's own key, or a generic one for its kind. */
function issueMessage(issue: ZodIssueLike, lang: Language): string {
  if (isMessageKey(issue.message)) {
    return translate(lang, issue.message, {
      min: Number(issue.minimum ?? 0),
      max: Number(issue.maximum ?? 0),
    });
  }
  const text = (key: MessageKey, params: Record<string, number> = {}) => translate(lang, key, params);
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? text('validation.required')
          : text('validation.tooShort', { min: Number(issue.minimum) })
        : text('validation.tooSmall', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? text('validation.tooLong', { max: Number(issue.maximum) })
        : text('validation.tooBig', { max: Number(issue.maximum) });
    case 'unrecognized_keys':
      return text('validation.unknownField');
    default:
      return text('validation.invalid');
  }
}

function fieldOf(instancePath: string | undefined, fallback: string): string {
  // An unknown key of the body itself comes as '/' + '/key': one field name, no leading dot.
  const path = (instancePath ?? '').replace(/^\/+/, '').replaceAll('/', '.');
  return path || fallback;
}

export function sendError(
  reply: FastifyReply,
  lang: Language,
  status: number,
  key: MessageKey,
  params: Record<string, string | number> = {},
  messages?: Record<string, string>,
) {
  return reply.code(status).send({
    status: 'error',
    message: translate(lang, key, params),
    ...(messages && Object.keys(messages).length ? { messages } : {}),
  });
}

const frameworkErrors: Record<string, [number, MessageKey]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'errors.payloadTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'errors.unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'errors.invalidJson'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'errors.invalidJson'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'errors.invalidJson'],
  FST_ERR_BAD_URL: [400, 'errors.invalidInput'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'errors.uriTooLong'],
};

/** A 4xx without a code of ours (a plugin's, e.g. multipart's file limit): the key for its status. */
const byStatus: Record<number, MessageKey> = {
  404: 'errors.routeNotFound',
  413: 'errors.payloadTooLarge',
  414: 'errors.uriTooLong',
  415: 'errors.unsupportedMediaType',
};

/**
 * Errors Fastify meets before a request reaches a route (a malformed URL, a path parameter over
 * its length): no hook has run, so the language and the request id header are set here.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const [status, key] = (error.code ? frameworkErrors[error.code] : undefined) ?? [
    400,
    'errors.invalidInput',
  ];
  request.log.info({ code: error.code }, 'request refused by the router');
  reply.header('x-request-id', request.id).header('cache-control', 'no-store');
  return sendError(reply, languageFromHeader(request.headers['accept-language']), status, key);
}

/**
 * The database is down or coming back (docs/decisions/014): 503 with Retry-After, so that a client
 * tries again. Logged as info, without a stack: the outage itself is logged where it is seen.
 */
function sendUnavailable(request: FastifyRequest, reply: FastifyReply, cause: UnavailableCause) {
  request.log.info({ cause }, 'database unavailable');
  reply.header('retry-after', '2');
  return sendError(reply, request.lang, 503, 'errors.unavailable');
}

/**
 * The one place errors become responses: the envelope with a Lao or English message, never a
 * stack trace or SQL. Unexpected errors are logged with the request id and answered with 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (error instanceof AppError) {
      const fields = error.fieldMessages
        ? Object.fromEntries(
            Object.entries(error.fieldMessages).map(([f, k]) => [f, translate(lang, k, error.params)]),
          )
        : undefined;
      return sendError(reply, lang, error.statusCode, error.key, error.params, fields);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages: Record<string, string> = {};
      for (const v of error.validation) {
        // The zod type provider spreads the issue's own fields (minimum, maximum, keys…) into params.
        const issue: ZodIssueLike = {
          ...(v.params as ZodIssueLike | undefined),
          code: v.keyword,
          message: v.message,
        };
        const keys = issue.code === 'unrecognized_keys' ? (issue.keys ?? []) : [''];
        for (const k of keys) {
          const field = fieldOf(
            [v.instancePath, k].filter(Boolean).join('/'),
            error.validationContext ?? 'body',
          );
          messages[field] ??= issueMessage(issue, lang);
        }
      }
      return sendError(reply, lang, 400, 'errors.invalidInput', {}, messages);
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) return sendError(reply, lang, known[0], known[1]);
    if (error instanceof SyntaxError && error.statusCode === 400)
      return sendError(reply, lang, 400, 'errors.invalidJson');
    if (error.statusCode === 429)
      return sendError(reply, lang, 429, 'errors.tooManyRequests', { minutes: 1 });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, lang, error.statusCode, byStatus[error.statusCode] ?? 'errors.invalidInput');
    }
    const unavailable = databaseUnavailable(error);
    if (unavailable) return sendUnavailable(request, reply, unavailable);
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, lang, 500, 'errors.internal');
  });
}
