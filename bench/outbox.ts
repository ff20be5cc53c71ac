/**
 * The outbox at speed (issue 10):
 *  - enqueuing: the same audited transaction with and without a message (outbox row, its event
 *    and its pg-boss job), one after another, p50/p95 of each and what the message adds;
 *  - draining: 10,000 queued messages sent by the real server (own process, workers on) to a
 *    fake Cloud API in this process at WHATSAPP_RATE_PER_SECOND=500, with its signed callbacks
 *    flowing back: the rate from first to last send, duplicates and losses; next to it, a bare
 *    loop sending the same 10,000 requests to the same fake as fast as it takes them (the ceiling).
 * Always on an embedded PostgreSQL of its own, so nothing else is in the tables.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import type { RequestContext } from '../apps/server/src/lib/context.ts';
import { audit } from '../apps/server/src/modules/audit/audit.service.ts';
import { FakeWhatsApp } from '../apps/server/src/test/peers/fake-whatsapp.ts';
import { startBenchServer } from './server.ts';
import { SHORT } from './short.ts';
import { ms, out, pct, type Verdict } from './stats.ts';

const MESSAGES = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 10_000);
const RATE = 500;

function whatsappEnv(fake: FakeWhatsApp) {
  return {
    DATABASE_URL: '',
    WHATSAPP_API_URL: fake.url,
    WHATSAPP_TOKEN: fake.token,
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_APP_SECRET: fake.appSecret,
    WHATSAPP_RATE_PER_SECOND: String(RATE),
    WHATSAPP_RECIPIENT_GAP_SECONDS: '6',
  };
}

const recipient = (i: number) => `+85620${String(40_000_000 + i)}`;

/** Enqueue cost, then 10,000 messages queued through the app's own outbox (no workers here). */
async function produce(dataDir: string, fake: FakeWhatsApp) {
  const config = loadConfig({
    ...process.env,
    ...whatsappEnv(fake),
    DATA_DIR: dataDir,
    JOBS_WORKERS: 'false',
    LOG_LEVEL: 'silent',
  });
  const opened = await openDatabase(config, { joinRunning: true });
  const app = await buildApp({ config, database: opened.database, logger: false });
  await app.ready();
  const { db } = opened.database;
  try {
    const ctx: RequestContext = {
      actor: null,
      ip: '127.0.0.1',
      userAgent: 'bench',
      requestId: 'bench',
      lang: 'lo',
    };
    const change = { action: 'bench.change', entity: 'bench', after: { n: 1 } };
    const plain: number[] = [];
    const withMessage: number[] = [];
    // 2,200 transactions of each kind, the first 200 unmeasured (a tenth of that in short mode).
    const runs = SHORT ? 220 : 2200;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await db.transaction((tx) => audit(tx, ctx, change));
      const t1 = performance.now();
      await db.transaction(async (tx) => {
        await audit(tx, ctx, change);
        await app.outbox.enqueue(tx, {
          channel: 'WHATSAPP',
          recipient: recipient(900_000 + i),
          kind: 'test',
          language: 'lo',
          cause: 'bench',
        });
      });
      const t2 = performance.now();
      if (i >= runs / 11) {
        plain.push(t1 - t0);
        withMessage.push(t2 - t1);
      }
    }
    plain.sort((a, b) => a - b);
    withMessage.sort((a, b) => a - b);
    // Those 2,200 are not part of the drain: cancelled, they are skipped by the sender.
    await db.execute(sql`update outbox_messages set status = 'CANCELLED'`);
    const started = performance.now();
    for (let from = 0; from < MESSAGES; from += 500) {
      await db.transaction(async (tx) => {
        for (let i = from; i < Math.min(MESSAGES, from + 500); i++) {
          await app.outbox.enqueue(tx, {
            channel: 'WHATSAPP',
            recipient: recipient(i),
            kind: 'test',
            language: 'lo',
            cause: 'bench',
          });
        }
      });
    }
    const queuedMs = performance.now() - started;
    return { plain, withMessage, queuedMs };
  } finally {
    await app.close();
    await opened.close();
  }
}

