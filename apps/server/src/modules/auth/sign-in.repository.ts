import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import { sessionUserColumns } from './sessions.repository.ts';

// What signing in reads and writes of a user. It lives with auth, not with users' management
// (users.repository.ts), so that users may use auth (passwords, sessions) and not the other way.

/** A user who may sign in with this name or phone number (deleted users never can). */
export async function findLoginCandidate(db: Executor, identifier: string) {
  const name = identifier.trim().toLowerCase();
  const phone = name.replace(/[\s-]/g, '');
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      status: users.status,
      username: users.username,
    })
    .from(users)
    .where(and(isNull(users.deletedAt), or(eq(users.username, name), eq(users.phone, phone))))
    .orderBy(sql`${users.username} = ${name} desc`)
    .limit(1);
  return row ?? null;
}

export async function findSessionUser(db: Executor, userId: string) {
  const [row] = await db
    .select(sessionUserColumns)
    .from(users)
    .leftJoin(shops, eq(shops.id, users.shopId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The moment of a sign-in; no cached session holds it, so no change is announced. */
export async function recordSignIn(db: Executor, userId: string): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date(), updatedAt: sql`now()` }).where(eq(users.id, userId));
}
