import type {
  ListMessagesBody,
  MessagingStatus,
  OutboxMessage,
  OutboxMessageDetail,
  ResetWhatsappResult,
  SendToShopsBody,
  SendToShopsResult,
  TestWhatsappBody,
  WhatsappConnection,
} from '@parking-hub/contracts/messaging';
import { MESSAGE_STATUSES } from '@parking-hub/contracts/messaging';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema/messaging.ts';
import { shops } from '../../db/schema/shops.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { cursorPageMeta, decodeCursor, encodeCursor, pageOffset } from '../../lib/paging.ts';
import { addDays, iso, isoOrNull, startOfLaoDay } from '../../lib/time.ts';
import { isShopInScope, shopScope } from '../../tenancy/scope.ts';
import { audit } from '../audit/audit.service.ts';
import {
  countByStatus,
  findMessage,
  findMessages,
  insertEvent,
  listEvents,
  listMessages as listRows,
  lockMessage,
  MESSAGE_COUNT_CAP,
  type MessageListRow,
  updateMessage,
} from './outbox.repository.ts';
import { OUTBOX_QUEUES, type Outbox } from './outbox.ts';
import { readSetting, writeSetting } from './settings.repository.ts';
import { type MessageKind, maskSecrets, SECRET_KINDS } from './templates.ts';

export interface OutboxServiceDeps {
  db: Db;
  outbox: Outbox;
}

const LAST_CHECK = 'whatsapp.last_check';

export function toMessage(r: MessageListRow): OutboxMessage {
  return {
    ...r,
    channel: r.channel as OutboxMessage['channel'],
    status: r.status as OutboxMessage['status'],
    body: maskSecrets(r.body),
    sending: r.sendingSince !== null,
    subject: r.subject === null ? null : maskSecrets(r.subject),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
    nextAttemptAt: isoOrNull(r.nextAttemptAt),
    sentAt: isoOrNull(r.sentAt),
    deliveredAt: isoOrNull(r.deliveredAt),
    readAt: isoOrNull(r.readAt),
    failedAt: isoOrNull(r.failedAt),
  };
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const scopeOf = (ctx: AuthedContext) => shopScope(ctx.actor, outboxMessages.shopId);

export async function listMessages(db: Db, ctx: AuthedContext, body: ListMessagesBody) {
  const afterId = body.cursor ? (decodeCursor(body.cursor, [UUID_PATTERN])[0] ?? null) : null;
  const { rows, total } = await listRows(
    db,
    {
      status: body.status,
      channel: body.channel,
      shopId: body.shopId,
      q: body.q,
      fromAt: body.from ? startOfLaoDay(body.from) : undefined,
      toAt: body.to ? addDays(startOfLaoDay(body.to), 1) : undefined,
    },
    scopeOf(ctx),
    { limit: body.pageSize + 1, offset: pageOffset(body), afterId },
  );
  return {
    data: rows.slice(0, body.pageSize).map(toMessage),
    meta: cursorPageMeta(body, rows, total, MESSAGE_COUNT_CAP, (last) => encodeCursor([last.id])),
  };
}

export async function messageDetail(db: Db, ctx: AuthedContext, id: string): Promise<OutboxMessageDetail> {
  const row = await findMessage(db, id, scopeOf(ctx));
  if (!row) throw notFound('errors.messageNotFound');
  const events = await listEvents(db, id);
  return {
    message: toMessage(row),
    events: events.map((e) => ({
      id: e.id.toString(),
      at: iso(e.at),
      kind: e.kind as OutboxMessageDetail['events'][number]['kind'],
      status: e.status as OutboxMessage['status'] | null,
      detail: e.detail === null ? null : maskSecrets(e.detail),
      httpStatus: e.httpStatus,
      errorCode: e.errorCode,
    })),
  };
}

async function visibleMessage(db: Db, id: string) {
  const row = await findMessage(db, id);
  if (!row) throw notFound('errors.messageNotFound');
  return toMessage(row);
}

/** Send again now: a queued row skips its wait; a failed, waiting or cancelled one starts over. */
export async function retryMessage({ db, outbox }: OutboxServiceDeps, ctx: AuthedContext, id: string) {
  await db.transaction(async (tx) => {
    const row = await lockMessage(tx, id);
    if (!row) throw notFound('errors.messageNotFound');
    if (['SENT', 'DELIVERED', 'READ'].includes(row.status)) throw conflict('errors.messageAlreadySent');
    const spent = SECRET_KINDS.includes(row.kind as MessageKind) && row.secret === null;
    if (spent || (row.expiresAt && row.expiresAt.getTime() <= Date.now()))
      throw conflict('errors.messageExpired');
    const channel = row.channel as OutboxMessage['channel'];
    if (!outbox.configured(channel)) {
      throw conflict(channel === 'WHATSAPP' ? 'errors.whatsappNotConfigured' : 'errors.emailNotConfigured');
    }
    if (row.status === 'QUEUED') {
      if (row.sendingSince) throw conflict('errors.messageSending');
      await updateMessage(tx, id, { nextAttemptAt: null });
      await insertEvent(tx, id, { kind: 'REQUEUED', status: 'QUEUED', detail: 'send now' });
      await outbox.deps.jobs.send(tx, OUTBOX_QUEUES[channel], { messageId: id });
    } else {
      await outbox.requeue(tx, channel, ['FAILED', 'NOT_CONFIGURED', 'CANCELLED'], [id]);
    }
    await audit(tx, ctx, {
      action: 'outbox.retry',
      entity: 'message',
      entityId: id,
      shopId: row.shopId,
      before: { status: row.status, attempts: row.attempts },
    });
  });
  outbox.nudge();
  return visibleMessage(db, id);
}

export async function cancelMessage(db: Db, ctx: AuthedContext, id: string) {
  await db.transaction(async (tx) => {
    const row = await lockMessage(tx, id);
    if (!row) throw notFound('errors.messageNotFound');
    const waiting = (row.status === 'QUEUED' && !row.sendingSince) || row.status === 'NOT_CONFIGURED';
    if (!waiting) throw conflict('errors.messageNotQueued');
    await updateMessage(tx, id, { status: 'CANCELLED', nextAttemptAt: null, secret: null });
    await insertEvent(tx, id, { kind: 'CANCELLED', status: 'CANCELLED', detail: ctx.actor.fullName });
    await audit(tx, ctx, {
      action: 'outbox.cancel',
      entity: 'message',
      entityId: id,
      shopId: row.shopId,
      before: { status: row.status },
      after: { status: 'CANCELLED' },
    });
  });
  return visibleMessage(db, id);
}

export async function testWhatsapp(
  { db, outbox }: OutboxServiceDeps,
  ctx: AuthedContext,
  body: TestWhatsappBody,
) {
  const id = await db.transaction(async (tx) => {
    const queued = await outbox.enqueue(tx, {
      channel: 'WHATSAPP',
      recipient: body.to,
      kind: 'test',
      language: ctx.lang,
      ...(body.text ? { text: body.text } : {}),
      createdBy: ctx.actor.id,
      cause: 'admin.test',
    });
    await audit(tx, ctx, {
      action: 'outbox.test',
      entity: 'message',
      entityId: queued.id,
      after: { to: body.to, status: queued.status },
    });
    return queued.id;
  });
  outbox.nudge();
  return visibleMessage(db, id);
}

async function checkConnection(outbox: Outbox): Promise<WhatsappConnection> {
  const missing = outbox.missingSettings('WHATSAPP');
  const checkedAt = new Date().toISOString();
  if (!outbox.whatsapp) {
    return {
      state: 'NOT_CONFIGURED',
      missing,
      checkedAt,
      phoneNumber: null,
      verifiedName: null,
      qualityRating: null,
      error: null,
    };
  }
  return { ...(await outbox.whatsapp.check()), missing, checkedAt };
}

/** Check the settings against the API; when connected, failed and waiting messages go again. */
export async function resetWhatsapp(
  { db, outbox }: OutboxServiceDeps,
  ctx: AuthedContext,
): Promise<ResetWhatsappResult> {
  const connection = await checkConnection(outbox);
  const requeued = await db.transaction(async (tx) => {
    await writeSetting(tx, LAST_CHECK, connection);
    const ids =
      connection.state === 'CONNECTED'
        ? await outbox.requeue(tx, 'WHATSAPP', ['FAILED', 'NOT_CONFIGURED'])
        : [];
    await audit(tx, ctx, {
      action: 'outbox.reset',
      entity: 'whatsapp',
      after: { state: connection.state, error: connection.error, requeued: ids.length },
    });
    return ids.length;
  });
  outbox.nudge();
  return { connection, requeued };
}

export async function messagingStatus({ db, outbox }: OutboxServiceDeps): Promise<MessagingStatus> {
  const { config } = outbox.deps;
  const counts = await countByStatus(db);
  return {
    whatsapp: {
      configured: outbox.configured('WHATSAPP'),
      missing: outbox.missingSettings('WHATSAPP'),
      apiUrl: config.whatsapp.apiUrl,
      phoneNumberId: config.whatsapp.phoneNumberId ?? null,
      webhookReady: Boolean(config.whatsapp.appSecret && config.whatsapp.verifyToken),
      ratePerSecond: config.whatsapp.ratePerSecond,
      lastCheck: (await readSetting<WhatsappConnection>(db, LAST_CHECK)) ?? null,
    },
    email: {
      configured: outbox.configured('EMAIL'),
      from: config.email.from,
      ratePerSecond: config.email.ratePerSecond,
    },
    counts: Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, counts[s] ?? 0])) as MessagingStatus['counts'],
  };
}

