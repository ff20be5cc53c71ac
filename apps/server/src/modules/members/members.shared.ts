import { businessDate } from '@parking-hub/contracts/business-day';
import type { Member, MemberPayment, MemberStatus, PassMethod } from '@parking-hub/contracts/members';
import { daysBetween } from '@parking-hub/contracts/members';
import type { MessageKey } from '@parking-hub/contracts/messages';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import type { Executor } from '../../db/client.ts';
import { members } from '../../db/schema/members.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { iso } from '../../lib/time.ts';
import { shopScope } from '../../tenancy/scope.ts';
import { audit } from '../audit/audit.service.ts';
import { resolveShopId } from '../bills/bills.locate.ts';
import { plateKey } from '../bills/bills.mapping.ts';
import {
  findMember,
  findMemberShop,
  lockPlates,
  type MemberRow,
  type MemberShop,
  type PaymentRow,
  plateHolder,
} from './members.repository.ts';

/**
 * What the sales, the managers' changes and the reads of members share: the shop and its business
 * day, who may sell, a member in the caller's scope, the answers and the audit view.
 */

/** The shop's business day now (contracts/business-day), as bills.service dates a check-in. */
export const shopToday = (shop: Pick<MemberShop, 'timezone' | 'openShop' | 'closeShop'>, at = new Date()) =>
  businessDate(at, shop);

/** The shop a call names (staff and managers: their own when left out), in the caller's scope. */
export async function memberShop(db: Executor, ctx: AuthedContext, shopId: string | null | undefined) {
  const id = await resolveShopId(db, ctx, shopId);
  const shop = await findMemberShop(db, id);
  if (!shop) throw notFound('errors.shopNotFound');
  return shop;
}

export async function shopOfMember(db: Executor, shopId: string): Promise<MemberShop> {
  const shop = await findMemberShop(db, shopId);
  if (!shop) throw new Error(`shop ${shopId} of a member vanished`);
  return shop;
}

/** Shop staff sell and renew passes only where the shop lets them (managers and above always). */
export function assertMaySell(ctx: AuthedContext, shop: MemberShop) {
  if (ctx.actor.role === 'SHOP' && !shop.staffSellPasses) throw forbidden('errors.passSellNotAllowed');
  if (shop.status !== 'ACTIVE') throw conflict('errors.shopNotActive');
}

export const memberScope = (ctx: AuthedContext) => shopScope(ctx.actor, members.shopId);

/** A member of a shop in scope, locked for the change; anything else is "not found". */
export async function lockedMember(tx: Executor, ctx: AuthedContext, id: string): Promise<MemberRow> {
  const row = await findMember(tx, id, memberScope(ctx), true);
  if (!row) throw notFound('errors.memberIdNotFound');
  return row;
}

export const fieldError = (
  status: number,
  key: MessageKey,
  field: string,
  params: Record<string, string> = {},
) => new AppError(status, key, params, { [field]: key });

/**
 * A plate belongs to one live member of a shop (the gate matches by plate): under the plates'
 * locks, none of `plates` may be another live member's.
 */
export async function claimPlates(tx: Executor, shopId: string, plates: string[], exceptId: string | null) {
  const keys = plates.map((p) => plateKey(p)).filter((k): k is string => !!k);
  await lockPlates(tx, shopId, keys);
  const holder = await plateHolder(tx, shopId, keys, exceptId);
  if (holder) {
    const index = holder.plateKeys.findIndex((k) => keys.includes(k));
    const plate = holder.plates[index] ?? holder.plateKeys[index] ?? '';
    throw fieldError(409, 'errors.plateOfOtherMember', 'plates', { plate, number: holder.number });
  }
  return keys;
}

// ---- answers --------------------------------------------------------------------------------

/** As the member is on the shop's `today`: an ACTIVE pass past its end reads EXPIRED (the hourly job marks it). */
function statusOn(row: Pick<MemberRow, 'status' | 'validUntil'>, today: string): MemberStatus {
  return row.status === 'ACTIVE' && row.validUntil < today ? 'EXPIRED' : (row.status as MemberStatus);
}

export function toMember(row: MemberRow, today = shopToday(row)): Member {
  return {
    id: row.id,
    shopId: row.shopId,
    shopName: row.shopName,
    numberId: row.numberId,
    number: row.number,
    fullName: row.fullName,
    phone: row.phone,
    plates: row.plates,
    vehicleType: row.vehicleType as VehicleType | null,
    planMonths: row.planMonths,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    status: statusOn(row, today),
    daysLeft: daysBetween(today, row.validUntil),
    feePaid: row.feePaid,
    note: row.note,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function toPayment(row: PaymentRow): MemberPayment {
  return {
    id: row.id,
    memberId: row.memberId,
    kind: row.kind as MemberPayment['kind'],
    number: row.number,
    vehicleType: row.vehicleType as VehicleType,
    months: row.months,
    amount: row.amount,
    method: row.method as PassMethod,
    periodFrom: row.periodFrom,
    periodUntil: row.periodUntil,
    takenById: row.takenById,
    takenByName: row.takenByName,
    takenAt: iso(row.takenAt),
  };
}

/** What the audit keeps of a member: the stored row (its status as stored), without timestamps. */
function auditView(row: MemberRow) {
  const {
    shopName: _n,
    timezone: _t,
    openShop: _o,
    closeShop: _c,
    createdAt: _ca,
    updatedAt: _u,
    ...view
  } = row;
  return view;
}

const paymentView = ({ takenAt: _t, takenByName: _n, ...view }: MemberPayment) => view;

export function auditMember(
  tx: Executor,
  ctx: AuthedContext,
  action: string,
  change: { before?: MemberRow; after: MemberRow; payment?: MemberPayment & { listPrice: number | null } },
) {
  const payment = change.payment && { ...paymentView(change.payment), listPrice: change.payment.listPrice };
  return audit(tx, ctx, {
    action,
    entity: 'member',
    entityId: change.after.id,
    shopId: change.after.shopId,
    before: change.before ? auditView(change.before) : undefined,
    after: { ...auditView(change.after), ...(payment ? { payment } : {}) },
  });
}

export async function loaded(tx: Executor, id: string): Promise<MemberRow> {
  const row = await findMember(tx, id);
  if (!row) throw new Error(`member ${id} vanished`);
  return row;
}
