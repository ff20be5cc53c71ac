import { monthIn, type ShopPackageMonth } from '@parking-hub/contracts/packages';
import type { Shop } from '@parking-hub/contracts/shops';
import { and, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shopPackages } from '../../db/schema/packages.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { findPackage } from './packages.repository.ts';
import {
  choosePackageFrom,
  countOpenBranches,
  countShopUsers,
  hasPackageHistory,
  lockMainShop,
  mainShopOf,
  packageForMonth,
  shopPackageHistory,
} from './shop-packages.repository.ts';

/** What the shop form sends about the package: which one, from which month ('YYYY-MM'). */
export interface PackageInput {
  packageId?: string | null | undefined;
  packageFrom?: string | null | undefined;
}

/** A checked choice: the package a main shop has from the month starting `monthStart`. */
export interface PackageChoice {
  packageId: string;
  monthStart: string;
}

/** 'YYYY-MM-01' of the current month in the platform's time zone. */
export const currentMonthStart = (timezone: string, now = new Date()) => `${monthIn(now, timezone)}-01`;

/**
 * Check a choice of package from a month: never a month before the current one (a past month's
 * invoice keeps its package); the package must exist, and an agent may only give active ones.
 * A package row read FOR SHARE stays until the choice is written, so a delete cannot slip in.
 */
export async function checkChoice(
  tx: Executor,
  ctx: AuthedContext,
  input: { packageId: string; packageFrom?: string | null | undefined },
  timezone: string,
): Promise<PackageChoice> {
  const current = currentMonthStart(timezone);
  const monthStart = input.packageFrom ? `${input.packageFrom}-01` : current;
  if (monthStart < current) throw badRequest({ packageFrom: 'validation.packageMonthPast' });
  const pkg = await findPackage(tx, input.packageId, 'share');
  if (!pkg) throw badRequest({ packageId: 'errors.packageNotFound' });
  if (!pkg.active && ctx.actor.role === 'AGENT') throw badRequest({ packageId: 'errors.packageInactive' });
  return { packageId: pkg.id, monthStart };
}

/** Write the choice for a main shop (its months, its and its branches' package_id) and audit it. */
export async function applyChoice(
  tx: Executor,
  ctx: AuthedContext,
  shopId: string,
  choice: PackageChoice,
  before: { packageId: string | null },
): Promise<void> {
  await choosePackageFrom(tx, { shopId, ...choice, by: ctx.actor.id });
  await audit(tx, ctx, {
    action: 'shop.package',
    entity: 'shop',
    entityId: shopId,
    shopId,
    before: { packageId: before.packageId },
    after: { packageId: choice.packageId, packageFrom: choice.monthStart.slice(0, 7) },
  });
}

/** Clearing a main shop's package (one with no months yet): audited like a choice, with none after. */
export async function auditCleared(
  tx: Executor,
  ctx: AuthedContext,
  shopId: string,
  before: { packageId: string | null },
): Promise<void> {
  await audit(tx, ctx, {
    action: 'shop.package',
    entity: 'shop',
    entityId: shopId,
    shopId,
    before: { packageId: before.packageId },
    after: { packageId: null },
  });
}

export type PackagePlan = { kind: 'choose'; choice: PackageChoice } | { kind: 'clear' } | null;

/**
 * What an edit of a shop asks of its package, checked: nothing (not sent, or what it already
 * has from then on), a new choice from a month, or clearing a package that has no months yet.
 */
export async function planPackageChange(
  tx: Executor,
  ctx: AuthedContext,
  shop: Shop,
  input: PackageInput,
  timezone: string,
): Promise<PackagePlan> {
  if (input.packageId === undefined && !input.packageFrom) return null;
  const target = input.packageId === undefined ? shop.packageId : input.packageId;
  const asks = target !== shop.packageId || Boolean(input.packageFrom);
  if (!asks) return null;
  if (ctx.actor.role === 'MANAGER') throw forbidden();
  // A branch's package is its main shop's (one invoice for all), so an agent's scope never splits a shop.
  if (shop.parentId) throw conflict('errors.branchFollowsShop');
  if (target === null) {
    if (input.packageFrom) throw badRequest({ packageId: 'validation.packageRequired' });
    if (await hasPackageHistory(tx, shop.id)) throw conflict('errors.packageCannotBeCleared');
    return { kind: 'clear' };
  }
  const choice = await checkChoice(tx, ctx, { packageId: target, packageFrom: input.packageFrom }, timezone);
  if (await alreadyChosen(tx, shop, choice)) return null;
  return { kind: 'choose', choice };
}

/** The shop has this package from that month on already, with no other choice after it. */
async function alreadyChosen(tx: Executor, shop: Shop, choice: PackageChoice): Promise<boolean> {
  if (shop.packageId !== choice.packageId) return false;
  const inForce = await packageForMonth(tx, shop.id, choice.monthStart);
  if (inForce?.id !== choice.packageId) return false;
  const later = await tx
    .select({ m: shopPackages.fromMonth })
    .from(shopPackages)
    .where(and(eq(shopPackages.shopId, shop.id), gt(shopPackages.fromMonth, choice.monthStart)))
    .limit(1);
  return later.length === 0;
}

/** The package history shown on a shop's detail (its main shop's, for a branch). */
export async function packageHistoryOf(db: Executor, shopId: string): Promise<ShopPackageMonth[]> {
  const main = await mainShopOf(db, shopId);
  return main ? shopPackageHistory(db, main) : [];
}

const allowanceReached = (
  key: 'errors.usersAllowanceReached' | 'errors.branchesAllowanceReached',
  max: number,
) => new AppError(409, key, { max });

/**
 * One more user (or a user moving in) for a shop: the users of its main shop and branches, not
 * deleted, must stay within the current package's allowance. The main shop row is locked first,
 * so two creations at the limit queue up and the second one counts the first.
 */
export async function assertUserAllowance(
  tx: Executor,
  shopId: string,
  timezone: string,
  exceptUserId?: string,
): Promise<void> {
  const main = await mainShopOf(tx, shopId);
  if (!main) return;
  await lockMainShop(tx, main);
  const pkg = await packageForMonth(tx, main, currentMonthStart(timezone));
  if (pkg?.usersAllowed == null) return;
  const users = await countShopUsers(tx, main, exceptUserId);
  if (users + 1 > pkg.usersAllowed) throw allowanceReached('errors.usersAllowanceReached', pkg.usersAllowed);
}

/** One more open branch for a main shop (a new one, or a closed one reopening), under the same lock. */
export async function assertBranchAllowance(
  tx: Executor,
  mainShopId: string,
  timezone: string,
  exceptShopId?: string,
): Promise<void> {
  await lockMainShop(tx, mainShopId);
  const pkg = await packageForMonth(tx, mainShopId, currentMonthStart(timezone));
  if (pkg?.branchesAllowed == null) return;
  const branches = await countOpenBranches(tx, mainShopId, exceptShopId);
  if (branches + 1 > pkg.branchesAllowed) {
    throw allowanceReached('errors.branchesAllowanceReached', pkg.branchesAllowed);
  }
}