/** A message to shops' WhatsApp numbers: admins to any shop, an agent to the shops they serve. */
export async function sendToShops(
  { db, outbox }: OutboxServiceDeps,
  ctx: AuthedContext,
  body: SendToShopsBody,
): Promise<SendToShopsResult> {
  const shopIds = [...new Set(body.shopIds)];
  const found = await db
    .select({ id: shops.id, name: shops.name, whatsapp: shops.whatsapp })
    .from(shops)
    .where(inArray(shops.id, shopIds));
  if (found.length < shopIds.length) throw notFound('errors.shopNotFound');
  for (const shop of found) {
    if (!(await isShopInScope(db, ctx.actor, shop.id))) throw forbidden('errors.shopOutOfScope');
  }
  const skipped = found
    .filter((s) => !s.whatsapp)
    .map((s) => ({ shopId: s.id, shopName: s.name, reason: 'noWhatsapp' as const }));
  const ids = await db.transaction(async (tx) => {
    const out: string[] = [];
    for (const shop of found) {
      if (!shop.whatsapp) continue;
      const queued = await outbox.enqueue(tx, {
        channel: 'WHATSAPP',
        recipient: shop.whatsapp,
        kind: 'shop_message',
        language: 'lo',
        params: { shop: shop.name },
        text: body.text,
        shopId: shop.id,
        createdBy: ctx.actor.id,
        cause: 'shop.message',
      });
      out.push(queued.id);
    }
    await audit(tx, ctx, {
      action: 'outbox.send_to_shops',
      entity: 'message',
      shopId: found.length === 1 ? (found[0]?.id ?? null) : null,
      after: { shops: found.map((s) => s.id), queued: out.length, skipped: skipped.length, text: body.text },
    });
    return out;
  });
  outbox.nudge();
  return { queued: (await findMessages(db, ids)).map(toMessage), skipped };
}
