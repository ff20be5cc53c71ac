import type { AccessToken, ListAccessTokensBody } from '@parking-hub/contracts/access-tokens';
import { canManageRole, type Role } from '@parking-hub/contracts/roles';
import type { Db } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { iso, isoOrNull } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import { revokeSession } from '../auth/sessions.repository.ts';
import { findSessionOwner, listSessions } from './access-tokens.repository.ts';

export async function listAccessTokens(
  db: Db,
  ctx: AuthedContext,
  body: ListAccessTokensBody,
  idleMs: number,
) {
  const { rows, total } = await listSessions(db, body, idleMs, body);
  const data: AccessToken[] = rows.map((r) => ({
    ...r,
    role: r.role as Role,
    createdAt: iso(r.createdAt),
    lastUsedAt: iso(r.lastUsedAt),
    expiresAt: iso(r.expiresAt),
    revokedAt: isoOrNull(r.revokedAt),
    status: r.revokedAt ? 'REVOKED' : r.live ? 'ACTIVE' : 'EXPIRED',
    current: r.id === ctx.actor.sessionId,
  }));
  return { data, meta: pageMeta(body, total) };
}

/** Revoke a session: own sessions always, others' only when their role is below the caller's. */
export async function revokeAccessToken(db: Db, ctx: AuthedContext, sessionId: string): Promise<void> {
  const owner = await findSessionOwner(db, sessionId);
  if (!owner) throw notFound('errors.sessionNotFound');
  if (owner.userId !== ctx.actor.id && !canManageRole(ctx.actor.role, owner.role as Role)) {
    throw forbidden('errors.roleNotAllowed');
  }
  await db.transaction(async (tx) => {
    const revoked = await revokeSession(tx, sessionId, `revoked-by:${ctx.actor.id}`);
    if (!revoked) return;
    await audit(tx, ctx, {
      action: 'session.revoke',
      entity: 'session',
      entityId: sessionId,
      shopId: owner.shopId,
      after: { userId: owner.userId },
    });
  });
}
