import { type Language, type MessageKey, translate } from '@parking-hub/contracts/messages';
import type { Role } from '@parking-hub/contracts/roles';
import type {
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthedContext } from '../lib/context.ts';
import { authedContextOf } from './auth.ts';
import type { ZodApp } from './types.ts';

/** A route's schema as the OpenAPI document shows it, with its one success answer (200 or 201). */
export interface RouteSchema extends FastifySchema {
  tags: string[];
  summary: string;
  description?: string;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response: { 200: z.ZodObject } | { 201: z.ZodObject };
}

type Request<S extends RouteSchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;
type Answer<S extends RouteSchema> = z.output<S['response'][keyof S['response'] & (200 | 201)]>;

/**
 * What the service hands back, by the answer's envelope: data and meta for a list that has a meta,
 * the data alone for `successEnvelope`; for a bare message, whatever it is (none of it is sent).
 */
export type Result<S extends RouteSchema> =
  Answer<S> extends { meta: unknown }
    ? Omit<Answer<S>, 'status' | 'message'>
    : Answer<S> extends { data: infer D }
      ? D
      : unknown;

type Message = MessageKey | { key: MessageKey; params: Record<string, string | number> };

const translated = (lang: Language, message: Message) =>
  typeof message === 'string' ? translate(lang, message) : translate(lang, message.key, message.params);

export interface AuthedRoute<S extends RouteSchema> {
  /** The roles allowed; left out, every signed-in user (the service still checks the scope). */
  roles?: readonly Role[];
  schema: S;
  /** The answer's message, in the caller's language; from the result when it depends on it. */
  message?: Message | ((result: Result<S>) => Message);
  /** The thin part: hand the request's input to the service. */
  run: (ctx: AuthedContext, request: Request<S>) => Promise<Result<S>>;
}

/**
 * The shape most API routes share (issue 26): authorize the caller, build their context, call the
 * service, wrap its result in the success envelope, with its message, as a 201 when the schema's
 * answer is a 201. `run` is typed from the zod schemas as a Fastify handler would be. A route that
 * answers otherwise (public, a file, a reply of its own) stays a plain `app.get/post`.
 */
export function authedRoutes(app: ZodApp) {
  const declare =
    (method: 'GET' | 'POST' | 'DELETE') =>
    <S extends RouteSchema>(url: string, { roles, schema, message, run }: AuthedRoute<S>) => {
      const code = 201 in schema.response ? 201 : 200;
      const answer: z.ZodObject = 201 in schema.response ? schema.response[201] : schema.response[200];
      const { shape } = answer;
      const wrap = (result: unknown) => {
        if ('meta' in shape) return result as object;
        return 'data' in shape ? { data: result } : {};
      };
      app.route({
        method,
        url,
        preHandler: app.authorize(roles),
        // Fastify cannot tie a generic schema to its handler; the schema's validation has shaped the
        // request as `Request<S>` by the time the handler runs.
        schema: schema as FastifySchema,
        handler: async (request, reply) => {
          const result = await run(authedContextOf(request), request as Request<S>);
          const said = typeof message === 'function' ? message(result) : message;
          reply.code(code);
          return {
            status: 'success' as const,
            ...(said && { message: translated(request.lang, said) }),
            ...wrap(result),
          };
        },
      });
    };
  return { get: declare('GET'), post: declare('POST'), delete: declare('DELETE') };
}
