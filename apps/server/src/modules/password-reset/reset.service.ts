import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Language } from '@parking-hub/contracts/messages';
import {
  type FindAccountResult,
  RESET_CODE_MAX_TRIES,
  RESET_CODE_TTL_SECONDS,
  RESET_RESEND_SECONDS,
  type ResetChannel,
  type ResetPasswordBody,
  type SendCodeResult,
  type VerifyCodeResult,
} from '@parking-hub/contracts/password-reset';
import type { Role } from '@parking-hub/contracts/roles';
import type { Db, Executor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';
import { AppError, badRequest, tooManyRequests } from '../../lib/errors.ts';
import { laoDateTime } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import { clearFailures, lockedFor, recordFailure } from '../auth/login-throttle.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { settingOrCreate } from '../outbox/settings.repository.ts';
import { updateUser } from '../users/users.repository.ts';
import { decoyDestinations, maskEmail, maskWhatsapp } from './mask.ts';
import {
  cancelWaitingCodes,
  canonicalIdentifier,
  closeUserResets,
  findActiveUser,
  findRecoveryCandidate,
  insertReset,
  lockOpenReset,
  lockVerifiedReset,
  type RecoveryUser,
  type ResetRow,
  updateReset,
} from './reset.repository.ts';

export interface ResetDeps {
  db: Db;
  outbox: Outbox;
  /** Codes one IP may ask for in an hour. */
  codesPerIpHour: number;
}

/** How long one attempt (find → new password) may take. */
const REQUEST_TTL_SECONDS = 30 * 60;
/** Codes one account may be sent in an hour. */
const CODES_PER_ACCOUNT_HOUR = 5;
const HOUR_MS = 3_600_000;

let decoyKey: Promise<string> | undefined;
function decoyKeyOf(db: Db): Promise<string> {
  decoyKey ??= settingOrCreate(db, 'password_reset.decoy_key', () => randomBytes(32).toString('hex')).catch(
    (err) => {
      decoyKey = undefined;
      throw err;
    },
  );
  return decoyKey;
}

/** The field names the step to start again from (the web offers "start again" on these). */
const expired = () =>
  new AppError(400, 'errors.resetRequestExpired', {}, { requestId: 'errors.resetRequestExpired' });
const tokenInvalid = () =>
  new AppError(400, 'errors.resetTokenInvalid', {}, { resetToken: 'errors.resetTokenInvalid' });

/** The code's hash, keyed by the request id only the browser holds: a copy of the table cannot be brute-forced. */
const codeHash = (requestId: string, code: string) => createHmac('sha256', requestId).update(code).digest();

function destinationsOf(user: RecoveryUser) {
  return [
    ...(user.email ? [{ channel: 'EMAIL' as const, masked: maskEmail(user.email) }] : []),
    ...(user.whatsapp ? [{ channel: 'WHATSAPP' as const, masked: maskWhatsapp(user.whatsapp) }] : []),
  ];
}

const recipientOf = (user: { email: string | null; whatsapp: string | null }, channel: ResetChannel) =>
  channel === 'EMAIL' ? user.email : user.whatsapp;

/** The request context with the user as the actor (they act on their own account, signed out). */
function asUser(
  ctx: RequestContext,
  user: { id: string; username: string; fullName: string; role: string; shopId: string | null },
) {
  return {
    ...ctx,
    actor: {
      id: user.id,
      username: user.username,
      fullName: user.fullName,
      role: user.role as Role,
      shopId: user.shopId,
      sessionId: '',
    },
  };
}

/**
 * Step 1: a recovery attempt for whatever the identifier names. An identifier that names no active
 * account gets an attempt too, with made-up destinations: the answer is the same either way.
 */
export async function findAccount(
  db: Db,
  ctx: RequestContext,
  identifier: string,
): Promise<FindAccountResult> {
  const canonical = canonicalIdentifier(identifier);
  const id = canonical.key;
  const user = await findRecoveryCandidate(db, identifier);
  const destinations = user
    ? destinationsOf(user)
    : decoyDestinations(id, await decoyKeyOf(db), { email: canonical.email, whatsapp: canonical.whatsapp });
  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    const resetId = await insertReset(tx, {
      tokenHash: hash,
      userId: user?.id ?? null,
      identifier: id,
      destinations,
      ip: ctx.ip,
      expiresAt: new Date(Date.now() + REQUEST_TTL_SECONDS * 1000),
    });
    await audit(tx, ctx, {
      action: 'password_reset.request',
      entity: 'user',
      entityId: user?.id ?? null,
      shopId: user?.shopId ?? null,
      after: { attempt: resetId, identifier: id, found: Boolean(user), destinations: destinations.length },
    });
  });
  return { requestId: token, destinations, expiresInSeconds: REQUEST_TTL_SECONDS };
}

