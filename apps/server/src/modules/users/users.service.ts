import type { MessageKey } from '@parking-hub/contracts/messages';
import { canManageRole, type Role, SHOP_ROLES } from '@parking-hub/contracts/roles';
import type {
  CreateUserBody,
  ListUsersBody,
  UpdatePasswordBody,
  UpdateProfileBody,
  UpdateStatusBody,
  UpdateUserBody,
  User,
} from '@parking-hub/contracts/users';
import type { Db, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { pageMeta } from '../../lib/paging.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { iso, isoOrNull, laoDateTime } from '../../lib/time.ts';
import { isShopInScope, shopExists, shopScope } from '../../tenancy/scope.ts';
import { audit } from '../audit/audit.service.ts';
import { clearFailures } from '../auth/login-throttle.repository.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { revokeUserSessions } from '../auth/sessions.repository.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { assertUserAllowance } from '../packages/shop-packages.service.ts';
import {
  countActiveSuperAdmins,
  findPasswordHash,
  findTakenFields,
  findUser,
  insertUser,
  listUsers as listUserRows,
  lockSuperAdmins,
  type PublicUserRow,
  type UniqueField,
  updateUser,
} from './users.repository.ts';

export function toUser(row: PublicUserRow): User {
  return {
    ...row,
    role: row.role as Role,
    status: row.status as User['status'],
    lastLoginAt: isoOrNull(row.lastLoginAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** What the audit trail keeps of a user: never the password hash. */
export function auditView(u: User) {
  const { lastLoginAt: _l, createdAt: _c, updatedAt: _u, ...rest } = u;
  return rest;
}

const takenKeys: Record<UniqueField, MessageKey> = {
  username: 'errors.usernameTaken',
  phone: 'errors.phoneTaken',
  email: 'errors.emailTaken',
  whatsapp: 'errors.whatsappTaken',
};

const constraintFields: Record<string, UniqueField> = {
  users_username_key: 'username',
  users_phone_key: 'phone',
  users_email_key: 'email',
  users_whatsapp_key: 'whatsapp',
};

/** A concurrent insert can still win the race after `assertFree`: answer 409 for it too. */
function rethrowTaken(err: unknown): never {
  const field = constraintFields[uniqueViolation(err) ?? ''];
  if (field) throw conflict(takenKeys[field], { [field]: takenKeys[field] });
  throw err;
}

async function assertFree(
  db: Executor,
  values: { username?: string; phone?: string | null; email?: string | null; whatsapp?: string | null },
  exceptId?: string,
) {
  const taken = await findTakenFields(db, values, exceptId);
  if (taken.length === 0) return;
  const fields = Object.fromEntries(taken.map((f) => [f, takenKeys[f]]));
  throw conflict(takenKeys[taken[0] ?? 'username'], fields);
}

/** Check the shop a MANAGER or SHOP user is placed in; other roles carry no shop. */
async function resolveShop(db: Executor, ctx: AuthedContext, role: Role, shopId: string | null | undefined) {
  if (!SHOP_ROLES.includes(role)) return null;
  if (!shopId) throw badRequest({ shopId: 'validation.shopRequired' });
  if (!(await shopExists(db, shopId))) throw badRequest({ shopId: 'errors.shopNotFound' });
  if (!(await isShopInScope(db, ctx.actor, shopId))) throw forbidden('errors.shopOutOfScope');
  return shopId;
}

/** A user the actor may see; anything else is "not found", so ids outside the scope tell nothing. */
async function visibleUser(db: Executor, ctx: AuthedContext, id: string): Promise<User> {
  const row = await findUser(db, id, id === ctx.actor.id ? undefined : scopeOf(ctx));
  if (!row) throw notFound('errors.userNotFound');
  return toUser(row);
}

function scopeOf(ctx: AuthedContext) {
  // An agent's users are those of their shops; everyone sees the users of the shops in scope.
  return shopScope(ctx.actor, users.shopId);
}

/** A user the actor may manage: visible, of a lower role (SUPER-ADMIN may manage all). */
async function manageableUser(db: Executor, ctx: AuthedContext, id: string): Promise<User> {
  const target = await visibleUser(db, ctx, id);
  if (target.id !== ctx.actor.id && !canManageRole(ctx.actor.role, target.role)) {
    throw forbidden('errors.roleNotAllowed');
  }
  return target;
}

/**
 * Call inside the transaction that suspends, deletes or demotes `target`: the lock makes two
 * SUPER-ADMINs removing each other at the same time wait for one another, so one always remains.
 */
async function assertNotLastSuperAdmin(tx: Executor, target: User) {
  if (target.role !== 'SUPER-ADMIN' || target.status !== 'ACTIVE') return;
  await lockSuperAdmins(tx);
  if ((await countActiveSuperAdmins(tx)) <= 1) throw conflict('errors.lastSuperAdmin');
}

export async function listUsers(db: Db, ctx: AuthedContext, body: ListUsersBody) {
  const { rows, total } = await listUserRows(db, body, scopeOf(ctx), body);
  return { data: rows.map(toUser), meta: pageMeta(body, total) };
}

/** A user of a shop counts against its package's user allowance (main shop and branches together). */
export async function createUser(
  db: Db,
  ctx: AuthedContext,
  body: CreateUserBody,
  timezone: string,
): Promise<User> {
  if (!canManageRole(ctx.actor.role, body.role)) throw forbidden('errors.roleNotAllowed');
  const shopId = await resolveShop(db, ctx, body.role, body.shopId);
  await assertFree(db, body);
  const passwordHash = await hashPassword(body.password);
  return db
    .transaction(async (tx) => {
      if (shopId) await assertUserAllowance(tx, shopId, timezone);
      const id = await insertUser(tx, {
        username: body.username,
        fullName: body.fullName,
        phone: body.phone ?? null,
        email: body.email ?? null,
        whatsapp: body.whatsapp ?? null,
        role: body.role,
        shopId,
        passwordHash,
        createdBy: ctx.actor.id,
      });
      const created = await visibleUser(tx, ctx, id);
      await audit(tx, ctx, {
        action: 'user.create',
        entity: 'user',
        entityId: id,
        shopId,
        after: auditView(created),
      });
      return created;
    })
    .catch(rethrowTaken);
}

/** A user moving into another shop takes a place in that shop's user allowance. */
export async function updateUserById(
  db: Db,
  ctx: AuthedContext,
  body: UpdateUserBody,
  timezone: string,
): Promise<User> {
  const before = await manageableUser(db, ctx, body.id);
  const self = before.id === ctx.actor.id;
  if (self && (body.role !== before.role || (body.shopId ?? null) !== before.shopId)) {
    throw forbidden('errors.cannotChangeOwnRole');
  }
  if (!self && !canManageRole(ctx.actor.role, body.role)) throw forbidden('errors.roleNotAllowed');
  const shopId = self ? before.shopId : await resolveShop(db, ctx, body.role, body.shopId);
  await assertFree(db, body, before.id);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return db
    .transaction(async (tx) => {
      if (body.role !== before.role) await assertNotLastSuperAdmin(tx, before);
      if (shopId && shopId !== before.shopId) await assertUserAllowance(tx, shopId, timezone, before.id);
      await updateUser(tx, before.id, {
        username: body.username,
        fullName: body.fullName,
        phone: body.phone ?? null,
        email: body.email ?? null,
        whatsapp: body.whatsapp ?? null,
        role: body.role,
        shopId,
        ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
      });
      if (passwordHash) {
        await revokeUserSessions(tx, before.id, 'password-reset', self ? ctx.actor.sessionId : undefined);
      }
      const after = await visibleUser(tx, ctx, before.id);
      await audit(tx, ctx, {
        action: 'user.update',
        entity: 'user',
        entityId: before.id,
        shopId: after.shopId,
        before: auditView(before),
        after: { ...auditView(after), ...(passwordHash ? { passwordReset: true } : {}) },
      });
      return after;
    })
    .catch(rethrowTaken);
}

/**
 * The account dialog. A new e-mail or WhatsApp (where a forgotten-password code goes) is told to the
 * old one, so that a stolen session that changes them does not go unnoticed.
 */
export async function updateProfile(
  { db, outbox }: { db: Db; outbox: Outbox },
  ctx: AuthedContext,
  body: UpdateProfileBody,
): Promise<User> {
  if (body.userId !== ctx.actor.id) throw forbidden('errors.notOwnAccount');
  if (body.password) {
    if (!body.password_confirmation)
      throw badRequest({ password_confirmation: 'validation.passwordConfirmRequired' });
    if (body.password_confirmation !== body.password) {
      throw badRequest({ password_confirmation: 'validation.passwordMismatch' });
    }
  }
  const before = await visibleUser(db, ctx, ctx.actor.id);
  // Undefined: not in the form, unchanged; null: cleared.
  const contacts = {
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(body.whatsapp !== undefined ? { whatsapp: body.whatsapp } : {}),
  };
  await assertFree(db, contacts, before.id);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return db
    .transaction(async (tx) => {
      await updateUser(tx, before.id, {
        fullName: body.fullName,
        ...contacts,
        ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
      });
      if (passwordHash) await revokeUserSessions(tx, before.id, 'password-change', ctx.actor.sessionId);
      const after = await visibleUser(tx, ctx, before.id);
      await noticeOldContacts(tx, outbox, ctx, before, after);
      await audit(tx, ctx, {
        action: 'user.update_profile',
        entity: 'user',
        entityId: before.id,
        before: { fullName: before.fullName, email: before.email, whatsapp: before.whatsapp },
        after: {
          fullName: after.fullName,
          email: after.email,
          whatsapp: after.whatsapp,
          passwordChanged: Boolean(passwordHash),
        },
      });
      return after;
    })
    .catch(rethrowTaken);
}

/** The e-mail or WhatsApp a user had is told that it no longer receives their codes. */
async function noticeOldContacts(
  tx: Executor,
  outbox: Outbox,
  ctx: AuthedContext,
  before: User,
  after: User,
) {
  const params = { username: after.username, time: laoDateTime(new Date()) };
  const old = [
    before.email && before.email !== after.email
      ? { channel: 'EMAIL' as const, recipient: before.email }
      : null,
    before.whatsapp && before.whatsapp !== after.whatsapp
      ? { channel: 'WHATSAPP' as const, recipient: before.whatsapp }
      : null,
  ];
  for (const to of old) {
    if (!to) continue;
    await outbox.enqueue(tx, {
      ...to,
      kind: 'contacts_changed',
      language: ctx.lang,
      params,
      userId: after.id,
      shopId: after.shopId,
      cause: 'user.contacts',
    });
  }
}

export async function updateOwnPassword(db: Db, ctx: AuthedContext, body: UpdatePasswordBody): Promise<void> {
  if (body.password_confirmation !== body.password) {
    throw badRequest({ password_confirmation: 'validation.passwordMismatch' });
  }
  const current = await findPasswordHash(db, ctx.actor.id);
  if (!current || !(await verifyPassword(current, body.currentPassword))) {
    throw badRequest({ currentPassword: 'errors.wrongCurrentPassword' });
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await updateUser(tx, ctx.actor.id, { passwordHash, passwordChangedAt: new Date() });
    await revokeUserSessions(tx, ctx.actor.id, 'password-change', ctx.actor.sessionId);
    await audit(tx, ctx, { action: 'user.update_password', entity: 'user', entityId: ctx.actor.id });
  });
}

/** Reactivating a shop's user is refused while the shop has more users than its package allows. */
export async function updateStatus(
  db: Db,
  ctx: AuthedContext,
  body: UpdateStatusBody,
  timezone: string,
): Promise<User> {
  if (body.u_id === ctx.actor.id) throw forbidden('errors.cannotChangeOwnStatus');
  const before = await manageableUser(db, ctx, body.u_id);
  return db.transaction(async (tx) => {
    if (body.status === 'SUSPENDED') await assertNotLastSuperAdmin(tx, before);
    if (body.status === 'ACTIVE' && before.status !== 'ACTIVE' && before.shopId) {
      await assertUserAllowance(tx, before.shopId, timezone, before.id);
    }
    await updateUser(tx, before.id, { status: body.status });
    if (body.status === 'SUSPENDED') await revokeUserSessions(tx, before.id, 'suspended');
    // Re-activating also lifts a sign-in lock, so an admin can unlock a user.
    else await clearFailures(tx, [`user:${before.username}`]);
    const after = await visibleUser(tx, ctx, before.id);
    await audit(tx, ctx, {
      action: 'user.update_status',
      entity: 'user',
      entityId: before.id,
      shopId: before.shopId,
      before: { status: before.status },
      after: { status: after.status },
    });
    return after;
  });
}

export async function deleteUser(db: Db, ctx: AuthedContext, id: string): Promise<void> {
  if (id === ctx.actor.id) throw forbidden('errors.cannotDeleteSelf');
  const before = await manageableUser(db, ctx, id);
  await db.transaction(async (tx) => {
    await assertNotLastSuperAdmin(tx, before);
    await updateUser(tx, before.id, { status: 'DELETED', deletedAt: new Date() });
    await revokeUserSessions(tx, before.id, 'deleted');
    await audit(tx, ctx, {
      action: 'user.delete',
      entity: 'user',
      entityId: before.id,
      shopId: before.shopId,
      before: auditView(before),
    });
  });
}
