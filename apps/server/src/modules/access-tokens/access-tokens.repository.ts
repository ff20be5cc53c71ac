import type { Paging } from '@parking-hub/contracts/envelope';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { escapeLike } from '../../lib/like.ts';
import { pageOffset } from '../../lib/paging.ts';

export interface SessionFilter {
  userId?: string | undefined;
  status?: 'ACTIVE' | 'EXPIRED' | 'REVOKED' | undefined;
  q?: string | undefined;
}

function statusCondition(status: SessionFilter['status'], idleMs: number): SQL | undefined {
  const liveUntil = sql`least(${sessions.expiresAt}, ${sessions.lastUsedAt} + make_interval(secs => ${idleMs / 1000}))`;
  switch (status) {
    case 'REVOKED':
      return isNotNull(sessions.revokedAt);
    case 'ACTIVE':
      return and(isNull(sessions.revokedAt), sql`${liveUntil} > now()`);
    case 'EXPIRED':
      return and(isNull(sessions.revokedAt), sql`${liveUntil} <= now()`);
    default:
      return undefined;
  }
}

export async function listSessions(db: Executor, filter: SessionFilter, idleMs: number, paging: Paging) {
  const q = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  const cond = and(
    filter.userId ? eq(sessions.userId, filter.userId) : undefined,
    statusCondition(filter.status, idleMs),
    q
      ? or(
          ilike(users.username, q),
          ilike(users.fullName, q),
          ilike(sessions.ip, q),
          ilike(sessions.brand, q),
          ilike(sessions.userAgent, q),
        )
      : undefined,
  );
  const rows = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      username: users.username,
      fullName: users.fullName,
      role: users.role,
      brand: sessions.brand,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      live: sql<boolean>`${statusCondition('ACTIVE', idleMs)}`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(cond)
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  const [total] = await db
    .select({ n: count() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(cond);
  return { rows, total: total?.n ?? 0 };
}

export async function findSessionOwner(db: Executor, sessionId: string) {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      role: users.role,
      shopId: users.shopId,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
}