/** A bare loop: the same requests to the same fake, 50 at a time, as fast as it answers. */
async function bareCeiling(fake: FakeWhatsApp): Promise<number> {
  fake.reset();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < MESSAGES) {
      const i = next++;
      await fetch(`${fake.url}/${fake.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          to: recipient(i).slice(1),
          type: 'template',
          template: { name: 'hello_world', language: { code: 'en_US' } },
        }),
      });
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return MESSAGES / ((performance.now() - started) / 1000);
}

export async function outboxBench(): Promise<Verdict[]> {
  out(
    `\nOutbox: enqueue cost, then ${MESSAGES.toLocaleString('en')} messages drained at ${RATE}/s by the real server:`,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ph-bench-outbox-'));
  const fake = await FakeWhatsApp.start({ statuses: ['sent', 'delivered'] });
  try {
    // A first start makes the cluster and its schema; it queues nothing itself.
    const first = await startBenchServer({ ...whatsappEnv(fake), JOBS_WORKERS: 'false' }, { dataDir });
    const produced = await produce(dataDir, fake);
    await first.stop();
    const added95 = pct(produced.withMessage, 95) - pct(produced.plain, 95);
    out(
      `  audited transaction alone     p50 ${ms(pct(produced.plain, 50))}   p95 ${ms(pct(produced.plain, 95))}   (${produced.plain.length.toLocaleString('en')} runs)`,
    );
    out(
      `  …with one message queued      p50 ${ms(pct(produced.withMessage, 50))}   p95 ${ms(pct(produced.withMessage, 95))}   adds p95 ${ms(added95)}`,
    );
    out(
      `  ${MESSAGES.toLocaleString('en')} messages queued in ${(produced.queuedMs / 1000).toFixed(1)} s (500 per transaction)`,
    );

    const server = await startBenchServer({ ...whatsappEnv(fake), JOBS_WORKERS: 'true' }, { dataDir });
    fake.setWebhook(`${server.base}/parking-hub-api/bot/v1/whatsapp/webhook`);
    try {
      await fake.waitFor(
        (reqs) => reqs.filter((r) => r.answered === 200).length >= MESSAGES,
        120_000 + (MESSAGES / RATE) * 2000,
      );
      await new Promise((r) => setTimeout(r, 3000));
    } finally {
      await server.stop();
    }
    const accepted = fake.accepted().filter((r) => r.clientRef);
    const times = accepted.map((r) => r.at).sort((a, b) => a - b);
    const span = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    const start = times[0] ?? 0;
    const perSecond = Array.from(
      { length: Math.ceil(span) },
      (_, k) => times.filter((t) => Math.floor((t - start) / 1000) === k).length,
    );
    const rate = (accepted.length - 1) / span;
    // One message may be sent by several attempts, each with its own reference '<id>:<attempt>'.
    const refs = new Set(accepted.map((r) => r.clientRef?.split(':')[0]));
    const duplicates = accepted.length - refs.size;
    const lost = MESSAGES - refs.size;
    const refused = fake.requests.length - fake.accepted().length;
    out(`  sends in each second: ${perSecond.join(' ')}`);
    out(
      `  drained: ${accepted.length} sends in ${span.toFixed(1)} s = ${rate.toFixed(1)} messages/s (target ${RATE}); duplicates ${duplicates}, lost ${lost}, refused by the API ${refused}`,
    );
    const ceiling = await bareCeiling(fake);
    out(
      `  bare loop to the same fake (50 at a time): ${ceiling.toFixed(0)} requests/s, the ceiling the ${RATE}/s rate sits under`,
    );
    return [
      { what: 'outbox: enqueue adds (p95)', target: '≤ 2 ms', measured: ms(added95), pass: added95 <= 2 },
      {
        what: `outbox: drain rate at ${RATE}/s`,
        target: `±5 %`,
        measured: `${rate.toFixed(1)}/s (${(((rate - RATE) / RATE) * 100).toFixed(1)} %)`,
        pass: Math.abs(rate - RATE) / RATE <= 0.05,
      },
      {
        what: 'outbox: duplicates / lost',
        target: '0 / 0',
        measured: `${duplicates} / ${lost}`,
        pass: duplicates === 0 && lost === 0,
        correct: duplicates === 0 && lost === 0,
      },
    ];
  } finally {
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
