import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { PageMeta } from '@parking-hub/contracts/envelope';
import type { MessageKey } from '@parking-hub/contracts/messages';
import {
  type CreateNewsBody,
  type ListNewsBody,
  NEWS_SCHEDULE_MAX_DAYS,
  type News,
  type NewsDeliveriesBody,
  type NewsDelivery,
  newsExcerpt,
  type ResendNewsBody,
  UNRECEIVED_STATUSES,
  type UpdateNewsBody,
} from '@parking-hub/contracts/news';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { type Actor, type AuthedContext, isAdmin } from '../../lib/context.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { audit } from '../audit/audit.service.ts';
import { cancelWaiting } from '../outbox/outbox.repository.ts';
import type { NewMessage, Outbox } from '../outbox/outbox.ts';
import * as repo from './news.repository.ts';

/**
 * News to shops (issue 16, decision 021). Admins write to every shop, an agent's shops or chosen
 * shops; an agent to their own shops only. Sending resolves the audience once (the shops that
 * are ACTIVE then), records a delivery per shop and queues one WhatsApp template per shop with a
 * number through the outbox, all in one transaction: a crash sends nothing or everything.
 */

export interface NewsDeps {
  db: Db;
  outbox: Outbox;
  /** Where the public page lives (PUBLIC_URL): the message's link. */
  publicUrl: string;
  /** A production server without PUBLIC_URL would send links that open nothing: refuse. */
  publicUrlMissing: boolean;
  uploadsDir: string;
}

