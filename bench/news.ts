/**
 * News to every shop (issue 16): one news item sent now to 10,000 shops with WhatsApp numbers,
 * through the real service (the audience resolved, a delivery per shop, one outbox row, its first
 * event and its pg-boss job per shop, the audit), timed from the call to its commit. Next to it in
 * the same process, the strongest plain form of the same rows: one INSERT … SELECT each for the
 * messages (their text rendered in SQL), their events and the deliveries, and the same job insert.
 * Always on an embedded PostgreSQL of its own (nothing else in the tables); workers off, so the
 * measure is the queuing, not the sending (bench/outbox.ts drains).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import type { AuthedContext } from '../apps/server/src/lib/context.ts';
import { createNews } from '../apps/server/src/modules/news/news.service.ts';
import { OUTBOX_QUEUES } from '../apps/server/src/modules/outbox/outbox.ts';
import { FakeWhatsApp } from '../apps/server/src/test/peers/fake-whatsapp.ts';
import { ms, out, pct, runAlone, type Verdict } from './stats.ts';

const SHOPS = Number(process.env.BENCH_NEWS_SHOPS ?? 10_000);
const RUNS = 5;
const TARGET_MS = 2000;

export async function newsBench(): Promise<Verdict[]> {
  out(`\nNews: one item sent now to ${SHOPS.toLocaleString('en')} shops (enqueue only):`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ph-bench-news-'));
  const fake = await FakeWhatsApp.start();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    JOBS_WORKERS: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://parkinghub.la',
    WHATSAPP_API_URL: fake.url,
    WHATSAPP_TOKEN: fake.token,
    WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
    WHATSAPP_APP_SECRET: fake.appSecret,
  });
  const opened = await openDatabase(config);
  const app = await buildApp({ config, database: opened.database, logger: false });
  await app.ready();
  const { db } = opened.database;
  try {
    await db.execute(sql`
      insert into shops (name, code, whatsapp)
      select 'ຮ້ານ ' || g, 'NB' || g, '+85620' || lpad((30000000 + g)::text, 8, '0') from generate_series(1, ${SHOPS}) g`);
    await db.execute(sql`vacuum analyze shops`);
    const { rows } = await db.execute<{ id: string; full_name: string }>(sql`
      insert into users (username, full_name, role, password_hash)
      values ('bench-admin', 'Bench Admin', 'SUPER-ADMIN', 'not-a-hash') returning id, full_name`);
    const admin = rows[0];
    if (!admin) throw new Error('no admin');
    const ctx: AuthedContext = {
      actor: {
        id: admin.id,
        username: 'admin',
        fullName: admin.full_name,
        role: 'SUPER-ADMIN',
        shopId: null,
        sessionId: '00000000-0000-0000-0000-000000000000',
      },
      ip: '127.0.0.1',
      userAgent: 'bench',
      requestId: 'bench-news',
      lang: 'lo',
    };
    const deps = {
      db,
      outbox: app.outbox,
      publicUrl: config.publicUrl,
      publicUrlMissing: false,
      uploadsDir: config.uploadsDir,
    };
    const body =
      'ສະບາຍດີ ທຸກຮ້ານ,\nຕັ້ງແຕ່ວັນທີ 1 ມັງກອນ ລາຄາແພັກເກັດພື້ນຖານຈະເປັນ 160,000 ກີບ.\nລາຍລະອຽດ https://parkinghub.la/help';
    const ours: number[] = [];
    let queued = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const saved = await createNews(deps, ctx, {
        title: `ລາຄາໃໝ່ ${i}`,
        body,
        audience: 'ALL',
        shopIds: [],
        publish: 'NOW',
      });
      ours.push(performance.now() - t0);
      queued = Number(saved.message.params.queued);
    }
    const baseline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await db.transaction(async (tx) => {
        const token = randomBytes(24).toString('base64url');
        const made = await tx.execute<{ id: string }>(sql`
          insert into news (title, body, audience, status, sent_at, publish_at, send_count, public_token, created_by)
          values (${`ລາຄາໃໝ່ b${i}`}, ${body}, 'ALL', 'SENT', now(), now(), 1, ${token}, ${admin.id}) returning id`);
        const newsId = made.rows[0]?.id ?? '';
        const msgs = await tx.execute<{ id: string }>(sql`
          with s as (select id, name, whatsapp from shops where status = 'ACTIVE' and whatsapp <> ''),
          m as (
            insert into outbox_messages (channel, recipient, kind, template_name, template_language, template_params,
                                         body, language, shop_id, cause, cause_id, created_by, status)
            select 'WHATSAPP', s.whatsapp, 'news', 'ph_news', 'lo',
                   jsonb_build_object('body', jsonb_build_array(${`ລາຄາໃໝ່ b${i}`}::text, ${body}::text, ${`https://parkinghub.la/news/${token}`}::text)),
                   ${`ຂ່າວສານຈາກ Parking Hub: ລາຄາໃໝ່ b${i}`}::text, 'lo', s.id, 'news.send', ${newsId}::text, ${admin.id}::uuid, 'QUEUED'
            from s returning id, shop_id),
          e as (insert into outbox_events (message_id, kind, status) select id, 'QUEUED', 'QUEUED' from m)
          insert into news_deliveries (news_id, shop_id, message_id, attempts)
          select ${newsId}::uuid, m.shop_id, m.id, 1 from m returning message_id as id`);
        await app.jobs.sendMany(
          tx,
          OUTBOX_QUEUES.WHATSAPP,
          msgs.rows.map((r) => ({ data: { messageId: r.id } })),
        );
      });
      baseline.push(performance.now() - t0);
    }
    ours.sort((a, b) => a - b);
    baseline.sort((a, b) => a - b);
    const worst = ours.at(-1) ?? 0;
    out(
      `  ours (service: audience, deliveries, ${queued.toLocaleString('en')} messages + events + jobs, audit): p50 ${ms(pct(ours, 50))}   worst ${ms(worst)}   (${RUNS} runs)`,
    );
    out(
      `  baseline (INSERT … SELECT messages, events, deliveries; the same job insert): p50 ${ms(pct(baseline, 50))}   worst ${ms(baseline.at(-1) ?? 0)}`,
    );
    return [
      {
        what: `news: one item to ${SHOPS.toLocaleString('en')} shops enqueued`,
        target: `≤ ${TARGET_MS / 1000} s`,
        measured: `${ms(worst)} worst of ${RUNS} (baseline p50 ${ms(pct(baseline, 50))})`,
        pass: queued === SHOPS && worst <= TARGET_MS,
        correct: queued === SHOPS,
      },
    ];
  } finally {
    await app.close();
    await opened.close();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runAlone(import.meta.url, () => newsBench());
