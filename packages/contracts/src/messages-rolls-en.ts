import type { rollsLo } from './messages-rolls-lo.ts';

/** The English messages of the rolls (issue 13), spread into messages-en.ts. */
export const rollsEn: Record<keyof typeof rollsLo, string> = {
  'validation.rollSerialFormat': 'A roll serial is a whole number, not negative',
  'validation.rollCountFormat': 'Enter a whole number, at least 1',
  'validation.serialsTogether': 'Enter both the first and the last roll serial (or neither)',
  'validation.serialOrder': 'The last roll serial cannot be below the first',
  'validation.serialCount':
    'The serial range must hold exactly the number of rolls (last − first + 1 = quantity)',
  'validation.rollMonth': 'The month is not valid (for example 2026-08)',
  'validation.lowPaperDays': 'Enter a whole number of days, 0–365',
  'validation.deliveredInFuture': 'The delivery date cannot be after today',
  'validation.rollPersonNotAgent': 'Only an agent can receive rolls into stock',
  'validation.rollPersonNotActive':
    'This agent’s account is suspended or deleted: it cannot receive rolls into stock',
  'validation.rollDeliveredBy': 'This deliverer was not found',
  'errors.rollNotFound': 'This roll delivery was not found',
  'errors.rollSerialsOverlap':
    'These roll serials overlap another delivery: a roll is delivered once; check the first and last serial',
  'errors.rollStockShort': 'Not enough rolls in stock: {{inStock}} in stock, {{asked}} asked for',
  'errors.rollSerialsNotInStock': 'These roll serials are not in the stock they come from',
  'errors.rollOwnStockOnly': 'An agent delivers rolls out of their own stock only',
  'errors.rollStockUsed':
    'Rolls of this receipt were already moved to shops: the stock would be {{inStock}} rolls; change the shop deliveries first',
};
