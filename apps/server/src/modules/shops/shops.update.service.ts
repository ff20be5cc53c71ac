import { canonicalJson } from '@parking-hub/contracts/canonical-json';
import type { Role } from '@parking-hub/contracts/roles';
import type { Shop, UpdateShopBody } from '@parking-hub/contracts/shops';
import { CORE_VEHICLE_TYPES } from '@parking-hub/contracts/vehicles';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import {
  applyChoice,
  assertBranchAllowance,
  auditCleared,
  type PackagePlan,
  planPackageChange,
} from '../packages/shop-packages.service.ts';
import { followShopPrice, SHOP_PRICE_FIELD } from '../prices/prices.service.ts';
import { rebuildShopsPaper } from '../rolls/paper.rebuild.ts';
import { type LogoContent, removeLogoFile, storeLogoFile } from './shops.logo.ts';
import { type NewShopRow, updateBranches, updateShopRow } from './shops.repository.ts';
import {
  assertCodeFree,
  auditShop,
  auditView,
  resolveAgent,
  rethrowCodeTaken,
  visibleShop,
} from './shops.service.ts';

type Changes = Omit<UpdateShopBody, 'id' | 'packageFrom'>;
type Field = keyof Changes;

/** Fields a role may not change on the shops it edits (sending the current value is fine). */
const LOCKED_FIELDS: Partial<Record<Role, readonly Field[]>> = {
  AGENT: ['agentId'],
  MANAGER: ['agentId', 'packageId', 'status'],
};

/** The fields sent whose value differs from the shop's; a code cannot be cleared, so null keeps it. */
function changedFields(before: Shop, sent: Changes): Partial<Changes> {
  const changes: Partial<Changes> = {};
  for (const [field, value] of Object.entries(sent) as Array<[Field, unknown]>) {
    if (value === undefined || (field === 'code' && value === null)) continue;
    if (canonicalJson(value) === canonicalJson(before[field])) continue;
    Object.assign(changes, { [field]: value });
  }
  return changes;
}

function pick(shop: Shop, fields: string[]) {
  const view: Record<string, unknown> = auditView(shop);
  return Object.fromEntries(fields.map((f) => [f, view[f]]));
}

async function applyChanges(tx: Executor, ctx: AuthedContext, before: Shop, changes: Partial<Changes>) {
  for (const field of LOCKED_FIELDS[ctx.actor.role] ?? []) {
    if (field in changes) throw forbidden();
  }
  // A branch's agent and package are its main shop's, so an agent's scope never splits a shop.
  if (before.parentId && 'agentId' in changes) {
    throw conflict('errors.branchFollowsShop');
  }
  if ('agentId' in changes) await resolveAgent(tx, ctx, changes.agentId);
  await assertCodeFree(tx, changes.code, before.id);
  await updateShopRow(tx, before.id, changes as Partial<NewShopRow>);
  if (!before.parentId && 'agentId' in changes) {
    // Branches follow their main shop's agent (and package), so the agent's scope stays whole.
    await updateBranches(tx, before.id, { agentId: changes.agentId });
  }
  for (const type of CORE_VEHICLE_TYPES) {
    const field = SHOP_PRICE_FIELD[type];
    const price = field ? changes[field] : undefined;
    if (price !== undefined) await followShopPrice(tx, before.id, type, price);
  }
  // Calendar dates in the report rollup are in the shop's zone: a new zone recounts them (decision 010).
  if ('timezone' in changes) await tx.execute(sql`select report_rebuild(array[${before.id}]::uuid[])`);
  // And so are its paper counts (decision 018): its prints fall on other days, its caches go.
  if ('timezone' in changes) await rebuildShopsPaper(tx, [before.id]);
}

/** A closed branch that opens again takes a place in its package's branch allowance. */
async function checkReopening(tx: Executor, before: Shop, changes: Partial<Changes>, timezone: string) {
  if (!before.parentId || before.status !== 'CLOSED' || !changes.status || changes.status === 'CLOSED')
    return;
  await assertBranchAllowance(tx, before.parentId, timezone, before.id);
}

/** A new package choice: its months, the shop's and its branches' package_id, its own audit event. */
async function applyPackagePlan(tx: Executor, ctx: AuthedContext, before: Shop, plan: PackagePlan) {
  if (!plan) return;
  const packageId = plan.kind === 'choose' ? plan.choice.packageId : null;
  await updateShopRow(tx, before.id, { packageId });
  await updateBranches(tx, before.id, { packageId });
  if (plan.kind === 'choose') await applyChoice(tx, ctx, before.id, plan.choice, before);
  else await auditCleared(tx, ctx, before.id, before);
}

/**
 * Change only the fields sent; an unchanged shop is answered as it is, with nothing written. The
 * package (with `packageFrom`) is a choice by month, checked and audited on its own (shop.package).
 */
export async function updateShop(
  db: Db,
  ctx: AuthedContext,
  body: UpdateShopBody,
  timezone: string,
): Promise<Shop> {
  const { id, packageId, packageFrom, ...sent } = body;
  return db
    .transaction(async (tx) => {
      const before = await visibleShop(tx, ctx, id, true);
      const changes = changedFields(before, sent);
      const fields = Object.keys(changes);
      const plan = await planPackageChange(tx, ctx, before, { packageId, packageFrom }, timezone);
      if (fields.length === 0 && !plan) return before;
      await checkReopening(tx, before, changes, timezone);
      if (fields.length > 0) await applyChanges(tx, ctx, before, changes);
      await applyPackagePlan(tx, ctx, before, plan);
      const after = await visibleShop(tx, ctx, id);
      if (fields.length > 0) {
        await auditShop(tx, ctx, 'shop.update', id, {
          before: pick(before, fields),
          after: pick(after, fields),
        });
      }
      return after;
    })
    .catch(rethrowCodeTaken);
}

/**
 * Point the shop at a new logo: the file is written only once the shop is known to be editable,
 * removed again if the change fails, and the old file goes after the commit (best effort).
 */
export async function replaceLogo(
  db: Db,
  ctx: AuthedContext,
  uploadsDir: string,
  upload: { shopId: string; logo: LogoContent },
): Promise<Shop> {
  await visibleShop(db, ctx, upload.shopId);
  const stored = await storeLogoFile(uploadsDir, upload.logo);
  const { after, previous } = await db
    .transaction(async (tx) => {
      const before = await visibleShop(tx, ctx, upload.shopId, true);
      await updateShopRow(tx, before.id, { logoPath: stored.logoPath });
      const changed = await visibleShop(tx, ctx, before.id);
      await auditShop(tx, ctx, 'shop.logo', before.id, {
        before: { logoPath: before.logoPath },
        after: { logoPath: changed.logoPath },
      });
      return { after: changed, previous: before.logoPath };
    })
    .catch(async (err: unknown) => {
      await removeLogoFile(uploadsDir, stored.logoPath);
      throw err;
    });
  await removeLogoFile(uploadsDir, previous);
  return after;
}