/** A picture path names a file the server stored (`POST /v1/news/image`), not one made up. */
async function checkImagePath(deps: NewsDeps, imagePath: string | null | undefined) {
  if (!imagePath) return;
  const file = path.join(deps.uploadsDir, imagePath.replace(/^\/uploads\//, ''));
  await access(file).catch(() => {
    throw badRequest({ imagePath: 'validation.newsImage' });
  });
}

/** The time to send: ahead of now and within a year. */
function checkPublishAt(publishAt: string | null | undefined, now = new Date()): string {
  const at = publishAt ? new Date(publishAt) : null;
  if (!at) throw badRequest({ publishAt: 'validation.newsPublishAt' });
  if (at.getTime() <= now.getTime()) throw badRequest({ publishAt: 'validation.newsPublishAtPast' });
  if (at.getTime() > now.getTime() + NEWS_SCHEDULE_MAX_DAYS * 86_400_000)
    throw badRequest({ publishAt: 'validation.newsPublishAtFar' });
  return at.toISOString();
}

/**
 * The audience as the actor may send it: an agent only to their own shops (AGENT is themselves,
 * SHOPS all theirs); chosen shops must exist. Answers what is stored.
 */
async function checkAudience(db: Executor, actor: Actor, body: CreateNewsBody) {
  const shopIds = body.audience === 'SHOPS' ? [...new Set(body.shopIds)] : [];
  let agentId = body.audience === 'AGENT' ? (body.agentId ?? null) : null;
  if (!isAdmin(actor)) {
    if (body.audience === 'ALL') throw forbidden('errors.newsAgentOutOfScope');
    if (body.audience === 'AGENT' && agentId !== actor.id)
      throw new AppError(403, 'errors.newsAgentOutOfScope', {}, { agentId: 'errors.newsAgentOutOfScope' });
    agentId = body.audience === 'AGENT' ? actor.id : null;
  }
  if (body.audience === 'AGENT' && isAdmin(actor)) {
    const { rows } = await db.execute(sql`select 1 from users where id = ${agentId} and role = 'AGENT'`);
    if (!rows.length) throw badRequest({ agentId: 'validation.newsAgent' });
  }
  if (shopIds.length) {
    const outside = await repo.shopsOutside(db, shopIds, isAdmin(actor) ? null : actor.id);
    if (outside.unknown.length) throw badRequest({ shopIds: 'errors.shopNotFound' });
    if (outside.notTheirs.length)
      throw new AppError(403, 'errors.newsShopOutOfScope', {}, { shopIds: 'errors.newsShopOutOfScope' });
  }
  return { audience: body.audience, agentId, shopIds };
}

/**
 * Send `newsId` to its audience now (in `tx`, the item locked by the caller): the deliveries, one
 * template per shop with WhatsApp, the item SENT. Shops without a number get their delivery (the
 * app shows them the news) and no message. Answers what went out.
 */
export async function sendNow(tx: Executor, deps: NewsDeps, row: repo.NewsRow, createdBy: string | null) {
  const shops = await repo.audienceShops(tx, row);
  if (shops.length === 0) throw conflict('errors.newsNoShops');
  const messages = await queueMessages(tx, deps, row, shops, createdBy, false);
  await repo.markSent(tx, row.id);
  return { shops: shops.length, queued: messages.filter((m) => m.messageId).length };
}

/** One template per shop with a number, and each shop's delivery pointing at its message. */
async function queueMessages(
  tx: Executor,
  deps: NewsDeps,
  row: repo.NewsRow,
  shops: ReadonlyArray<{ id: string; name: string; whatsapp: string | null }>,
  createdBy: string | null,
  again: boolean,
) {
  const link = `${deps.publicUrl}/news/${row.publicToken}`;
  const text = newsExcerpt(row.body);
  const withNumber = shops.filter((s) => s.whatsapp);
  const queued = await deps.outbox.enqueueMany(
    tx,
    withNumber.map(
      (s): NewMessage => ({
        channel: 'WHATSAPP',
        recipient: s.whatsapp as string,
        kind: 'news',
        language: 'lo',
        params: { shop: s.name, title: row.title, text, link },
        shopId: s.id,
        createdBy,
        cause: 'news.send',
        causeId: row.id,
      }),
    ),
  );
  const messageOf = new Map(withNumber.map((s, i) => [s.id, queued[i]?.id ?? null]));
  const deliveries = shops.map((s) => ({
    shopId: s.id,
    messageId: messageOf.get(s.id) ?? null,
    reason: s.whatsapp ? null : 'no_whatsapp',
  }));
  await repo.upsertDeliveries(tx, row.id, deliveries, again);
  return deliveries;
}

function refuseWithoutPublicUrl(deps: NewsDeps) {
  if (deps.publicUrlMissing) throw new AppError(409, 'errors.publicUrlMissing');
}

async function mustFind(tx: Executor, actor: Actor, id: string): Promise<repo.NewsRow> {
  const row = await repo.findNews(tx, id, repo.newsScope(actor), true);
  if (!row) throw notFound('errors.newsNotFound');
  return row;
}

function successKey(publish: CreateNewsBody['publish']): MessageKey {
  return publish === 'NOW'
    ? 'success.newsSent'
    : publish === 'SCHEDULE'
      ? 'success.newsScheduled'
      : 'success.newsSaved';
}

export interface SavedNews {
  news: News;
  message: { key: MessageKey; params: Record<string, string | number> };
}

/** `POST /v1/news/create`: a draft, a scheduled item, or sent now. */
export async function createNews(
  deps: NewsDeps,
  ctx: AuthedContext,
  body: CreateNewsBody,
): Promise<SavedNews> {
  if (body.publish !== 'DRAFT') refuseWithoutPublicUrl(deps);
  await checkImagePath(deps, body.imagePath);
  const publishAt = body.publish === 'SCHEDULE' ? checkPublishAt(body.publishAt) : null;
  let sent = { shops: 0, queued: 0 };
  const news = await deps.db.transaction(async (tx) => {
    const audience = await checkAudience(tx, ctx.actor, body);
    const newsId = await repo.insertNews(tx, {
      title: body.title,
      body: body.body,
      imagePath: body.imagePath ?? null,
      ...audience,
      status: body.publish === 'SCHEDULE' ? 'SCHEDULED' : 'DRAFT',
      publishAt,
      publicToken: randomBytes(24).toString('base64url'),
      ownerAgentId: isAdmin(ctx.actor) ? null : ctx.actor.id,
      createdBy: ctx.actor.id,
    });
    const row = (await repo.findNews(tx, newsId, sql`true`, true)) as repo.NewsRow;
    if (body.publish === 'NOW') sent = await sendNow(tx, deps, row, ctx.actor.id);
    const after = await repo.newsById(tx, newsId);
    await audit(tx, ctx, { action: 'news.create', entity: 'news', entityId: newsId, after });
    if (body.publish === 'NOW')
      await audit(tx, ctx, { action: 'news.send', entity: 'news', entityId: newsId, after: sent });
    return after as News;
  });
  if (sent.queued) deps.outbox.nudge();
  return { news, message: { key: successKey(body.publish), params: sent } };
}

/**
 * `POST /v1/news/update`: a draft or scheduled item is rewritten whole (and may be sent now or
 * rescheduled); a sent one keeps its audience and time and may have its title, text and picture
 * corrected (the app and the public page show the correction; sent messages stay as sent).
 */
export async function updateNews(
  deps: NewsDeps,
  ctx: AuthedContext,
  body: UpdateNewsBody,
): Promise<SavedNews> {
  if (body.publish !== 'DRAFT') refuseWithoutPublicUrl(deps);
  await checkImagePath(deps, body.imagePath);
  let sent = { shops: 0, queued: 0 };
  const news = await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, ctx.actor, body.id);
    if (row.status === 'WITHDRAWN') throw conflict('errors.newsWithdrawn');
    const before = await repo.newsById(tx, row.id);
    if (row.status === 'SENT') {
      const sameAudience =
        body.audience === row.audience &&
        (body.agentId ?? null) === (row.audience === 'AGENT' ? row.agentId : null) &&
        (body.audience !== 'SHOPS' || sameSet(body.shopIds, row.shopIds));
      if (!sameAudience || body.publish !== 'DRAFT') throw conflict('errors.newsSentAudience');
      await repo.updateNewsRow(tx, row.id, {
        title: body.title,
        body: body.body,
        imagePath: body.imagePath ?? null,
      });
    } else {
      const audience = await checkAudience(tx, ctx.actor, body);
      const publishAt = body.publish === 'SCHEDULE' ? checkPublishAt(body.publishAt) : null;
      await repo.updateNewsRow(tx, row.id, {
        title: body.title,
        body: body.body,
        imagePath: body.imagePath ?? null,
        ...audience,
        status: body.publish === 'SCHEDULE' ? 'SCHEDULED' : 'DRAFT',
        publishAt,
        // An admin's audience is the platform's: an agent's item an admin rewrites becomes theirs.
        ownerAgentId: isAdmin(ctx.actor) ? null : row.ownerAgentId,
      });
      if (body.publish === 'NOW') {
        const fresh = (await repo.findNews(tx, row.id, sql`true`, true)) as repo.NewsRow;
        sent = await sendNow(tx, deps, fresh, ctx.actor.id);
      }
    }
    const after = await repo.newsById(tx, row.id);
    await audit(tx, ctx, { action: 'news.update', entity: 'news', entityId: row.id, before, after });
    if (body.publish === 'NOW' && row.status !== 'SENT')
      await audit(tx, ctx, { action: 'news.send', entity: 'news', entityId: row.id, after: sent });
    return after as News;
  });
  if (sent.queued) deps.outbox.nudge();
  return { news, message: { key: successKey(body.publish), params: sent } };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set([...a, ...b]).size === new Set(b).size;

