import { normaliseWhatsapp } from '@parking-hub/contracts/fields';
import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/password-resets.ts';
import { users } from '../../db/schema/users.ts';

export type ResetRow = typeof passwordResets.$inferSelect;

/** What recovery needs of a user: who they are, and where a code can go. */
const recoveryColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  role: users.role,
  shopId: users.shopId,
  email: users.email,
  whatsapp: users.whatsapp,
};

/**
 * An identifier as recovery reads it: an e-mail, a WhatsApp number in E.164 (however it was typed)
 * or a user name. The same account is the same key, whatever the spelling, so made-up answers and
 * limits do not tell a real number from a made-up one by its spelling.
 */
export function canonicalIdentifier(identifier: string): {
  key: string;
  email: string | null;
  whatsapp: string | null;
} {
  const id = identifier.trim().toLowerCase();
  if (id.includes('@')) return { key: id, email: id, whatsapp: null };
  const whatsapp = normaliseWhatsapp(id);
  return { key: whatsapp ?? id, email: null, whatsapp };
}

/**
 * The active account an identifier names: its user name, its e-mail, or its WhatsApp number (not
 * its phone: a number always finds the account the code would go to by that very number, so a
 * real answer shows the number typed as a made-up one does).
 */
export async function findRecoveryCandidate(db: Executor, identifier: string) {
  const { email, whatsapp } = canonicalIdentifier(identifier);
  const [row] = await db
    .select(recoveryColumns)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        eq(users.status, 'ACTIVE'),
        or(
          eq(users.username, identifier.trim().toLowerCase()),
          email ? eq(users.email, email) : undefined,
          whatsapp ? eq(users.whatsapp, whatsapp) : undefined,
        ),
      ),
    )
    .orderBy(sql`${users.username} = ${identifier.trim().toLowerCase()} desc`)
    .limit(1);
  return row ?? null;
}

export type RecoveryUser = NonNullable<Awaited<ReturnType<typeof findRecoveryCandidate>>>;

export async function findActiveUser(db: Executor, id: string) {
  const [row] = await db
    .select(recoveryColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt), eq(users.status, 'ACTIVE')))
    .limit(1);
  return row ?? null;
}

export async function insertReset(db: Executor, values: typeof passwordResets.$inferInsert): Promise<string> {
  const [row] = await db.insert(passwordResets).values(values).returning({ id: passwordResets.id });
  if (!row) throw new Error('password reset insert returned nothing');
  return row.id;
}

/** A live attempt by the hash of its request id, locked for the step that uses it. */
export async function lockOpenReset(db: Executor, tokenHash: Buffer): Promise<ResetRow | null> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        gt(passwordResets.expiresAt, sql`now()`),
        isNull(passwordResets.completedAt),
      ),
    )
    .for('update');
  return row ?? null;
}

/** The attempt a right code opened, by the hash of the token it gave, while that token lives. */
export async function lockVerifiedReset(db: Executor, resetTokenHash: Buffer): Promise<ResetRow | null> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.resetTokenHash, resetTokenHash),
        gt(passwordResets.resetExpiresAt, sql`now()`),
        isNull(passwordResets.completedAt),
        isNotNull(passwordResets.userId),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function updateReset(
  db: Executor,
  id: string,
  values: Partial<typeof passwordResets.$inferInsert>,
): Promise<void> {
  await db.update(passwordResets).set(values).where(eq(passwordResets.id, id));
}

/**
 * The codes of a user still waiting in the outbox are called off: a newer code replaces them, or
 * the password is set. (A code that arrives late would only mislead.)
 */
export async function cancelWaitingCodes(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    with c as (
      update outbox_messages set status = 'CANCELLED', secret = null, next_attempt_at = null, updated_at = now()
      where user_id = ${userId} and kind = 'password_code' and sending_since is null
        and status in ('QUEUED', 'NOT_CONFIGURED')
      returning id)
    insert into outbox_events (message_id, kind, status, detail)
    select id, 'CANCELLED', 'CANCELLED', 'a newer code or a new password replaced it' from c`);
}

/** Every open attempt of a user ends (a new password makes older codes and tokens worthless). */
export async function closeUserResets(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ completedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.completedAt)));
}
