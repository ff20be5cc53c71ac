import type { CreateBillBody, GateMember, GateMemberState } from '@parking-hub/contracts/bills';
import { dayText } from '@parking-hub/contracts/business-day';
import { type Language, translate } from '@parking-hub/contracts/messages';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { plateKey } from './bills.mapping.ts';
import { findGateMember, type GateMemberRow } from './bills.repository.ts';

/**
 * A member's pass at the gate on the business day `day`. A pass marked EXPIRED stays expired even
 * if its dates were later moved (only a renewal makes it ACTIVE again); one not yet marked is
 * expired from the day after its last valid day (the daily job marks it, members.jobs.ts).
 */
export function gateMemberState(
  m: Pick<GateMemberRow, 'status' | 'validFrom' | 'validUntil' | 'vehicleType'>,
  day: string,
  vehicleType: string,
): GateMemberState {
  if (m.status === 'SUSPENDED') return 'SUSPENDED';
  if (m.status === 'EXPIRED' || m.validUntil < day) return 'EXPIRED';
  if (m.validFrom > day) return 'NOT_STARTED';
  // A pass is for its vehicle type: a motorbike's pass does not let a car park for nothing.
  if (m.vehicleType && m.vehicleType !== vehicleType) return 'OTHER_VEHICLE';
  return 'VALID';
}

export interface MemberAtGate {
  /** What the answer tells the staff; null when no member is involved. */
  member: GateMember | null;
  /** The member the bill carries: only one whose pass is valid today (the stay is then free). */
  memberId: string | null;
  memberNumber: string | null;
}

const NONE: MemberAtGate = { member: null, memberId: null, memberNumber: null };

/**
 * The member of a check-in: the card number typed (unknown at this shop: 400, a typo to fix), or
 * else the plate (no member with it: an ordinary customer). One prepared query when either is
 * given, none otherwise.
 */
export async function memberAtGate(
  db: Executor,
  shopId: string,
  body: Pick<CreateBillBody, 'memberNumber' | 'plate' | 'vehicleType'>,
  day: string,
): Promise<MemberAtGate> {
  let row: GateMemberRow | null;
  let matchedBy: GateMember['matchedBy'];
  if (body.memberNumber) {
    row = await findGateMember(db, shopId, { number: body.memberNumber }, day);
    if (!row) throw badRequest({ memberNumber: 'errors.memberNotFound' });
    matchedBy = 'NUMBER';
  } else {
    const key = plateKey(body.plate);
    if (!key) return NONE;
    row = await findGateMember(db, shopId, { plateKey: key }, day);
    if (!row) return NONE;
    matchedBy = 'PLATE';
  }
  const state = gateMemberState(row, day, body.vehicleType);
  const valid = state === 'VALID';
  return {
    member: {
      number: row.number,
      fullName: row.fullName,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      vehicleType: (row.vehicleType as GateMember['vehicleType']) ?? null,
      state,
      matchedBy,
    },
    memberId: valid ? row.id : null,
    memberNumber: valid ? row.number : null,
  };
}

const MESSAGES: Record<GateMemberState, string> = {
  VALID: 'success.checkedInMember',
  EXPIRED: 'success.checkedInPassExpired',
  SUSPENDED: 'success.checkedInPassSuspended',
  NOT_STARTED: 'success.checkedInPassNotStarted',
  OTHER_VEHICLE: 'success.checkedInPassOtherVehicle',
};

/** The check-in's envelope message: the member's pass said in words when there is one. */
export function checkInMessage(lang: Language, member: GateMember | null | undefined): string {
  if (!member) return translate(lang, 'success.checkedIn');
  return translate(lang, MESSAGES[member.state], {
    name: member.fullName,
    number: member.number,
    from: dayText(member.validFrom),
    until: dayText(member.validUntil),
  });
}
