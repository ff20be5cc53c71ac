import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ADVISORY_LOCKS } from '../../lib/advisory-locks.ts';
import { appendAuditEvent, appendPastAuditEvents } from '../audit/audit.repository.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import { countUsers, insertUser } from './users.repository.ts';

export interface BootstrapResult {
  username: string;
  /** Set only when the password was generated here: it is shown once and never again. */
  generatedPassword: string | null;
}

/**
 * On the first run (no users at all) create the SUPER-ADMIN; later runs change nothing. `at`: when
 * the installation happened, for the demo's history (decision 004); now when not given.
 */
export async function ensureFirstAdmin(
  db: Db,
  initial: { username: string; password: string | undefined; at?: Date | undefined },
): Promise<BootstrapResult | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.bootstrap})`);
    if ((await countUsers(tx)) > 0) return null;
    const generatedPassword = initial.password ? null : generatePassword();
    const password = initial.password ?? generatedPassword ?? '';
    const id = await insertUser(tx, {
      username: initial.username,
      fullName: 'Super Admin',
      role: 'SUPER-ADMIN',
      passwordHash: await hashPassword(password),
      ...(initial.at ? { createdAt: initial.at, updatedAt: initial.at } : {}),
    });
    const event = {
      actorId: null,
      actorName: 'system',
      actorRole: null,
      shopId: null,
      action: 'user.create',
      entity: 'user',
      entityId: id,
      before: null,
      after: { id, username: initial.username, role: 'SUPER-ADMIN', bootstrap: true },
      ip: null,
      requestId: null,
    };
    if (initial.at) await appendPastAuditEvents(tx, [{ ...event, at: initial.at }]);
    else await appendAuditEvent(tx, event);
    return { username: initial.username, generatedPassword };
  });
}
