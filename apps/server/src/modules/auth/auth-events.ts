import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The PostgreSQL channel on which every instance hears that something its caches hold changed: a
 * session, a user, or a shop (change-feed.ts).
 */
export const AUTH_CHANNEL = 'ph_auth';

/**
 * 'u:<userId>' (the user changed: name, role, shop, status, password…), 's:<sessionId>' (revoked)
 * or 'h:<shopId>' (the shop changed: its name, hours, prices or price rules).
 */
export type AuthChange = { userId: string } | { sessionId: string } | { shopId: string };

function payloadOf(change: AuthChange): string {
  if ('userId' in change) return `u:${change.userId}`;
  if ('sessionId' in change) return `s:${change.sessionId}`;
  return `h:${change.shopId}`;
}

const local = new EventEmitter();
local.setMaxListeners(0);

export function onAuthChange(listener: (payload: string) => void): () => void {
  local.on('change', listener);
  return () => local.off('change', listener);
}

/**
 * Say that a user, a session or a shop may no longer be what caches hold. This instance forgets it
 * now; `pg_notify` tells every instance, this one included, when the change commits (a cached copy
 * re-read before the commit is dropped then).
 */
export async function authChanged(db: Executor, change: AuthChange): Promise<void> {
  const payload = payloadOf(change);
  local.emit('change', payload);
  await db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${payload})`);
}
