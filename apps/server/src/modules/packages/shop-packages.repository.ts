import { and, desc, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { packages, shopPackages } from '../../db/schema/packages.ts';
import { shops } from '../../db/schema/shops.ts';
import { users } from '../../db/schema/users.ts';
import type { PackageRow } from './packages.repository.ts';

/** The main shop of a shop (itself when it is one), or null when there is no such shop. */
export async function mainShopOf(db: Executor, shopId: string): Promise<string | null> {
  const [row] = await db
    .select({ main: sql<string>`coalesce(${shops.parentId}, ${shops.id})` })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return row?.main ?? null;
}

/**
 * The package of a shop in the month starting `monthStart` ('YYYY-MM-01'): its main shop's
 * latest choice on or before that month (branches follow their main shop: one invoice for all).
 * Null when the shop had no package yet. The rent invoices read this.
 */
export async function packageForMonth(
  db: Executor,
  shopId: string,
  monthStart: string,
): Promise<PackageRow | null> {
  const main = await mainShopOf(db, shopId);
  if (!main) return null;
  const [row] = await db
    .select({ pkg: packages })
    .from(shopPackages)
    .innerJoin(packages, eq(packages.id, shopPackages.packageId))
    .where(and(eq(shopPackages.shopId, main), lte(shopPackages.fromMonth, monthStart)))
    .orderBy(desc(shopPackages.fromMonth))
    .limit(1);
  return row?.pkg ?? null;
}

/** A main shop's months, newest first: from `month` on (until the next row), this package. */
export async function shopPackageHistory(db: Executor, mainShopId: string) {
  return db
    .select({
      month: sql<string>`to_char(${shopPackages.fromMonth}, 'YYYY-MM')`,
      packageId: shopPackages.packageId,
      nameLo: packages.nameLo,
      nameEn: packages.nameEn,
      monthlyPrice: packages.monthlyPrice,
    })
    .from(shopPackages)
    .innerJoin(packages, eq(packages.id, shopPackages.packageId))
    .where(eq(shopPackages.shopId, mainShopId))
    .orderBy(desc(shopPackages.fromMonth));
}

export async function hasPackageHistory(db: Executor, mainShopId: string): Promise<boolean> {
  const rows = await db
    .select({ m: shopPackages.fromMonth })
    .from(shopPackages)
    .where(eq(shopPackages.shopId, mainShopId))
    .limit(1);
  return rows.length > 0;
}

/**
 * The main shop has `packageId` from `monthStart` on: that month's row is set, and later choices
 * (all still in the future) give way to it. Answers the package now latest, for shops.package_id.
 */
export async function choosePackageFrom(
  tx: Executor,
  change: { shopId: string; monthStart: string; packageId: string; by: string },
): Promise<void> {
  await tx
    .delete(shopPackages)
    .where(and(eq(shopPackages.shopId, change.shopId), gt(shopPackages.fromMonth, change.monthStart)));
  await tx
    .insert(shopPackages)
    .values({
      shopId: change.shopId,
      fromMonth: change.monthStart,
      packageId: change.packageId,
      createdBy: change.by,
    })
    .onConflictDoUpdate({
      target: [shopPackages.shopId, shopPackages.fromMonth],
      set: { packageId: change.packageId, createdBy: change.by, createdAt: sql`now()` },
    });
}

/** Holds the main shop row until the transaction ends: creations counted against it queue up. */
export async function lockMainShop(tx: Executor, mainShopId: string): Promise<void> {
  await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, mainShopId)).for('update');
}

/** Users (not deleted) of a main shop and its branches, leaving one user out (the one that moves). */
export async function countShopUsers(tx: Executor, mainShopId: string, exceptUserId?: string) {
  const inShop = sql`${users.shopId} in (select ${shops.id} from ${shops} where ${or(eq(shops.id, mainShopId), eq(shops.parentId, mainShopId))})`;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(inShop, ne(users.status, 'DELETED'), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  return row?.n ?? 0;
}

/** Branches of a main shop that are not closed, leaving one out (the one that reopens). */
export async function countOpenBranches(tx: Executor, mainShopId: string, exceptShopId?: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(shops)
    .where(
      and(
        eq(shops.parentId, mainShopId),
        ne(shops.status, 'CLOSED'),
        exceptShopId ? ne(shops.id, exceptShopId) : undefined,
      ),
    );
  return row?.n ?? 0;
}
