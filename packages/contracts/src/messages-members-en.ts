import type { membersLo } from './messages-members-lo.ts';

/** The English messages of members and their passes (issue 14), spread into messages-en.ts. */
export const membersEn: Record<keyof typeof membersLo, string> = {
  'validation.passMonths': 'Choose the length of the pass: 1, 3, 6 or 12 months',
  'validation.passMethod': 'Choose how it is paid: cash or QR',
  'validation.numberOrRange': 'Enter one card number or a range (first and last number), not both',
  'validation.numberRange': 'The first and last numbers are whole numbers, not negative',
  'validation.numberRangeOrder': 'The last number must not be below the first',
  'validation.numberRangeSize': 'At most 5,000 card numbers at a time',
  'validation.platesRequired': 'Enter at least one plate',
  'validation.tooManyPlates': 'A member has at most 5 plates',
  'validation.platesRepeated': 'A plate is repeated: enter each plate once',
  'validation.passEndBeforeStart': 'The pass cannot end before it starts',
  'validation.passStartInPast': 'The pass cannot start before today ({{today}})',
  'validation.passStartTooFar': 'The pass cannot start more than {{days}} days from today',
  'validation.passAmountNotPrice':
    "Shop staff take the shop's pass price only; a discount is for a manager to record",
  'validation.reminderDays': 'Reminder days are a whole number from 0 to 60',
  'validation.passPriceMissing':
    'This shop has no pass price for this vehicle type and length: enter the amount or set the price first',
  'errors.memberIdNotFound': 'Member not found',
  'errors.numberNotFound': 'This card number is not at this shop',
  'errors.numberNotAvailable': 'Card number {{number}} is not free: choose another free number',
  'errors.numberAssigned':
    'Card number {{number}} is held by a member: it cannot be deleted; cancel the member or replace the card first',
  'errors.memberCancelled': 'This member is cancelled: it cannot be changed or renewed',
  'errors.memberSuspended':
    'This member is suspended: the pass cannot be renewed until a manager reactivates it',
  'errors.passSellNotAllowed': 'This shop does not let staff sell or renew passes: ask a manager',
  'errors.plateOfOtherMember':
    'Plate {{plate}} already belongs to another member of this shop (card {{number}})',
  'success.passSold': 'Pass sold: card {{number}}, valid until {{until}}',
  'success.passRenewed': 'Pass renewed: card {{number}}, valid until {{until}}',
  'success.cardReplaced': 'Card replaced: the new card number is {{number}}',
  'success.memberCancelled': 'Member cancelled: card {{number}} is free again',
  'success.numberRetired':
    'This card number was used before, so it is retired instead of deleted (its history is kept)',
} as const;
