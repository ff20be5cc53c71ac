import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify instance whose route schemas are zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner (pg-boss) of this process (decision 011). */
    jobs: import('../jobs/runner.ts').JobRunner;
    /** The outbox: every WhatsApp message and e-mail goes through it (decision 011). */
    outbox: import('../modules/outbox/outbox.ts').Outbox;
  }
}
