import { LIST_PAGE_DEPTH } from '@parking-hub/contracts/envelope';
import type { Channel, MessageStatus } from '@parking-hub/contracts/messaging';
import { aliasedTable, and, asc, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedQuery } from '../../db/client.ts';
import { countUpTo } from '../../db/count-up-to.ts';
import { outboxEvents, outboxMessages } from '../../db/schema/messaging.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import { escapeLike } from '../../lib/like.ts';

export type MessageRow = typeof outboxMessages.$inferSelect;
export type NewMessageRow = typeof outboxMessages.$inferInsert;

export interface NewEvent {
  kind: string;
  status?: string | null;
  detail?: string | null;
  httpStatus?: number | null;
  errorCode?: string | null;
}

const INSERT_MESSAGE = `
  with m as (
    insert into outbox_messages (channel, recipient, kind, template_name, template_language, template_params,
      subject, body, secret, language, shop_id, user_id, cause, cause_id, created_by, status, expires_at)
    values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9::jsonb, $10, $11, $12, $13, $14, $15, $16, $17)
    returning id)
  insert into outbox_events (message_id, kind, status, detail)
  select id, $18, $19, $20 from m
  returning message_id`;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

/**
 * A new message and its first event: one prepared statement, as enqueuing sits on the path of
 * every call that causes a message (decision 011).
 */
export async function insertMessage(db: Executor, v: NewMessageRow, first: NewEvent): Promise<string> {
  const { rows } = await preparedQuery<{ message_id: string }>(db, 'outbox_insert', INSERT_MESSAGE, [
    v.channel,
    v.recipient,
    v.kind,
    v.templateName ?? null,
    v.templateLanguage ?? null,
    json(v.templateParams),
    v.subject ?? null,
    v.body,
    json(v.secret),
    v.language,
    v.shopId ?? null,
    v.userId ?? null,
    v.cause,
    v.causeId ?? null,
    v.createdBy ?? null,
    v.status,
    v.expiresAt ?? null,
    first.kind,
    first.status ?? null,
    first.detail ?? null,
  ]);
  const id = rows[0]?.message_id;
  if (!id) throw new Error('outbox insert returned nothing');
  return id;
}

/**
 * New messages and their first events in one statement (`Outbox.enqueueMany`): ids made by the
 * caller, each row's event its status (QUEUED, or NOT_CONFIGURED with what the channel lacks).
 */
export async function insertMessages(
  db: Executor,
  rows: ReadonlyArray<
    Required<
      Pick<NewMessageRow, 'id' | 'channel' | 'recipient' | 'kind' | 'body' | 'language' | 'cause' | 'status'>
    > &
      Pick<
        NewMessageRow,
        | 'templateName'
        | 'templateLanguage'
        | 'templateParams'
        | 'subject'
        | 'shopId'
        | 'userId'
        | 'causeId'
        | 'createdBy'
        | 'expiresAt'
      >
  >,
  missing: (channel: Channel) => string,
): Promise<void> {
  if (rows.length === 0) return;
  // A column with one value for every row (a news item's text, its template, the cause…) goes as
  // one value, not as an array of thousands of copies: most of a big batch's bytes otherwise.
  const col = (pick: (r: (typeof rows)[number]) => unknown, type: string) => {
    const values = rows.map(pick);
    const first = values[0] ?? null;
    return values.every((v) => v === first)
      ? sql`${first}::${sql.raw(type)}`
      : sql`unnest(${sql.param(values)}::${sql.raw(type)}[])`;
  };
  const ids = sql.param(rows.map((r) => r.id));
  const details = sql.param(
    rows.map((r) => (r.status === 'NOT_CONFIGURED' ? missing(r.channel as Channel) : null)),
  );
  await db.execute(sql`
    with m as (
      insert into outbox_messages (id, channel, recipient, kind, template_name, template_language, template_params,
        subject, body, language, shop_id, user_id, cause, cause_id, created_by, status, expires_at)
      select unnest(${ids}::uuid[]), ${col((r) => r.channel, 'text')}, ${col((r) => r.recipient, 'text')},
        ${col((r) => r.kind, 'text')}, ${col((r) => r.templateName ?? null, 'text')},
        ${col((r) => r.templateLanguage ?? null, 'text')}, ${col((r) => json(r.templateParams), 'jsonb')},
        ${col((r) => r.subject ?? null, 'text')}, ${col((r) => r.body, 'text')}, ${col((r) => r.language, 'text')},
        ${col((r) => r.shopId ?? null, 'uuid')}, ${col((r) => r.userId ?? null, 'uuid')}, ${col((r) => r.cause, 'text')},
        ${col((r) => r.causeId ?? null, 'text')}, ${col((r) => r.createdBy ?? null, 'uuid')}, ${col((r) => r.status, 'text')},
        ${col((r) => (r.expiresAt ? new Date(r.expiresAt).toISOString() : null), 'timestamptz')}
      returning id, status)
    insert into outbox_events (message_id, kind, status, detail)
    select m.id, m.status, m.status, d.detail
    from m join unnest(${ids}::uuid[], ${details}::text[]) as d(id, detail) on d.id = m.id`);
}

