import {
  type MembershipSettings,
  PASS_MONTHS,
  PASS_PRICE_FIELDS,
  type PassPlan,
  type UpdateMembershipSettingsBody,
} from '@parking-hub/contracts/members';
import { VEHICLE_TYPES, type VehicleType } from '@parking-hub/contracts/vehicles';
import type { Db } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { audit } from '../audit/audit.service.ts';
import { lockShopSettings, passPrices, updateShopSettings } from './members.repository.ts';
import { memberShop } from './members.shared.ts';

/**
 * `GET /v1/membership/plans`: the passes the shop sells, from its own price rules (a branch: its
 * own), by vehicle type (motorbike first) and length.
 */
export async function listPlans(
  db: Db,
  ctx: AuthedContext,
  shopId: string | null | undefined,
): Promise<PassPlan[]> {
  const shop = await memberShop(db, ctx, shopId);
  const rules = await passPrices(db, shop.id);
  const rank = (type: string) => VEHICLE_TYPES.indexOf(type as VehicleType);
  return rules
    .sort((a, b) => rank(a.vehicleType) - rank(b.vehicleType))
    .flatMap((rule) =>
      PASS_MONTHS.flatMap((months) => {
        const price = rule[PASS_PRICE_FIELDS[months]];
        return price === null ? [] : [{ vehicleType: rule.vehicleType as VehicleType, months, price }];
      }),
    );
}

export async function getSettings(
  db: Db,
  ctx: AuthedContext,
  shopId: string | null | undefined,
): Promise<MembershipSettings> {
  const shop = await memberShop(db, ctx, shopId);
  return { shopId: shop.id, staffSellPasses: shop.staffSellPasses, reminderDays: shop.reminderDays };
}

/** Whether staff may sell passes and the reminder days (`membership.settings`, filed under the shop). */
export async function saveSettings(
  db: Db,
  ctx: AuthedContext,
  body: UpdateMembershipSettingsBody,
): Promise<MembershipSettings> {
  const shop = await memberShop(db, ctx, body.shopId);
  return db.transaction(async (tx) => {
    const before = await lockShopSettings(tx, shop.id);
    if (!before) throw new Error(`shop ${shop.id} vanished`);
    const after = {
      staffSellPasses: body.staffSellPasses ?? before.staffSellPasses,
      reminderDays: body.reminderDays ?? before.reminderDays,
    };
    if (after.staffSellPasses !== before.staffSellPasses || after.reminderDays !== before.reminderDays) {
      await updateShopSettings(tx, shop.id, after);
      await audit(tx, ctx, {
        action: 'membership.settings',
        entity: 'shop',
        entityId: shop.id,
        shopId: shop.id,
        before,
        after,
      });
    }
    return { shopId: shop.id, ...after };
  });
}
