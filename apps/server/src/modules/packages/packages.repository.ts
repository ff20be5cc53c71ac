import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fees, packages, shopPackages } from '../../db/schema/packages.ts';
import { promotions } from '../../db/schema/promotions.ts';
import { shops } from '../../db/schema/shops.ts';

export type NewPackageRow = typeof packages.$inferInsert;
export type PackageRow = typeof packages.$inferSelect;
export type NewFeeRow = typeof fees.$inferInsert;
export type FeeRow = typeof fees.$inferSelect;

/**
 * Every package with the number of main shops (inside `scope`, not closed) whose package in
 * `month` ('YYYY-MM-01') it is: the latest shop_packages row on or before that month.
 */
export async function listPackages(db: Executor, month: string, scope: SQL | undefined) {
  const result = await db.execute<{ id: string; shops_using: number }>(sql`
    with current_rows as (
      select distinct on (sp.shop_id) sp.shop_id, sp.package_id
      from ${shopPackages} sp
      where sp.from_month <= ${month}::date
      order by sp.shop_id, sp.from_month desc
    )
    select c.package_id as id, count(*)::int as shops_using
    from current_rows c join ${shops} on ${shops.id} = c.shop_id
    where ${shops.status} <> 'CLOSED' and ${shops.parentId} is null ${scope ? sql`and ${scope}` : sql``}
    group by c.package_id`);
  const using = new Map(result.rows.map((r) => [r.id, Number(r.shops_using)]));
  const rows = await db
    .select()
    .from(packages)
    .orderBy(desc(packages.active), asc(packages.monthlyPrice), asc(packages.nameEn));
  return rows.map((row) => ({ ...row, shopsUsing: using.get(row.id) ?? 0 }));
}

/** `lock`: 'update' to change or delete it, 'share' to point a shop at it (no delete meanwhile). */
export async function findPackage(
  db: Executor,
  id: string,
  lock?: 'update' | 'share',
): Promise<PackageRow | null> {
  const query = db.select().from(packages).where(eq(packages.id, id)).limit(1);
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function insertPackage(db: Executor, values: NewPackageRow): Promise<PackageRow> {
  const [row] = await db.insert(packages).values(values).returning();
  if (!row) throw new Error('package insert returned nothing');
  return row;
}

export async function updatePackageRow(
  db: Executor,
  id: string,
  values: Partial<NewPackageRow>,
): Promise<PackageRow> {
  const [row] = await db
    .update(packages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(packages.id, id))
    .returning();
  if (!row) throw new Error('package update returned nothing');
  return row;
}

export async function deletePackageRow(db: Executor, id: string): Promise<void> {
  await db.delete(packages).where(eq(packages.id, id));
}

/**
 * Whether any shop has or ever had the package (a month of its history, or its current choice), or
 * any promotion names it (promotions.package_ids has no foreign key to keep it).
 */
export async function isPackageUsed(db: Executor, id: string): Promise<boolean> {
  const result = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from ${shopPackages} where ${shopPackages.packageId} = ${id})
        or exists (select 1 from ${shops} where ${shops.packageId} = ${id})
        or exists (select 1 from ${promotions} where ${id}::uuid = any(${promotions.packageIds})) as used`);
  return Boolean(result.rows[0]?.used);
}

export async function listFees(db: Executor): Promise<FeeRow[]> {
  return db.select().from(fees).orderBy(desc(fees.active), asc(fees.code));
}

export async function findFee(db: Executor, id: string, lock = false): Promise<FeeRow | null> {
  const query = db.select().from(fees).where(eq(fees.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertFee(db: Executor, values: NewFeeRow): Promise<FeeRow> {
  const [row] = await db.insert(fees).values(values).returning();
  if (!row) throw new Error('fee insert returned nothing');
  return row;
}

export async function updateFeeRow(db: Executor, id: string, values: Partial<NewFeeRow>): Promise<FeeRow> {
  const [row] = await db
    .update(fees)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(fees.id, id))
    .returning();
  if (!row) throw new Error('fee update returned nothing');
  return row;
}