/**
 * Messages still waiting to leave (queued and not being sent, or waiting for settings) among
 * `which`, cancelled with their event (the sender skips a cancelled row; a claim in flight has set
 * `sending_since` and is left alone). Answers the ids cancelled.
 */
export async function cancelWaiting(
  db: Executor,
  which: { cause: string; causeId: string } | { ids: readonly string[] },
  detail: string,
): Promise<string[]> {
  const cond =
    'ids' in which
      ? sql`id = any(${sql.param([...which.ids])}::uuid[])`
      : sql`cause = ${which.cause} and cause_id = ${which.causeId}`;
  const { rows } = await db.execute<{ message_id: string }>(sql`
    with c as (
      update outbox_messages set status = 'CANCELLED', next_attempt_at = null, secret = null, updated_at = now()
      where (status = 'NOT_CONFIGURED' or (status = 'QUEUED' and sending_since is null)) and ${cond}
      returning id)
    insert into outbox_events (message_id, kind, status, detail)
    select id, 'CANCELLED', 'CANCELLED', ${detail} from c returning message_id`);
  return rows.map((r) => r.message_id);
}

/** Events of several messages at once (each its own). */
export async function insertEventRows(
  db: Executor,
  rows: Array<NewEvent & { messageId: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(outboxEvents).values(rows);
}

export async function insertEvent(db: Executor, messageId: string, e: NewEvent): Promise<void> {
  await db.insert(outboxEvents).values({ messageId, ...e });
}

export async function insertEvents(db: Executor, messageIds: string[], e: NewEvent): Promise<void> {
  if (messageIds.length === 0) return;
  await db.insert(outboxEvents).values(messageIds.map((messageId) => ({ messageId, ...e })));
}

/** The rows of a batch, locked for the claiming transaction, in a stable order (no deadlocks). */
export async function lockMessages(db: Executor, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.id, ids))
    .orderBy(asc(outboxMessages.id))
    .for('update');
}

export async function lockMessage(db: Executor, id: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).for('update');
  return row ?? null;
}

export async function updateMessage(db: Executor, id: string, values: Partial<NewMessageRow>): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(outboxMessages.id, id));
}

