import { DEFAULT_TIMEZONE } from '@parking-hub/contracts/business-day';
import type { CreateBranchBody, CreateShopBody, Shop } from '@parking-hub/contracts/shops';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import {
  applyChoice,
  assertBranchAllowance,
  checkChoice,
  type PackageChoice,
} from '../packages/shop-packages.service.ts';
import { insertShop, type NewShopRow } from './shops.repository.ts';
import {
  assertCodeFree,
  auditShop,
  auditView,
  resolveAgent,
  rethrowCodeTaken,
  visibleShop,
} from './shops.service.ts';

/** The columns every new shop or branch takes from the form, with the documented defaults. */
function formValues(body: CreateShopBody | CreateBranchBody) {
  return {
    name: body.name,
    code: body.code ?? '',
    address: body.address ?? null,
    phone: body.phone ?? null,
    whatsapp: body.whatsapp ?? null,
    conditions: body.conditions ?? null,
    priceMotorbike: body.priceMotorbike,
    priceCar: body.priceCar,
    status: body.status ?? 'ACTIVE',
    qrReceiver: body.qrReceiver ?? null,
  } satisfies NewShopRow;
}

/** Inserts the shop `build` describes (inside the transaction, so it may lock what it reads). */
async function insertAudited(
  db: Db,
  ctx: AuthedContext,
  action: string,
  body: CreateShopBody | CreateBranchBody,
  build: (tx: Executor) => Promise<NewShopRow>,
  afterInsert?: (tx: Executor, id: string) => Promise<void>,
): Promise<Shop> {
  await assertCodeFree(db, body.code);
  return db
    .transaction(async (tx) => {
      const id = await insertShop(tx, await build(tx));
      const created = await visibleShop(tx, ctx, id);
      await auditShop(tx, ctx, action, id, { after: auditView(created) });
      await afterInsert?.(tx, id);
      return created;
    })
    .catch(rethrowCodeTaken);
}

/**
 * A main shop; with a package, its months start at `packageFrom` (the current month in the
 * platform's time zone by default, never an earlier one).
 */
export async function createShop(
  db: Db,
  ctx: AuthedContext,
  body: CreateShopBody,
  timezone: string,
): Promise<Shop> {
  const agentId = await resolveAgent(db, ctx, body.agentId);
  if (body.packageFrom && !body.packageId) throw badRequest({ packageId: 'validation.packageRequired' });
  let choice: PackageChoice | null = null;
  const build = async (tx: Executor) => {
    if (body.packageId) choice = await checkChoice(tx, ctx, { ...body, packageId: body.packageId }, timezone);
    return {
      ...formValues(body),
      agentId,
      packageId: body.packageId ?? null,
      openShop: body.openShop ?? null,
      closeShop: body.closeShop ?? null,
      timezone: body.timezone ?? DEFAULT_TIMEZONE,
    };
  };
  return insertAudited(db, ctx, 'shop.create', body, build, async (tx, id) => {
    if (choice) await applyChoice(tx, ctx, id, choice, { packageId: null });
  });
}

/**
 * A branch of an active main shop in scope: it takes the shop's agent and package, and its hours
 * unless given; its package's branch allowance must have room. The main shop stays locked until
 * the branch exists, so a change of agent cannot slip in between and leave the branch with the
 * old one, and two branches at the limit cannot both be counted as the last one.
 */
export async function createBranch(
  db: Db,
  ctx: AuthedContext,
  body: CreateBranchBody,
  timezone: string,
): Promise<Shop> {
  return insertAudited(db, ctx, 'shop.create_branch', body, async (tx) => {
    const parent = await visibleShop(tx, ctx, body.parentId, true);
    if (parent.parentId) throw conflict('errors.branchOfBranch');
    if (parent.status !== 'ACTIVE') throw conflict('errors.shopNotActive');
    await assertBranchAllowance(tx, parent.id, timezone);
    return {
      ...formValues(body),
      parentId: parent.id,
      agentId: parent.agentId,
      packageId: parent.packageId,
      openShop: body.openShop === undefined ? parent.openShop : body.openShop,
      closeShop: body.closeShop === undefined ? parent.closeShop : body.closeShop,
      timezone: body.timezone ?? parent.timezone,
    };
  });
}
