import type {
  DeliveryStatus,
  InboxNews,
  ListNewsBody,
  News,
  NewsAudience,
  NewsDeliveriesBody,
  NewsDelivery,
  NewsStatus,
} from '@parking-hub/contracts/news';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/context.ts';
import { escapeLike } from '../../lib/like.ts';
import { isoOrNull } from '../../lib/time.ts';

type Stamp = Date | string;

/** A news row as the service works with it. */
export type NewsRow = {
  id: string;
  title: string;
  body: string;
  imagePath: string | null;
  audience: NewsAudience;
  agentId: string | null;
  shopIds: string[];
  status: NewsStatus;
  publishAt: Stamp | null;
  sentAt: Stamp | null;
  sendCount: number;
  publicToken: string;
  ownerAgentId: string | null;
  withdrawnAt: Stamp | null;
  createdAt: Stamp;
  updatedAt: Stamp;
};

const ROW = sql`n.id, n.title, n.body, n.image_path as "imagePath", n.audience, n.agent_id as "agentId",
  n.shop_ids as "shopIds", n.status, n.publish_at as "publishAt", n.sent_at as "sentAt", n.send_count as "sendCount",
  n.public_token as "publicToken", n.owner_agent_id as "ownerAgentId", n.withdrawn_at as "withdrawnAt",
  n.created_at as "createdAt", n.updated_at as "updatedAt"`;

/** Admins see every news item; an agent the ones they wrote; nobody else any. */
export function newsScope(actor: Actor): SQL {
  if (actor.role === 'SUPER-ADMIN' || actor.role === 'ADMIN') return sql`true`;
  if (actor.role === 'AGENT') return sql`n.owner_agent_id = ${actor.id}`;
  return sql`false`;
}

export async function findNews(db: Executor, id: string, scope: SQL, lock = false): Promise<NewsRow | null> {
  const { rows } = await db.execute<NewsRow>(sql`
    select ${ROW} from news n where n.id = ${id} and ${scope} ${lock ? sql`for update of n` : sql``}`);
  return rows[0] ?? null;
}

export interface NewNews {
  title: string;
  body: string;
  imagePath: string | null;
  audience: NewsAudience;
  agentId: string | null;
  shopIds: string[];
  status: NewsStatus;
  publishAt: string | null;
  publicToken: string;
  ownerAgentId: string | null;
  createdBy: string;
}