/** Rows back to QUEUED for a new round of attempts; answers their ids. */
export async function requeueMessages(
  db: Executor,
  where: {
    channel: Channel;
    statuses: MessageStatus[];
    ids?: string[];
    failedWithinDays?: number;
    /** Kinds whose secret, once wiped, cannot be sent again. */
    secretKinds?: readonly string[];
  },
): Promise<string[]> {
  const rows = await db
    .update(outboxMessages)
    .set({
      status: 'QUEUED',
      attempts: 0,
      nextAttemptAt: null,
      // A new round: the last one's provider id and reports stay in the events, not on the row.
      providerMessageId: null,
      sendingSince: null,
      sentAt: null,
      deliveredAt: null,
      readAt: null,
      failedAt: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(outboxMessages.channel, where.channel),
        inArray(outboxMessages.status, where.statuses),
        where.ids ? inArray(outboxMessages.id, where.ids) : undefined,
        sql`(${outboxMessages.expiresAt} is null or ${outboxMessages.expiresAt} > now())`,
        where.failedWithinDays
          ? sql`(${outboxMessages.failedAt} is null or ${outboxMessages.failedAt} > now() - make_interval(days => ${where.failedWithinDays}))`
          : undefined,
        where.secretKinds?.length
          ? sql`not (${outboxMessages.secret} is null and ${inArray(outboxMessages.kind, [...where.secretKinds])})`
          : undefined,
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.map((r) => r.id);
}

const creator = aliasedTable(users, 'creator');

const listColumns = {
  id: outboxMessages.id,
  channel: outboxMessages.channel,
  recipient: outboxMessages.recipient,
  kind: outboxMessages.kind,
  templateName: outboxMessages.templateName,
  language: outboxMessages.language,
  subject: outboxMessages.subject,
  body: outboxMessages.body,
  shopId: outboxMessages.shopId,
  shopName: shops.name,
  userId: outboxMessages.userId,
  userName: users.fullName,
  cause: outboxMessages.cause,
  createdByName: creator.fullName,
  status: outboxMessages.status,
  attempts: outboxMessages.attempts,
  lastError: outboxMessages.lastError,
  providerMessageId: outboxMessages.providerMessageId,
  createdAt: outboxMessages.createdAt,
  updatedAt: outboxMessages.updatedAt,
  nextAttemptAt: outboxMessages.nextAttemptAt,
  sentAt: outboxMessages.sentAt,
  deliveredAt: outboxMessages.deliveredAt,
  readAt: outboxMessages.readAt,
  failedAt: outboxMessages.failedAt,
  sendingSince: outboxMessages.sendingSince,
};
export type MessageListRow = Awaited<ReturnType<typeof findMessage>> & {};

function listQuery(db: Executor) {
  return db
    .select(listColumns)
    .from(outboxMessages)
    .leftJoin(shops, eq(shops.id, outboxMessages.shopId))
    .leftJoin(users, eq(users.id, outboxMessages.userId))
    .leftJoin(creator, eq(creator.id, outboxMessages.createdBy));
}

export async function findMessage(db: Executor, id: string, scope?: SQL) {
  const [row] = await listQuery(db)
    .where(and(eq(outboxMessages.id, id), scope))
    .limit(1);
  return row ?? null;
}

export async function findMessages(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return listQuery(db).where(inArray(outboxMessages.id, ids)).orderBy(asc(outboxMessages.createdAt));
}

export interface MessageFilter {
  status?: string | undefined;
  channel?: string | undefined;
  shopId?: string | undefined;
  fromAt?: Date | undefined;
  toAt?: Date | undefined;
  q?: string | undefined;
}

/** How far the messages list counts: past it, "10,000+", and it pages on by cursor. */
export const MESSAGE_COUNT_CAP = LIST_PAGE_DEPTH;

/**
 * A page of messages, newest first, `limit` rows. After a cursor (the id of the last message
 * seen: its exact created_at is read from its row) the page is an index range at any depth.
 */
export async function listMessages(
  db: Executor,
  f: MessageFilter,
  scope: SQL | undefined,
  page: { limit: number; offset: number; afterId: string | null },
) {
  const cond = and(
    scope,
    f.status ? eq(outboxMessages.status, f.status) : undefined,
    f.channel ? eq(outboxMessages.channel, f.channel) : undefined,
    f.shopId ? eq(outboxMessages.shopId, f.shopId) : undefined,
    f.fromAt ? gte(outboxMessages.createdAt, f.fromAt) : undefined,
    f.toAt ? lt(outboxMessages.createdAt, f.toAt) : undefined,
    f.q ? ilike(outboxMessages.recipient, `%${escapeLike(f.q)}%`) : undefined,
  );
  const after = page.afterId
    ? sql`(${outboxMessages.createdAt}, ${outboxMessages.id}) <
        (select c.created_at, c.id from outbox_messages c where c.id = ${page.afterId})`
    : undefined;
  const rows = await listQuery(db)
    .where(and(cond, after))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(page.limit)
    .offset(page.afterId ? 0 : page.offset);
  return { rows, total: await countUpTo(db, outboxMessages, cond, MESSAGE_COUNT_CAP) };
}

export async function listEvents(db: Executor, messageId: string) {
  return db
    .select()
    .from(outboxEvents)
    .where(eq(outboxEvents.messageId, messageId))
    .orderBy(asc(outboxEvents.id));
}

export async function countByStatus(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: outboxMessages.status, n: count() })
    .from(outboxMessages)
    .groupBy(outboxMessages.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}