/** `POST /v1/news/delete`: WITHDRAWN (kept): gone from the shops' app and its public page says so. */
export async function withdrawNews(db: Db, ctx: AuthedContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await mustFind(tx, ctx.actor, id);
    if (row.status === 'WITHDRAWN') throw conflict('errors.newsWithdrawn');
    await repo.markWithdrawn(tx, row.id, ctx.actor.id);
    // Its messages not yet sent (queued, or waiting for settings) are not sent any more.
    const cancelled = await cancelWaiting(tx, { cause: 'news.send', causeId: row.id }, ctx.actor.fullName);
    await audit(tx, ctx, {
      action: 'news.withdraw',
      entity: 'news',
      entityId: row.id,
      before: { status: row.status },
      after: { status: 'WITHDRAWN', messagesCancelled: cancelled.length },
    });
  });
}

/**
 * `POST /v1/news/resent`: a sent item again to the shops that did not get it (failed, waiting for
 * settings, cancelled, or without a number then: now it may have one), or to all of its shops.
 */
export async function resendNews(deps: NewsDeps, ctx: AuthedContext, body: ResendNewsBody) {
  refuseWithoutPublicUrl(deps);
  const result = await deps.db.transaction(async (tx) => {
    const row = await mustFind(tx, ctx.actor, body.id);
    if (row.status === 'WITHDRAWN') throw conflict('errors.newsWithdrawn');
    if (row.status !== 'SENT') throw conflict('errors.newsNotSent');
    const shops = await repo.deliveriesToResend(tx, row, body.to === 'ALL' ? null : UNRECEIVED_STATUSES);
    // A shop's message still waiting to leave is replaced, not sent as well as the new one.
    const old = shops.flatMap((s) => (s.messageId ? [s.messageId] : []));
    if (old.length) await cancelWaiting(tx, { ids: old }, ctx.actor.fullName);
    const deliveries = await queueMessages(
      tx,
      deps,
      row,
      shops.map((s) => ({ id: s.shopId, name: s.name, whatsapp: s.whatsapp })),
      ctx.actor.id,
      true,
    );
    const queued = deliveries.filter((d) => d.messageId).length;
    if (queued) await repo.markSent(tx, row.id);
    const counts = { to: body.to, queued, skipped: deliveries.length - queued };
    await audit(tx, ctx, { action: 'news.resend', entity: 'news', entityId: row.id, after: counts });
    return { queued, skipped: counts.skipped };
  });
  if (result.queued) deps.outbox.nudge();
  return result;
}