/** Count one code against an account's and an IP's hourly allowance, or refuse when it is spent. */
async function spendAllowance(tx: Executor, row: ResetRow, ip: string, perIp: number): Promise<void> {
  const keys = [`reset:acct:${row.userId ?? `id:${row.identifier}`}`, `reset:ip:${ip}`];
  const locked = await lockedFor(tx, keys);
  if (locked > 0) throw tooManyRequests('errors.tooManyCodes', Math.ceil(locked / 60_000));
  await recordFailure(tx, keys[0] as string, CODES_PER_ACCOUNT_HOUR, HOUR_MS, HOUR_MS);
  await recordFailure(tx, keys[1] as string, perIp, HOUR_MS, HOUR_MS);
}

/** Step 2: a new 6-digit code to one of the attempt's destinations (the previous code stops working). */
export async function sendCode(
  { db, outbox, codesPerIpHour }: ResetDeps,
  ctx: RequestContext,
  requestId: string,
  channel: ResetChannel,
): Promise<SendCodeResult> {
  const result = await db.transaction(async (tx) => {
    const row = await lockOpenReset(tx, hashToken(requestId));
    if (!row) throw expired();
    const destination = row.destinations.find((d) => d.channel === channel);
    if (!destination) throw new AppError(400, 'errors.channelUnavailable');
    // The wait is per way: one that did not arrive may be tried the other way at once.
    if (row.codeSentAt && row.codeChannel === channel) {
      const wait = Math.ceil((row.codeSentAt.getTime() + RESET_RESEND_SECONDS * 1000 - Date.now()) / 1000);
      if (wait > 0) throw new AppError(429, 'errors.codeResendWait', { seconds: wait });
    }
    await spendAllowance(tx, row, ctx.ip, codesPerIpHour);
    const user = row.userId ? await findActiveUser(tx, row.userId) : null;
    const recipient = user ? recipientOf(user, channel) : null;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(Date.now() + RESET_CODE_TTL_SECONDS * 1000);
    await updateReset(tx, row.id, {
      // No account, no code: a hash that no code matches.
      codeHash: recipient ? codeHash(requestId, code) : randomBytes(32),
      codeChannel: channel,
      codeSentAt: new Date(),
      codeExpiresAt: expiresAt,
      codesSent: row.codesSent + 1,
      tries: 0,
    });
    if (user && recipient) {
      await cancelWaitingCodes(tx, user.id);
      await outbox.enqueue(tx, {
        channel,
        recipient,
        kind: 'password_code',
        language: ctx.lang,
        params: { minutes: String(RESET_CODE_TTL_SECONDS / 60) },
        secret: { code },
        userId: user.id,
        shopId: user.shopId,
        cause: 'password_reset',
        causeId: row.id,
        expiresAt,
      });
    }
    // Anyone may ask for a code: the request is recorded as nobody's, about the account.
    await audit(tx, ctx, {
      action: 'password_reset.code_sent',
      entity: 'user',
      entityId: row.userId,
      shopId: user?.shopId ?? null,
      after: { attempt: row.id, channel, to: destination.masked, found: Boolean(recipient) },
    });
    return { channel, masked: destination.masked };
  });
  outbox.nudge();
  return { ...result, expiresInSeconds: RESET_CODE_TTL_SECONDS, resendInSeconds: RESET_RESEND_SECONDS };
}

