import type { LoginBody, LoginResult, SessionUser } from '@parking-hub/contracts/auth';
import type { Role } from '@parking-hub/contracts/roles';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AuthedContext, RequestContext } from '../../lib/context.ts';
import { newToken } from '../../lib/crypto.ts';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { clearFailures, lockedFor, recordFailure } from './login-throttle.repository.ts';
import { verifyAgainstDummy, verifyPassword } from './password.ts';
import { insertSession, type LiveSession, revokeSession, touchSession } from './sessions.repository.ts';
import { findLoginCandidate, findSessionUser, recordSignIn } from './sign-in.repository.ts';

type SessionUserRow = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

export function toSessionUser(row: SessionUserRow, sessionId: string): SessionUser {
  return {
    id: row.userId,
    userId: row.userId,
    sessionId,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    whatsapp: row.whatsapp,
    role: row.role as Role,
    shopId: row.shopId,
    shopName: row.shopName,
    address: row.address,
    conditions: row.conditions,
    priceMotorbike: Number(row.priceMotorbike),
    priceCar: Number(row.priceCar),
    logoPath: row.logoPath,
    openShop: row.openShop,
    closeShop: row.closeShop,
  };
}

/**
 * Sign in with a user name or phone number. A wrong name and a wrong password get the same
 * answer in the same time; repeated failures lock the name (and a noisy IP) for a while.
 */
export async function login(
  db: Db,
  ctx: RequestContext,
  body: LoginBody,
  config: Config,
): Promise<LoginResult> {
  const identifier = body.username.trim().toLowerCase();
  const keys = { user: `user:${identifier}`, ip: `ip:${ctx.ip}` };
  const { maxFailures, lockMs, ipMaxFailures } = config.login;
  const lockedMs = await lockedFor(db, [keys.user, keys.ip]);
  if (lockedMs > 0) throw tooManyRequests('errors.accountLocked', Math.ceil(lockedMs / 60_000));

  const candidate = await findLoginCandidate(db, identifier);
  const valid = candidate
    ? await verifyPassword(candidate.passwordHash, body.password)
    : await verifyAgainstDummy(body.password);

  if (!candidate || !valid) {
    await db.transaction(async (tx) => {
      await recordFailure(tx, keys.user, maxFailures, lockMs, lockMs);
      await recordFailure(tx, keys.ip, ipMaxFailures, lockMs, lockMs);
      await audit(tx, ctx, {
        action: 'auth.login_failed',
        entity: 'user',
        entityId: candidate?.id,
        after: { username: identifier },
      });
    });
    throw unauthorized('errors.loginFailed');
  }
  if (candidate.status !== 'ACTIVE') throw new AppError(403, 'errors.accountSuspended');

  const { token, hash } = newToken();
  return db.transaction(async (tx) => {
    await clearFailures(tx, [keys.user]);
    const sessionId = await insertSession(tx, {
      userId: candidate.id,
      tokenHash: hash,
      brand: 'unknown',
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      expiresAt: new Date(Date.now() + config.session.maxAgeMs),
    });
    await recordSignIn(tx, candidate.id);
    const row = await findSessionUser(tx, candidate.id);
    if (!row) throw new Error('signed-in user vanished');
    const user = toSessionUser(row, sessionId);
    const actor = {
      id: user.id,
      username: user.username,
      fullName: user.fullName,
      role: user.role,
      shopId: user.shopId,
      sessionId,
    };
    await audit(
      tx,
      { ...ctx, actor },
      {
        action: 'auth.login',
        entity: 'session',
        entityId: sessionId,
        after: { brand: 'unknown', userAgent: ctx.userAgent },
      },
    );
    return { token, user };
  });
}

/**
 * Refresh the signed-in user (spec §4 start-up check) from the session `authorize` just read;
 * remembers the device brand when it changed.
 */
export async function me(db: Db, session: LiveSession, brand: string | undefined): Promise<SessionUser> {
  const device = brand || 'unknown';
  if (device !== session.brand) await touchSession(db, session.sessionId, device);
  return toSessionUser(session, session.sessionId);
}

export async function logout(db: Db, ctx: AuthedContext): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, ctx.actor.sessionId, 'logout');
    await audit(tx, ctx, { action: 'auth.logout', entity: 'session', entityId: ctx.actor.sessionId });
  });
}
