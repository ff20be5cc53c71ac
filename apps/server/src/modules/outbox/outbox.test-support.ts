import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxEvents, outboxMessages } from '../../db/schema/messaging.ts';
import { createTestApp, signedIn, type TestApp } from '../../test/harness.ts';
import {
  FakeWhatsApp,
  type FakeWhatsAppOptions,
  type RecordedRequest,
} from '../../test/peers/fake-whatsapp.ts';
import { SmtpSink } from '../../test/peers/smtp-sink.ts';

export type MessageRow = typeof outboxMessages.$inferSelect;

/** The settings that point a server at the peers (fake Cloud API, SMTP sink). */
export function peerEnv(fake: FakeWhatsApp | null, sink: SmtpSink | null): Record<string, string> {
  return {
    ...(fake
      ? {
          WHATSAPP_API_URL: fake.url,
          WHATSAPP_TOKEN: fake.token,
          WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
          WHATSAPP_APP_SECRET: fake.appSecret,
          WHATSAPP_VERIFY_TOKEN: 'test-verify-token',
        }
      : {}),
    ...(sink ? { SMTP_URL: sink.url, MAIL_FROM: 'Parking Hub <no-reply@parkinghub.test>' } : {}),
  };
}

export interface MessagingScene {
  t: TestApp;
  fake: FakeWhatsApp;
  sink: SmtpSink;
  /** A SUPER-ADMIN's token. */
  admin: string;
  /** Where the app listens (the fake posts its webhooks there). */
  base: string;
  close(): Promise<void>;
}

/**
 * An app that sends for real: workers on, WhatsApp to a fake Cloud API whose signed webhooks come
 * back over HTTP, e-mail to an SMTP sink; retries one second apart so tests see them.
 */
export async function messagingScene(
  env: Record<string, string> = {},
  fakeOptions: FakeWhatsAppOptions = {},
): Promise<MessagingScene> {
  const fake = await FakeWhatsApp.start(fakeOptions);
  const sink = await SmtpSink.start();
  const t = await createTestApp({
    ...peerEnv(fake, sink),
    JOBS_WORKERS: 'true',
    JOBS_MAINTENANCE_SECONDS: '1',
    OUTBOX_RETRY_BASE_SECONDS: '1',
    WHATSAPP_RECIPIENT_GAP_SECONDS: '0',
    WHATSAPP_RATE_PER_SECOND: '200',
    EMAIL_RATE_PER_SECOND: '200',
    ...env,
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  if (fakeOptions.webhookUrl === undefined)
    fake.setWebhook(`${base}/parking-hub-api/bot/v1/whatsapp/webhook`);
  const { token } = await signedIn(t, 'SUPER-ADMIN');
  return {
    t,
    fake,
    sink,
    admin: token,
    base,
    async close() {
      await t.close();
      await fake.close();
      await sink.close();
    },
  };
}

export async function messageRow(db: Db, id: string): Promise<MessageRow> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** Polls the row until `done` holds (the sender works in the background). */
export async function waitForRow(
  db: Db,
  id: string,
  done: (row: MessageRow) => boolean,
  timeoutMs = 15_000,
): Promise<MessageRow> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const row = await messageRow(db, id);
    if (done(row)) return row;
    if (Date.now() > end)
      throw new Error(`outbox row ${id} stayed ${row.status} (attempts ${row.attempts}, ${row.lastError})`);
    await sleep(100);
  }
}

export async function eventKinds(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .select({ kind: outboxEvents.kind })
    .from(outboxEvents)
    .where(eq(outboxEvents.messageId, id))
    .orderBy(outboxEvents.id);
  return rows.map((r) => r.kind);
}

/** The outbox id a request to the Cloud API carried (its client reference is '<id>:<attempt>'). */
export const idOf = (r: RecordedRequest): string | undefined => r.clientRef?.split(':')[0];
