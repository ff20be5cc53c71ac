import type {
  CreateFeeBody,
  CreatePackageBody,
  DeletePackageResult,
  Fee,
  Package,
  UpdateFeeBody,
  UpdatePackageBody,
} from '@parking-hub/contracts/packages';
import type { Db, Executor } from '../../db/client.ts';
import { shops } from '../../db/schema/shops.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { iso } from '../../lib/time.ts';
import { shopScope } from '../../tenancy/scope.ts';
import { audit } from '../audit/audit.service.ts';
import {
  deletePackageRow,
  type FeeRow,
  findFee,
  findPackage,
  insertFee,
  insertPackage,
  isPackageUsed,
  listFees as listFeeRows,
  listPackages as listPackageRows,
  type PackageRow,
  updateFeeRow,
  updatePackageRow,
} from './packages.repository.ts';
import { currentMonthStart } from './shop-packages.service.ts';

type PackageView = Omit<Package, 'shopsUsing'>;

function toPackage(row: PackageRow): PackageView {
  const { createdAt, updatedAt, ...rest } = row;
  return { ...rest, createdAt: iso(createdAt), updatedAt: iso(updatedAt) };
}

function toFee(row: FeeRow): Fee {
  const { createdAt: _c, updatedAt, ...rest } = row;
  return { ...rest, updatedAt: iso(updatedAt) };
}

/** What the audit trail keeps of a package or fee: its own fields, not its timestamps. */
function auditView<T extends { createdAt?: string; updatedAt: string }>(item: T | undefined) {
  if (!item) return undefined;
  const { createdAt: _c, updatedAt: _u, ...view } = item;
  return view;
}

function auditChange(
  tx: Executor,
  ctx: AuthedContext,
  action: string,
  entity: 'package' | 'fee',
  change: { before?: PackageView | Fee; after?: PackageView | Fee },
) {
  const item = change.after ?? change.before;
  return audit(tx, ctx, {
    action,
    entity,
    entityId: item?.id,
    shopId: null,
    before: auditView(change.before),
    after: auditView(change.after),
  });
}

/**
 * Every package (agents sell them, so they read all), with the number of main shops in the
 * caller's scope that have it in the current month.
 */
export async function listPackages(db: Db, ctx: AuthedContext, timezone: string): Promise<Package[]> {
  const rows = await listPackageRows(db, currentMonthStart(timezone), shopScope(ctx.actor, shops.id));
  return rows.map((row) => ({ ...toPackage(row), shopsUsing: row.shopsUsing }));
}

const withUsing = (view: PackageView, shopsUsing = 0): Package => ({ ...view, shopsUsing });

export async function createPackage(db: Db, ctx: AuthedContext, body: CreatePackageBody): Promise<Package> {
  return db.transaction(async (tx) => {
    const created = toPackage(
      await insertPackage(tx, {
        ...body,
        usersAllowed: body.usersAllowed ?? null,
        branchesAllowed: body.branchesAllowed ?? null,
      }),
    );
    await auditChange(tx, ctx, 'package.create', 'package', { after: created });
    return withUsing(created);
  });
}

async function lockedPackage(tx: Executor, id: string): Promise<PackageView> {
  const row = await findPackage(tx, id, 'update');
  if (!row) throw notFound('errors.packageNotFound');
  return toPackage(row);
}

export async function updatePackage(
  db: Db,
  ctx: AuthedContext,
  body: UpdatePackageBody,
  timezone: string,
): Promise<Package> {
  const { id, ...fields } = body;
  await db.transaction(async (tx) => {
    const before = await lockedPackage(tx, id);
    const after = toPackage(await updatePackageRow(tx, id, fields));
    await auditChange(tx, ctx, 'package.update', 'package', { before, after });
  });
  const listed = await listPackages(db, ctx, timezone);
  const found = listed.find((p) => p.id === id);
  if (!found) throw notFound('errors.packageNotFound');
  return found;
}

/**
 * Delete a package no shop ever had and no promotion names; one that a shop has or had (a month of
 * its history) or a promotion names is deactivated instead, so past months' invoices and the
 * promotions still read it. The row lock makes a shop's new choice of it, or a promotion naming
 * it (both read it FOR SHARE), wait, so the check cannot go stale before the delete.
 */
export async function deletePackage(db: Db, ctx: AuthedContext, id: string): Promise<DeletePackageResult> {
  return db.transaction(async (tx) => {
    const before = await lockedPackage(tx, id);
    if (await isPackageUsed(tx, id)) {
      const after = toPackage(await updatePackageRow(tx, id, { active: false }));
      await auditChange(tx, ctx, 'package.deactivate', 'package', { before, after });
      return { id, deleted: false, deactivated: true };
    }
    await deletePackageRow(tx, id);
    await auditChange(tx, ctx, 'package.delete', 'package', { before });
    return { id, deleted: true, deactivated: false };
  });
}

export async function listFees(db: Db): Promise<Fee[]> {
  return (await listFeeRows(db)).map(toFee);
}

const codeTaken = () => conflict('errors.feeCodeTaken', { code: 'errors.feeCodeTaken' });

export async function createFee(db: Db, ctx: AuthedContext, body: CreateFeeBody): Promise<Fee> {
  return db
    .transaction(async (tx) => {
      const created = toFee(await insertFee(tx, body));
      await auditChange(tx, ctx, 'fee.create', 'fee', { after: created });
      return created;
    })
    .catch((err: unknown) => {
      throw uniqueViolation(err) === 'fees_code_key' ? codeTaken() : err;
    });
}

/** Only the fields sent change; the code stays (rolls and invoices find a fee by it). */
export async function updateFee(db: Db, ctx: AuthedContext, body: UpdateFeeBody): Promise<Fee> {
  const { id, ...fields } = body;
  return db.transaction(async (tx) => {
    const row = await findFee(tx, id, true);
    if (!row) throw notFound('errors.feeNotFound');
    const before = toFee(row);
    const after = toFee(await updateFeeRow(tx, id, fields));
    await auditChange(tx, ctx, 'fee.update', 'fee', { before, after });
    return after;
  });
}