export async function getNews(db: Db, actor: Actor, id: string): Promise<News> {
  const row = await repo.findNews(db, id, repo.newsScope(actor));
  if (!row) throw notFound('errors.newsNotFound');
  return (await repo.newsById(db, id)) as News;
}

export async function listNews(
  db: Db,
  actor: Actor,
  body: ListNewsBody,
): Promise<{ data: News[]; meta: PageMeta }> {
  const { rows, total } = await repo.listNews(db, repo.newsScope(actor), body);
  return { data: rows, meta: pageMeta(body, total) };
}

export async function listDeliveries(
  db: Db,
  actor: Actor,
  body: NewsDeliveriesBody,
): Promise<{ data: NewsDelivery[]; meta: PageMeta }> {
  await getNews(db, actor, body.newsId);
  const { rows, total } = await repo.listDeliveries(db, body, actor.role === 'AGENT' ? actor.id : null);
  return { data: rows, meta: pageMeta(body, total) };
}

// ---- The schedule ----

/** Send what is due (the `news-publish` schedule, every minute); each item in its own transaction. */
export async function publishDue(
  deps: NewsDeps,
  batch = 20,
  log?: { warn: (msg: string) => void },
): Promise<number> {
  if (deps.publicUrlMissing) {
    log?.warn('news-publish: PUBLIC_URL is not set on this production server; scheduled news waits');
    return 0;
  }
  let sent = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const [id] = await repo.lockDueNews(tx, 1);
      if (!id) return false;
      const row = (await repo.findNews(tx, id, sql`true`, true)) as repo.NewsRow;
      const ctx = {
        actor: null,
        ip: '127.0.0.1',
        userAgent: 'news-publish',
        requestId: `news-publish-${id}`,
        lang: 'lo' as const,
      };
      try {
        const result = await tx.transaction(async (inner) => sendNow(inner, deps, row, null));
        await audit(tx, ctx, { action: 'news.send', entity: 'news', entityId: id, after: result });
      } catch (err) {
        // An audience with no active shop left: it stays a draft for an admin to look at.
        if (!(err instanceof AppError) || err.key !== 'errors.newsNoShops') throw err;
        await repo.updateNewsRow(tx, id, { status: 'DRAFT' });
        await audit(tx, ctx, {
          action: 'news.update',
          entity: 'news',
          entityId: id,
          after: { status: 'DRAFT', reason: err.key },
        });
      }
      return true;
    });
    if (!done) break;
    sent += 1;
    if (sent >= batch) break;
  }
  if (sent) deps.outbox.nudge();
  return sent;
}