export async function insertNews(db: Executor, v: NewNews): Promise<string> {
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into news (title, body, image_path, audience, agent_id, shop_ids, status, publish_at, public_token,
                      owner_agent_id, created_by)
    values (${v.title}, ${v.body}, ${v.imagePath}, ${v.audience}, ${v.agentId}, ${sql.param(v.shopIds)}::uuid[],
            ${v.status}, ${v.publishAt}, ${v.publicToken}, ${v.ownerAgentId}, ${v.createdBy})
    returning id`);
  const id = rows[0]?.id;
  if (!id) throw new Error('news insert returned nothing');
  return id;
}

export type NewsChange = Partial<
  Pick<
    NewNews,
    | 'title'
    | 'body'
    | 'imagePath'
    | 'audience'
    | 'agentId'
    | 'shopIds'
    | 'status'
    | 'publishAt'
    | 'ownerAgentId'
  >
>;

export async function updateNewsRow(db: Executor, id: string, v: NewsChange): Promise<void> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (v.title !== undefined) sets.push(sql`title = ${v.title}`);
  if (v.body !== undefined) sets.push(sql`body = ${v.body}`);
  if (v.imagePath !== undefined) sets.push(sql`image_path = ${v.imagePath}`);
  if (v.audience !== undefined) sets.push(sql`audience = ${v.audience}`);
  if (v.agentId !== undefined) sets.push(sql`agent_id = ${v.agentId}`);
  if (v.shopIds !== undefined) sets.push(sql`shop_ids = ${sql.param(v.shopIds)}::uuid[]`);
  if (v.status !== undefined) sets.push(sql`status = ${v.status}`);
  if (v.publishAt !== undefined) sets.push(sql`publish_at = ${v.publishAt}`);
  if (v.ownerAgentId !== undefined) sets.push(sql`owner_agent_id = ${v.ownerAgentId}`);
  await db.execute(sql`update news set ${sql.join(sets, sql`, `)} where id = ${id}`);
}

export async function markWithdrawn(db: Executor, id: string, by: string): Promise<void> {
  await db.execute(sql`
    update news set status = 'WITHDRAWN', withdrawn_at = now(), withdrawn_by = ${by}, updated_at = now()
    where id = ${id}`);
}

export async function markSent(db: Executor, id: string): Promise<void> {
  await db.execute(sql`
    update news set status = 'SENT', sent_at = coalesce(sent_at, now()), publish_at = coalesce(publish_at, now()),
      send_count = send_count + 1, updated_at = now()
    where id = ${id}`);
}

/** An agent's item reaches only the shops the agent serves when it is sent (a shop moved away drops out). */
const ownerShops = (ownerAgentId: string | null) =>
  ownerAgentId ? sql`and s.agent_id = ${ownerAgentId}` : sql``;

/**
 * The active shops an audience names now (with their WhatsApp numbers), in name order; an agent's
 * item, only the agent's shops.
 */
export async function audienceShops(
  db: Executor,
  v: {
    audience: NewsAudience;
    agentId: string | null;
    shopIds: readonly string[];
    ownerAgentId: string | null;
  },
): Promise<Array<{ id: string; name: string; whatsapp: string | null }>> {
  const who =
    v.audience === 'ALL'
      ? sql`true`
      : v.audience === 'AGENT'
        ? sql`s.agent_id = ${v.agentId}`
        : sql`s.id = any(${sql.param(v.shopIds)}::uuid[])`;
  const { rows } = await db.execute<{ id: string; name: string; whatsapp: string | null }>(sql`
    select s.id, s.name, nullif(s.whatsapp, '') as whatsapp from shops s
    where s.status = 'ACTIVE' and ${who} ${ownerShops(v.ownerAgentId)} order by s.name, s.id`);
  return rows;
}

/** Of `ids`, those that are no shop, and those the agent does not serve. */
export async function shopsOutside(
  db: Executor,
  ids: readonly string[],
  agentId: string | null,
): Promise<{ unknown: string[]; notTheirs: string[] }> {
  if (ids.length === 0) return { unknown: [], notTheirs: [] };
  const { rows } = await db.execute<{ id: string; agent_id: string | null }>(sql`
    select id, agent_id from shops where id = any(${sql.param([...ids])}::uuid[])`);
  const found = new Map(rows.map((r) => [r.id, r.agent_id]));
  return {
    unknown: ids.filter((id) => !found.has(id)),
    notTheirs: agentId ? ids.filter((id) => found.has(id) && found.get(id) !== agentId) : [],
  };
}

/**
 * One delivery per shop. The first send inserts them; a resend (`again`) updates the shop's row
 * (its new message, one more attempt): it never adds a shop twice.
 */
export async function upsertDeliveries(
  db: Executor,
  newsId: string,
  rows: ReadonlyArray<{ shopId: string; messageId: string | null; reason: string | null }>,
  again: boolean,
): Promise<void> {
  if (rows.length === 0) return;
  const source = sql`
    select ${newsId}::uuid, d.shop_id, d.message_id, d.reason, case when d.message_id is null then 0 else 1 end
    from unnest(${sql.param(rows.map((r) => r.shopId))}::uuid[], ${sql.param(rows.map((r) => r.messageId))}::uuid[],
                ${sql.param(rows.map((r) => r.reason))}::text[]) as d(shop_id, message_id, reason)`;
  if (!again) {
    await db.execute(
      sql`insert into news_deliveries (news_id, shop_id, message_id, reason, attempts) ${source}`,
    );
    return;
  }
  await db.execute(sql`
    insert into news_deliveries (news_id, shop_id, message_id, reason, attempts) ${source}
    on conflict (news_id, shop_id) do update
      set message_id = coalesce(excluded.message_id, news_deliveries.message_id),
          reason = excluded.reason,
          attempts = news_deliveries.attempts + case when excluded.message_id is null then 0 else 1 end,
          updated_at = now()`);
}

/** A delivery's status: its message's, or NO_WHATSAPP when none could be sent. */
const DELIVERY_STATUS = sql`coalesce(m.status, 'NO_WHATSAPP')`;

/** The shops of a sent item to send again: those that did not get it (`statuses`), or all. */
export async function deliveriesToResend(
  db: Executor,
  news: { id: string; ownerAgentId: string | null },
  statuses: readonly DeliveryStatus[] | null,
): Promise<Array<{ shopId: string; name: string; whatsapp: string | null; messageId: string | null }>> {
  const { rows } = await db.execute<{
    shopId: string;
    name: string;
    whatsapp: string | null;
    messageId: string | null;
  }>(sql`
    select d.shop_id as "shopId", s.name, nullif(s.whatsapp, '') as whatsapp, d.message_id as "messageId"
    from news_deliveries d join shops s on s.id = d.shop_id left join outbox_messages m on m.id = d.message_id
    where d.news_id = ${news.id} and s.status = 'ACTIVE' ${ownerShops(news.ownerAgentId)}
      ${statuses ? sql`and ${DELIVERY_STATUS} = any(${sql.param([...statuses])}::text[])` : sql``}
    order by s.name, s.id`);
  return rows;
}

type ListRow = NewsRow & {
  agentName: string | null;
  createdByName: string | null;
  shopNames: string[] | null;
  shops: number;
  deliveries: Record<string, number> | null;
};

/** Shops and per-status counts of each item, the agent's and the author's names, the chosen shops' names. */
const LIST_SELECT = sql`
  select ${ROW}, a.full_name as "agentName", c.full_name as "createdByName",
    (select array_agg(s.name order by array_position(n.shop_ids, s.id)) from shops s where s.id = any(n.shop_ids)) as "shopNames",
    (select count(*)::int from news_deliveries d where d.news_id = n.id) as shops,
    (select jsonb_object_agg(st, k) from (
       select ${DELIVERY_STATUS} as st, count(*)::int as k
       from news_deliveries d left join outbox_messages m on m.id = d.message_id
       where d.news_id = n.id group by 1) x) as deliveries
  from news n left join users a on a.id = n.agent_id left join users c on c.id = n.created_by`;

function present(r: ListRow): News {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    imagePath: r.imagePath,
    audience: r.audience,
    agentId: r.agentId,
    agentName: r.agentName,
    shopIds: r.shopIds,
    shopNames: r.shopNames ?? [],
    status: r.status,
    publishAt: isoOrNull(r.publishAt),
    sentAt: isoOrNull(r.sentAt),
    sendCount: r.sendCount,
    withdrawnAt: isoOrNull(r.withdrawnAt),
    ownerAgentId: r.ownerAgentId,
    createdByName: r.createdByName,
    createdAt: isoOrNull(r.createdAt) ?? '',
    updatedAt: isoOrNull(r.updatedAt) ?? '',
    shops: r.shops,
    deliveries: r.deliveries ?? {},
    publicPath: `/news/${r.publicToken}`,
  };
}

export async function newsById(db: Executor, id: string): Promise<News | null> {
  const { rows } = await db.execute<ListRow>(sql`${LIST_SELECT} where n.id = ${id}`);
  return rows[0] ? present(rows[0]) : null;
}

/** A page of the news the actor sees, newest first; withdrawn ones only when asked for. */
export async function listNews(
  db: Executor,
  scope: SQL,
  f: ListNewsBody,
): Promise<{ rows: News[]; total: number }> {
  const parts = [scope];
  if (f.status) parts.push(sql`n.status = ${f.status}`);
  else parts.push(sql`n.status <> 'WITHDRAWN'`);
  if (f.audience) parts.push(sql`n.audience = ${f.audience}`);
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    parts.push(sql`(n.title ilike ${like} or n.body ilike ${like})`);
  }
  const where = sql.join(parts, sql` and `);
  const offset = (f.page - 1) * f.pageSize;
  const [rows, count] = await Promise.all([
    db.execute<ListRow>(sql`${LIST_SELECT} where ${where}
      order by coalesce(n.sent_at, n.publish_at, n.created_at) desc, n.id desc limit ${f.pageSize} offset ${offset}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from news n where ${where}`),
  ]);
  return { rows: rows.rows.map(present), total: count.rows[0]?.n ?? 0 };
}

type DeliveryRow = Omit<NewsDelivery, 'updatedAt'> & { updatedAt: Stamp };

export async function listDeliveries(
  db: Executor,
  f: NewsDeliveriesBody,
  agentId: string | null,
): Promise<{ rows: NewsDelivery[]; total: number }> {
  const parts = [sql`d.news_id = ${f.newsId}`];
  // An agent sees the deliveries of the shops they serve now, not of one moved to another agent.
  if (agentId) parts.push(sql`s.agent_id = ${agentId}`);
  if (f.status) parts.push(sql`${DELIVERY_STATUS} = ${f.status}`);
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    parts.push(sql`(s.name ilike ${like} or s.code ilike ${like} or s.whatsapp ilike ${like})`);
  }
  const where = sql.join(parts, sql` and `);
  const from = sql`news_deliveries d join shops s on s.id = d.shop_id left join outbox_messages m on m.id = d.message_id`;
  const [rows, count] = await Promise.all([
    db.execute<DeliveryRow>(sql`
      select d.shop_id as "shopId", s.name as "shopName", s.code as "shopCode", coalesce(m.recipient, nullif(s.whatsapp, '')) as whatsapp,
             ${DELIVERY_STATUS} as status, d.attempts, m.last_error as "lastError", d.message_id as "messageId",
             greatest(d.updated_at, m.updated_at) as "updatedAt"
      from ${from} where ${where}
      order by s.name, s.id limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from ${from} where ${where}`),
  ]);
  return {
    rows: rows.rows.map((r) => ({ ...r, updatedAt: isoOrNull(r.updatedAt) ?? '' })),
    total: count.rows[0]?.n ?? 0,
  };
}

// ---- The shop's side: the bell and the staff app ----

/** A news item (`n`) sent, not withdrawn, to any of the reader's shops. */
const addressedTo = (shopIds: SQL) => sql`n.status = 'SENT' and exists (
  select 1 from news_deliveries d where d.news_id = n.id and d.shop_id in (${shopIds}))`;

/** The news addressed to any of `shopIds`, sent and not withdrawn, newest first, with the reader's mark. */
export async function inbox(
  db: Executor,
  userId: string,
  shopIds: SQL,
  page: { page: number; pageSize: number },
): Promise<{ rows: InboxNews[]; total: number }> {
  const addressed = addressedTo(shopIds);
  const [rows, count] = await Promise.all([
    db.execute<Omit<InboxNews, 'sentAt'> & { sentAt: Stamp }>(sql`
      select n.id, n.title, n.body, n.image_path as "imagePath", n.sent_at as "sentAt",
             exists (select 1 from news_reads r where r.news_id = n.id and r.user_id = ${userId}) as read
      from news n where ${addressed}
      order by n.sent_at desc, n.id desc limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from news n where ${addressed}`),
  ]);
  return {
    rows: rows.rows.map((r) => ({ ...r, sentAt: isoOrNull(r.sentAt) ?? '' })),
    total: count.rows[0]?.n ?? 0,
  };
}

export async function unreadCount(db: Executor, userId: string, shopIds: SQL): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from news n
    where ${addressedTo(shopIds)}
      and not exists (select 1 from news_reads r where r.news_id = n.id and r.user_id = ${userId})`);
  return rows[0]?.n ?? 0;
}