/** Step 3: the code, checked once; a right one gives the token for the new password. */
export async function verifyCode(
  db: Db,
  ctx: RequestContext,
  requestId: string,
  code: string,
): Promise<VerifyCodeResult> {
  const outcome = await db.transaction(async (tx) => {
    const row = await lockOpenReset(tx, hashToken(requestId));
    if (!row) return { error: expired() };
    if (!row.codeHash) {
      return {
        error: new AppError(
          400,
          row.verifiedAt ? 'errors.codeExpired' : 'errors.codeNotSent',
          {},
          { code: row.verifiedAt ? 'errors.codeExpired' : 'errors.codeNotSent' },
        ),
      };
    }
    if (row.tries >= RESET_CODE_MAX_TRIES) {
      return {
        error: new AppError(400, 'errors.codeTriesExceeded', {}, { code: 'errors.codeTriesExceeded' }),
      };
    }
    if (!row.codeExpiresAt || row.codeExpiresAt.getTime() <= Date.now()) {
      return { error: new AppError(400, 'errors.codeExpired', {}, { code: 'errors.codeExpired' }) };
    }
    const given = codeHash(requestId, code);
    if (given.length !== row.codeHash.length || !timingSafeEqual(given, row.codeHash) || !row.userId) {
      const tries = row.tries + 1;
      await updateReset(tx, row.id, { tries });
      await audit(tx, ctx, {
        action: 'password_reset.code_failed',
        entity: 'user',
        entityId: row.userId,
        after: { attempt: row.id, tries },
      });
      const left = RESET_CODE_MAX_TRIES - tries;
      return {
        error:
          left > 0
            ? new AppError(400, 'errors.codeWrong', { left }, { code: 'errors.codeWrong' })
            : new AppError(400, 'errors.codeTriesExceeded', {}, { code: 'errors.codeTriesExceeded' }),
      };
    }
    const { token, hash } = newToken();
    await updateReset(tx, row.id, {
      codeHash: null,
      codeExpiresAt: null,
      verifiedAt: new Date(),
      resetTokenHash: hash,
      resetExpiresAt: new Date(Date.now() + RESET_CODE_TTL_SECONDS * 1000),
    });
    await audit(tx, ctx, {
      action: 'password_reset.verified',
      entity: 'user',
      entityId: row.userId,
      after: { attempt: row.id },
    });
    return { token };
  });
  // A wrong try is recorded (committed) before it is refused.
  if ('error' in outcome) throw outcome.error;
  return { resetToken: outcome.token, expiresInSeconds: RESET_CODE_TTL_SECONDS };
}

/** Step 4: the new password; every session ends, and a notice goes where the code went. */
export async function resetPassword(
  { db, outbox }: Pick<ResetDeps, 'db' | 'outbox'>,
  ctx: RequestContext & { lang: Language },
  body: ResetPasswordBody,
): Promise<void> {
  if (body.password_confirmation !== body.password) {
    throw badRequest({ password_confirmation: 'validation.passwordMismatch' });
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const row = await lockVerifiedReset(tx, hashToken(body.resetToken));
    const user = row?.userId ? await findActiveUser(tx, row.userId) : null;
    if (!row || !user) throw tokenInvalid();
    await updateUser(tx, user.id, { passwordHash, passwordChangedAt: new Date() });
    await revokeUserSessions(tx, user.id, 'password-reset');
    await clearFailures(tx, [`user:${user.username}`]);
    await closeUserResets(tx, user.id);
    await cancelWaitingCodes(tx, user.id);
    const channel = row.codeChannel as ResetChannel | null;
    const recipient = channel ? recipientOf(user, channel) : null;
    if (channel && recipient) {
      await outbox.enqueue(tx, {
        channel,
        recipient,
        kind: 'password_changed',
        language: ctx.lang,
        params: { username: user.username, time: laoDateTime(new Date()) },
        userId: user.id,
        shopId: user.shopId,
        cause: 'password_reset',
        causeId: row.id,
      });
    }
    await audit(tx, asUser(ctx, user), {
      action: 'password_reset.completed',
      entity: 'user',
      entityId: user.id,
      shopId: user.shopId,
      after: { attempt: row.id, notice: channel },
    });
  });
  outbox.nudge();
}
