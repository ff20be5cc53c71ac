import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import { authChanged } from './auth-events.ts';

export interface NewSession {
  userId: string;
  tokenHash: Buffer;
  brand: string | null;
  ip: string | null;
  userAgent: string | null;
  expiresAt: Date;
}

export async function insertSession(db: Executor, s: NewSession): Promise<string> {
  const [row] = await db.insert(sessions).values(s).returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned nothing');
  return row.id;
}

/** The columns of a user that make a signed-in session (spec §3), shop fields joined. */
export const sessionUserColumns = {
  userId: users.id,
  username: users.username,
  fullName: users.fullName,
  email: users.email,
  whatsapp: users.whatsapp,
  role: users.role,
  status: users.status,
  shopId: users.shopId,
  shopName: shops.name,
  address: shops.address,
  conditions: shops.conditions,
  priceMotorbike: sql<number>`coalesce(${shops.priceMotorbike}, 0)`,
  priceCar: sql<number>`coalesce(${shops.priceCar}, 0)`,
  logoPath: shops.logoPath,
  openShop: shops.openShop,
  closeShop: shops.closeShop,
};

function liveSessionQuery(db: Executor) {
  return db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      brand: sessions.brand,
      ...sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(shops, eq(shops.id, users.shopId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${sql.placeholder('idleSeconds')})`),
        eq(users.status, 'ACTIVE'),
      ),
    )
    .limit(1)
    .prepare('live_session');
}

const prepared = new WeakMap<Executor, ReturnType<typeof liveSessionQuery>>();

/**
 * A live session by its token hash: not revoked, not past either expiry, user active. Every
 * signed-in request runs it, so it is a prepared statement (planned once per connection).
 */
export async function findLiveSession(db: Executor, tokenHash: Buffer, idleMs: number) {
  let query = prepared.get(db);
  if (!query) {
    query = liveSessionQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ tokenHash, idleSeconds: idleMs / 1000 });
  return row ?? null;
}

export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** Mark a session used (and its device brand); written at most once a minute so reads stay reads. */
export async function touchSession(db: Executor, id: string, brand?: string): Promise<void> {
  const stale = sql`${sessions.lastUsedAt} < now() - interval '60 seconds'`;
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()`, ...(brand ? { brand } : {}) })
    .where(
      and(eq(sessions.id, id), brand ? or(stale, sql`${sessions.brand} is distinct from ${brand}`) : stale),
    );
}

export async function revokeSession(db: Executor, id: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (rows.length > 0) await authChanged(db, { sessionId: id });
  return rows.length > 0;
}

/** Revoke every live session of a user, optionally keeping one (the caller's). */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  reason: string,
  exceptSessionId?: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  if (rows.length > 0) await authChanged(db, { userId });
  return rows.length;
}
