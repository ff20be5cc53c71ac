import type { Paging } from '@parking-hub/contracts/envelope';
import { and, count, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import { ADVISORY_LOCKS } from '../../lib/advisory-locks.ts';
import { escapeLike } from '../../lib/like.ts';
import { pageOffset } from '../../lib/paging.ts';
import { authChanged } from '../auth/auth-events.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const publicColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  phone: users.phone,
  email: users.email,
  whatsapp: users.whatsapp,
  role: users.role,
  status: users.status,
  shopId: users.shopId,
  shopName: shops.name,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

/** A user that is not deleted, optionally only inside a scope condition. */
export async function findUser(db: Executor, id: string, scope?: SQL) {
  const [row] = await db
    .select(publicColumns)
    .from(users)
    .leftJoin(shops, eq(shops.id, users.shopId))
    .where(and(eq(users.id, id), isNull(users.deletedAt), scope))
    .limit(1);
  return row ?? null;
}

export async function findPasswordHash(db: Executor, id: string): Promise<string | null> {
  const [row] = await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)).limit(1);
  return row?.h ?? null;
}

export interface UserFilter {
  q?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
  shopId?: string | undefined;
}

export async function listUsers(db: Executor, filter: UserFilter, scope: SQL | undefined, paging: Paging) {
  const q = filter.q ? `%${escapeLike(filter.q)}%` : undefined;
  const cond = and(
    scope,
    filter.status ? eq(users.status, filter.status) : ne(users.status, 'DELETED'),
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.shopId ? eq(users.shopId, filter.shopId) : undefined,
    q
      ? or(
          ilike(users.username, q),
          ilike(users.fullName, q),
          ilike(users.phone, q),
          ilike(users.email, q),
          ilike(users.whatsapp, q),
        )
      : undefined,
  );
  const rows = await db
    .select(publicColumns)
    .from(users)
    .leftJoin(shops, eq(shops.id, users.shopId))
    .where(cond)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  const [total] = await db.select({ n: count() }).from(users).where(cond);
  return { rows, total: total?.n ?? 0 };
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

export async function updateUser(db: Executor, id: string, values: Partial<NewUserRow>): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
  // Who the user is (name, role, shop, status) is part of every cached session of theirs.
  if (Object.keys(values).some((k) => k !== 'lastLoginAt')) await authChanged(db, { userId: id });
}

/** Serialise changes that could leave no active SUPER-ADMIN (held until the transaction ends). */
export async function lockSuperAdmins(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.superAdmins})`);
}

export async function countActiveSuperAdmins(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'SUPER-ADMIN'), eq(users.status, 'ACTIVE')));
  return row?.n ?? 0;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export type PublicUserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

export const UNIQUE_FIELDS = ['username', 'phone', 'email', 'whatsapp'] as const;
export type UniqueField = (typeof UNIQUE_FIELDS)[number];

/** Which of user name, phone, e-mail and WhatsApp another live user already has. */
export async function findTakenFields(
  db: Executor,
  values: { username?: string; phone?: string | null; email?: string | null; whatsapp?: string | null },
  exceptId?: string,
): Promise<Array<UniqueField>> {
  const rows = await db
    .select({ username: users.username, phone: users.phone, email: users.email, whatsapp: users.whatsapp })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        exceptId ? ne(users.id, exceptId) : undefined,
        or(
          values.username ? eq(users.username, values.username) : undefined,
          values.phone ? eq(users.phone, values.phone) : undefined,
          values.email ? eq(users.email, values.email) : undefined,
          values.whatsapp ? eq(users.whatsapp, values.whatsapp) : undefined,
        ),
      ),
    );
  const taken = new Set<UniqueField>();
  for (const r of rows) {
    for (const field of UNIQUE_FIELDS) if (values[field] && r[field] === values[field]) taken.add(field);
  }
  return [...taken];
}
