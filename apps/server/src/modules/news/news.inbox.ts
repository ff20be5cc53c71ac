import type { PageMeta } from '@parking-hub/contracts/envelope';
import type { InboxNews, ReadNewsBody } from '@parking-hub/contracts/news';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/context.ts';
import { pageMeta } from '../../lib/paging.ts';
import * as repo from './news.repository.ts';

/**
 * The shop's side of news (decision 021): the inbox of the app's bell, its unread count and the
 * read marks, each over the shops the reader's news is addressed to.
 */

/** The shops whose news a person reads: staff their shop; a manager their shop and its branches. */
function readerShops(actor: Actor): SQL {
  if (!actor.shopId) return sql`select null::uuid where false`;
  if (actor.role === 'MANAGER')
    return sql`select id from shops where id = ${actor.shopId} or parent_id = ${actor.shopId}`;
  return sql`select ${actor.shopId}::uuid`;
}

export async function inbox(
  db: Db,
  actor: Actor,
  page: { page: number; pageSize: number },
): Promise<{ data: InboxNews[]; meta: PageMeta }> {
  const { rows, total } = await repo.inbox(db, actor.id, readerShops(actor), page);
  return { data: rows, meta: pageMeta(page, total) };
}

export const unreadCount = (db: Db, actor: Actor) => repo.unreadCount(db, actor.id, readerShops(actor));

export const markRead = (db: Db, actor: Actor, body: ReadNewsBody) =>
  repo.markRead(db, actor.id, readerShops(actor), body.ids ?? null);