/** Mark as read what of `ids` (or everything) is addressed to the reader's shops; answers how many were new. */
export async function markRead(
  db: Executor,
  userId: string,
  shopIds: SQL,
  ids: readonly string[] | null,
): Promise<number> {
  const res = await db.execute(sql`
    insert into news_reads (news_id, user_id)
    select n.id, ${userId} from news n
    where ${addressedTo(shopIds)} ${ids ? sql`and n.id = any(${sql.param([...ids])}::uuid[])` : sql``}
    on conflict do nothing`);
  return res.rowCount ?? 0;
}

/** Scheduled items whose time has come, locked for this run (another instance skips them). */
export async function lockDueNews(db: Executor, limit: number): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from news where status = 'SCHEDULED' and publish_at <= now()
    order by publish_at, id limit ${limit} for update skip locked`);
  return rows.map((r) => r.id);
}

export async function publicNewsRow(db: Executor, token: string) {
  const { rows } = await db.execute<{
    title: string;
    body: string;
    imagePath: string | null;
    sentAt: Stamp;
    status: NewsStatus;
  }>(sql`
    select title, body, image_path as "imagePath", sent_at as "sentAt", status
    from news where public_token = ${token} and status in ('SENT', 'WITHDRAWN')`);
  return rows[0] ?? null;
}
