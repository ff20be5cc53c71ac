import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** The PostgreSQL channel on which every instance hears that a session or user changed. */
export const AUTH_CHANNEL = 'ph_auth';

/** 'u:<userId>' (the user changed: role, shop, status, password…) or 's:<sessionId>' (revoked). */
export type AuthChange = { userId: string } | { sessionId: string };

const local = new EventEmitter();
local.setMaxListeners(0);

export function onAuthChange(listener: (payload: string) => void): () => void {
  local.on('change', listener);
  return () => local.off('change', listener);
}

/**
 * Say that sessions of a user (or one session) may no longer be what caches hold. This instance
 * forgets them now; `pg_notify` tells every instance, this one included, when the change commits
 * (a cached copy re-read before the commit is dropped then).
 */
export async function authChanged(db: Executor, change: AuthChange): Promise<void> {
  const payload = 'userId' in change ? `u:${change.userId}` : `s:${change.sessionId}`;
  local.emit('change', payload);
  await db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${payload})`);
}
