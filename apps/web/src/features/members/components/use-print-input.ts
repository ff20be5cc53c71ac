import type { Member, PassReceipt } from '@parking-hub/contracts/members';
import type { Paper } from '../../bills/print/ticket-layout';

/** What a dialog hands to the screen's printer: a receipt or a card, in the shop's zone, on a roll. */
export type PrintInput = (
  job: { kind: 'receipt'; receipt: PassReceipt } | { kind: 'card'; member: Member; shopName: string },
  timeZone: string,
  paper?: Paper,
) => void;
