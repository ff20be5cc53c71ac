import {
  type CreatePriceBody,
  defaultFeeRule,
  entryPrice,
  type FeeMode,
  type PriceRule,
  type UpdatePriceBody,
} from '@parking-hub/contracts/prices';
import { CORE_VEHICLE_TYPES, VEHICLE_TYPES, type VehicleType } from '@parking-hub/contracts/vehicles';
import type { Db, Executor } from '../../db/client.ts';
import { priceRules } from '../../db/schema/prices.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { iso } from '../../lib/time.ts';
import { isShopInScope, shopScope } from '../../tenancy/scope.ts';
import { lockShop } from '../../tenancy/shop-lock.ts';
import { audit } from '../audit/audit.service.ts';
import {
  deleteRule,
  findRule,
  findRuleByType,
  hasParkedBills,
  insertRule,
  listRules,
  type PriceRuleRow,
  setShopEntryPrice,
  updateRule,
} from './prices.repository.ts';

export function toPriceRule(row: PriceRuleRow): PriceRule {
  return {
    ...row,
    vehicleType: row.vehicleType as VehicleType,
    mode: row.mode as FeeMode,
    updatedAt: iso(row.updatedAt),
  };
}

export const auditView = (rule: PriceRule | undefined) => {
  if (!rule) return undefined;
  const { updatedAt: _u, ...view } = rule;
  return view;
};

/** A rule's event, filed under its shop so the shop's history shows its price changes. */
function auditRule(
  tx: Executor,
  ctx: AuthedContext,
  action: string,
  change: { before?: PriceRule; after?: PriceRule },
) {
  const rule = change.after ?? change.before;
  return audit(tx, ctx, {
    action,
    entity: 'price_rule',
    entityId: rule?.id,
    shopId: rule?.shopId,
    before: auditView(change.before),
    after: auditView(change.after),
  });
}

/** The shop column that shows a core rule's entry price (DESIGN.md §4: priceMotorbike, priceCar). */
export const SHOP_PRICE_FIELD: Partial<Record<VehicleType, 'priceMotorbike' | 'priceCar'>> = {
  MOTORBIKE: 'priceMotorbike',
  CAR: 'priceCar',
};

/** A shop's rules in the order the vehicle types are listed everywhere (motorbike first). */
export async function shopRules(db: Executor, shopId: string): Promise<PriceRule[]> {
  const rules = (await listRules(db, shopId)).map(toPriceRule);
  const rank = (r: PriceRule) => VEHICLE_TYPES.indexOf(r.vehicleType);
  return rules.sort((a, b) => rank(a) - rank(b));
}

async function assertShopVisible(db: Executor, ctx: AuthedContext, shopId: string) {
  if (!(await isShopInScope(db, ctx.actor, shopId))) throw notFound('errors.shopNotFound');
}

/** A rule of a shop in scope, locked for the change; anything else is "not found". */
async function lockedRule(tx: Executor, ctx: AuthedContext, id: string): Promise<PriceRule> {
  const scope = shopScope(ctx.actor, priceRules.shopId);
  const found = await findRule(tx, id, scope);
  if (!found) throw notFound('errors.priceRuleNotFound');
  // Shop first, then rule: the order shop/update takes them in, so the two cannot deadlock.
  await lockShop(tx, found.shopId);
  const row = await findRule(tx, id, scope, true);
  if (!row) throw notFound('errors.priceRuleNotFound');
  return toPriceRule(row);
}

/** A core rule changed: the shop's price follows, so the app and the receipts show one price. */
async function mirrorToShop(tx: Executor, rule: PriceRule) {
  const field = SHOP_PRICE_FIELD[rule.vehicleType];
  if (field) await setShopEntryPrice(tx, rule.shopId, field, entryPrice(rule));
}

/**
 * A shop's price changed: its core rule's entry price follows (the flat fee, or the first period of
 * a timed rule). A timed rule whose daily cap would fall below its first period is refused.
 */
export async function followShopPrice(tx: Executor, shopId: string, vehicleType: VehicleType, price: number) {
  const rule = await findRuleByType(tx, shopId, vehicleType, true);
  if (!rule) {
    await insertRule(tx, { shopId, vehicleType, ...defaultFeeRule(price) });
    return;
  }
  if (rule.mode === 'FLAT') {
    await updateRule(tx, rule.id, { flatFee: price });
    return;
  }
  if (rule.dailyCap !== null && rule.dailyCap < price) {
    throw badRequest({ [SHOP_PRICE_FIELD[vehicleType] ?? 'price']: 'validation.capBelowFirstPeriod' });
  }
  await updateRule(tx, rule.id, { firstPeriodFee: price });
}

const ruleExists = () => conflict('errors.priceRuleExists', { vehicleType: 'errors.priceRuleExists' });

/** A concurrent create can still win after the check: answer 409 for it too. */
function rethrowExists(err: unknown): never {
  throw uniqueViolation(err) === 'price_rules_shop_type_key' ? ruleExists() : err;
}

export async function listPrices(db: Db, ctx: AuthedContext, shopId: string): Promise<PriceRule[]> {
  await assertShopVisible(db, ctx, shopId);
  return shopRules(db, shopId);
}

export async function createPrice(db: Db, ctx: AuthedContext, body: CreatePriceBody): Promise<PriceRule> {
  await assertShopVisible(db, ctx, body.shopId);
  if (await findRuleByType(db, body.shopId, body.vehicleType)) throw ruleExists();
  return db
    .transaction(async (tx) => {
      const rule = toPriceRule(await insertRule(tx, body));
      await mirrorToShop(tx, rule);
      await auditRule(tx, ctx, 'price.create', { after: rule });
      return rule;
    })
    .catch(rethrowExists);
}

export async function updatePrice(db: Db, ctx: AuthedContext, body: UpdatePriceBody): Promise<PriceRule> {
  const { id, ...fields } = body;
  return db.transaction(async (tx) => {
    const before = await lockedRule(tx, ctx, id);
    const after = toPriceRule(await updateRule(tx, id, fields));
    await mirrorToShop(tx, after);
    await auditRule(tx, ctx, 'price.update', { before, after });
    return after;
  });
}

export async function deletePrice(db: Db, ctx: AuthedContext, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockedRule(tx, ctx, id);
    if (CORE_VEHICLE_TYPES.includes(before.vehicleType)) throw conflict('errors.corePriceRule');
    // A parked vehicle of this type would have no tariff to leave with.
    if (await hasParkedBills(tx, before.shopId, before.vehicleType)) throw conflict('errors.priceRuleInUse');
    await deleteRule(tx, id);
    await auditRule(tx, ctx, 'price.delete', { before });
  });
}
