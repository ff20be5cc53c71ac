import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { JobRunner } from './jobs/runner.ts';
import { declareSchedules } from './jobs/schedules.ts';
import { accessTokensRoutes } from './modules/access-tokens/access-tokens.routes.ts';
import { appVersionsRoutes } from './modules/app-versions/app-versions.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { billsRoutes } from './modules/bills/bills.routes.ts';
import { publicBillRoutes } from './modules/bills/public-bill.routes.ts';
import { companyRoutes, publicCompanyRoutes } from './modules/company/company.routes.ts';
import { compensationRoutes } from './modules/finance/compensation.routes.ts';
import { financeRoutes } from './modules/finance/finance.routes.ts';
import { walletRoutes } from './modules/finance/wallet.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { membersReportRoutes } from './modules/members/members-report.routes.ts';
import { newsRoutes, publicNewsRoutes } from './modules/news/news.routes.ts';
import { botRoutes, outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { OUTBOX_QUEUES, Outbox } from './modules/outbox/outbox.ts';
import { OutboxSender } from './modules/outbox/sender.ts';
import { whatsappWebhookRoutes } from './modules/outbox/webhook.routes.ts';
import { packagesRoutes } from './modules/packages/packages.routes.ts';
import { passwordResetRoutes } from './modules/password-reset/reset.routes.ts';
import { pricesRoutes } from './modules/prices/prices.routes.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { invoicesRoutes } from './modules/rent/invoices.routes.ts';
import { paymentsRoutes } from './modules/rent/payments.routes.ts';
import { publicInvoiceRoutes } from './modules/rent/public-invoice.routes.ts';
import { invoiceSendingRoutes } from './modules/rent/sending.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { rollsRoutes } from './modules/rolls/rolls.routes.ts';
import { shopsRoutes } from './modules/shops/shops.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { videosRoutes } from './modules/videos/videos.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import type { ZodApp } from './plugins/types.ts';
import { registerUploads } from './plugins/uploads.ts';
import { API_PREFIX, registerWebStatic } from './plugins/web-static.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

export async function buildApp({ config, database, logger }: BuildOptions): Promise<ZodApp> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // Not `requestIdHeader`: Fastify would take any header value as it is; genReqId checks it.
    requestIdHeader: false,
    frameworkErrors: frameworkErrorHandler,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', database.db);
  const jobs = new JobRunner(database.pool, {
    workers: config.jobs.workers,
    maintenanceSeconds: config.jobs.maintenanceSeconds,
    log: app.log,
  });
  const outbox = new Outbox({ db: database.db, jobs, config, log: app.log });
  app.decorate('jobs', jobs);
  app.decorate('outbox', outbox);
  registerJobs(app, { jobs, outbox, database, config });
  // External plugins first (STYLE.md, fastify/demo), then ours, then routes.
  await registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The gate's camera reader decodes QR codes in a worker made from a blob (qr-scanner).
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
    API_PREFIX,
  );
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false });
  await app.register(compress, {
    threshold: 2048,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, {
    sessionIdleMs: config.session.idleMs,
    sessionCacheMs: config.session.cacheMs,
    listenUrl: database.url,
  });
  registerErrorHandler(app);
  registerInputGuard(app);
  await registerOpenApi(app);

  app.get(`${API_PREFIX}/health`, { schema: { hide: true } }, async () => {
    await database.pool.query('select 1');
    return { status: 'success' as const, data: { db: 'ok' } };
  });

  await app.register(
    async (v1) => {
      const api = v1.withTypeProvider<ZodTypeProvider>();
      await api.register(authRoutes, { config });
      await api.register(usersRoutes, { config });
      await api.register(shopsRoutes, { config });
      await api.register(pricesRoutes);
      await api.register(billsRoutes, { sessionCacheMs: config.session.cacheMs });
      await api.register(reportsRoutes);
      await api.register(accessTokensRoutes, { config });
      await api.register(auditRoutes);
      await api.register(outboxRoutes, { outbox });
      await api.register(passwordResetRoutes, { config, outbox });
      await api.register(companyRoutes, { config });
      await api.register(rollsRoutes, { config });
      await api.register(promotionsRoutes, { config });
      await api.register(packagesRoutes, { config });
      await api.register(membersRoutes);
      await api.register(membersReportRoutes);
      await api.register(invoicesRoutes, { config });
      await api.register(paymentsRoutes, { config });
      await api.register(invoiceSendingRoutes, { config, outbox });
      await api.register(walletRoutes, { config });
      await api.register(compensationRoutes, { config });
      await api.register(financeRoutes, { config });
      await api.register(newsRoutes, { config });
      await api.register(videosRoutes, { config });
      await api.register(appVersionsRoutes, { config });
    },
    { prefix: `${API_PREFIX}/v1` },
  );
  await app.register(
    async (bot) => {
      const api = bot.withTypeProvider<ZodTypeProvider>();
      await api.register(botRoutes, { outbox });
      await api.register(whatsappWebhookRoutes, { config });
    },
    { prefix: `${API_PREFIX}/bot/v1` },
  );

  await app.register(publicBillRoutes, { config });
  await app.register(publicInvoiceRoutes, { config });
  await app.register(publicNewsRoutes, { config });
  await app.register(publicCompanyRoutes, { prefix: `${API_PREFIX}/public` });
  await registerUploads(app, config.uploadsDir);
  await registerWebStatic(app, config.webDist);
  return app;
}

/**
 * The job runner starts with the app and stops with it: queues, the outbox's senders and the
 * schedules (decision 011). Messages that waited for settings go out once the settings exist.
 */
function registerJobs(
  app: ZodApp,
  { jobs, outbox, database, config }: { jobs: JobRunner; outbox: Outbox; database: Database; config: Config },
) {
  const sender = new OutboxSender(outbox);
  // A worker fetches at most one batch per polling interval (pg-boss waits out the rest of it), so a
  // batch holds an interval's worth of messages at its channel's rate; two workers keep one
  // sending while the other claims. Bigger batches would only hold jobs that others could send.
  const pollingIntervalSeconds = 1;
  const rates = { WHATSAPP: config.whatsapp.ratePerSecond, EMAIL: config.email.ratePerSecond };
  for (const [channel, queue] of Object.entries(OUTBOX_QUEUES) as Array<[keyof typeof rates, string]>) {
    jobs.defineQueue({
      name: queue,
      // pg-boss's own retries bring back only batches whose worker died (ours are in the sender).
      retryLimit: 10,
      retryDelaySeconds: 5,
      retryBackoff: true,
      expireInSeconds: config.outbox.jobExpireSeconds,
    });
    const batchSize = Math.max(1, Math.min(1000, Math.ceil(rates[channel] * pollingIntervalSeconds)));
    jobs.work(queue, { batchSize, pollingIntervalSeconds, workers: 2 }, sender.handle);
  }
  const schedule = declareSchedules(
    jobs,
    { db: database.db, outbox, pool: database.pool, config },
    config.platformTimezone,
  );
  app.addHook('onReady', async () => {
    await jobs.start();
    if (!jobs.runsWorkers) return;
    await schedule();
    await outbox.releaseNotConfigured();
  });
  app.addHook('onClose', async () => {
    sender.stop();
    await jobs.stop();
    outbox.close();
  });
}
