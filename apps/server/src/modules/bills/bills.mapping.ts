import type { Bill, BillStatus, PaymentMethod } from '@parking-hub/contracts/bills';
import type { ShopHours } from '@parking-hub/contracts/business-day';
import { calculateFee, type FeeResult } from '@parking-hub/contracts/fee';
import type { FeeRule } from '@parking-hub/contracts/prices';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import { iso, isoOrNull } from '../../lib/time.ts';
import type { BillRow } from './bills.repository.ts';

/**
 * What a bill's answer and its fee need: its row with its shop's name and hours, its price rule and
 * its staff's names (the joined read, or the scan path's row and cache).
 */
export type BillView = Omit<BillRow, 'shopStatus' | 'shopSeq'>;

export function toBill(row: BillView): Bill {
  return {
    id: String(row.id),
    reference: row.reference,
    number: row.number,
    shopId: row.shopId,
    shopName: row.shopName,
    vehicleType: row.vehicleType as VehicleType,
    plate: row.plate,
    memberNumber: row.memberNumber,
    status: row.status as BillStatus,
    businessDate: row.businessDate,
    checkInAt: iso(row.checkInAt),
    checkInById: row.checkInById,
    checkInByName: row.checkInByName,
    checkOutAt: isoOrNull(row.checkOutAt),
    checkOutById: row.checkOutById,
    checkOutByName: row.checkOutByName,
    fee: row.fee,
    feeParts: (row.feeParts as Bill['feeParts']) ?? null,
    paymentMethod: row.paymentMethod as PaymentMethod | null,
    printCount: row.printCount,
    cancelReason: row.cancelReason,
    cancelledAt: isoOrNull(row.cancelledAt),
    cancelledByName: row.cancelledByName,
  };
}

export function hoursOf(row: Pick<BillRow, 'timezone' | 'openShop' | 'closeShop'>): ShopHours {
  return { timezone: row.timezone, openShop: row.openShop, closeShop: row.closeShop };
}

/** The bill's current tariff; null when the shop no longer prices its vehicle type. */
export function ruleOf(row: Pick<BillRow, 'rule'>): FeeRule | null {
  const r = row.rule;
  if (!r?.id) return null;
  return {
    mode: r.mode as FeeRule['mode'],
    flatFee: r.flatFee,
    graceMinutes: r.graceMinutes,
    firstPeriodMinutes: r.firstPeriodMinutes,
    firstPeriodFee: r.firstPeriodFee,
    nextPeriodMinutes: r.nextPeriodMinutes,
    nextPeriodFee: r.nextPeriodFee,
    dailyCap: r.dailyCap,
    overnightFee: r.overnightFee,
    lostTicketFee: r.lostTicketFee,
  };
}

/** A rule that charges nothing: what a vehicle type costs once its shop stopped pricing it. */
const FREE_RULE: FeeRule = {
  mode: 'FLAT',
  flatFee: 0,
  graceMinutes: 0,
  firstPeriodMinutes: 60,
  firstPeriodFee: 0,
  nextPeriodMinutes: 60,
  nextPeriodFee: 0,
  dailyCap: null,
  overnightFee: null,
  lostTicketFee: 0,
};

/** What a parked bill costs if it leaves at `at` (lost ticket or not). */
export function feeAt(row: BillView, at: Date, lost = false): FeeResult {
  return calculateFee({
    rule: ruleOf(row) ?? FREE_RULE,
    checkInAt: row.checkInAt,
    checkOutAt: at,
    hours: hoursOf(row),
    lost,
    member: row.memberId !== null,
  });
}

/** The payment method of a check-out (docs/decisions/007): nothing to pay is MEMBER or FREE. */
export function paymentMethodFor(total: number, member: boolean, chosen: 'CASH' | 'QR' | undefined) {
  if (total === 0) return member ? 'MEMBER' : 'FREE';
  return chosen ?? 'CASH';
}

/** Letters and digits only, upper-cased (Lao letters kept): what plate searches compare. */
export function plateKey(plate: string | null | undefined): string | null {
  if (!plate) return null;
  const key = plate.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');
  return key || null;
}
