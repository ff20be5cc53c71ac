import type { promotionsLo } from './messages-promotions-lo.ts';

/** The English messages of the promotions (issue 13), spread into messages-en.ts. */
export const promotionsEn: Record<keyof typeof promotionsLo, string> = {
  'errors.promotionNotFound': 'Promotion not found',
  'errors.promotionReadOnly': 'This is the company’s promotion: you may read it but not change it',
  'errors.promotionCapPercent': 'The discount is above the agents’ cap: at most {{cap}}%',
  'errors.promotionCapAmount': 'The discount is above the agents’ cap: at most {{cap}} ₭ a month',
  'errors.promotionCapFreeMonths': 'The free months are above the agents’ cap: at most {{cap}} months',
  'errors.promotionCapActive':
    'You already have as many running promotions as the agents’ cap allows: at most {{cap}}',
  'errors.promotionImageType': 'The promotion picture must be a PNG, JPEG or WebP',
  'errors.promotionImageTooLarge': 'The promotion picture is too large (at most 2 MB)',
  'validation.promotionTitleRequired': 'Please enter the promotion’s title',
  'validation.promotionValueFormat': 'The discount must be a whole number above 0',
  'validation.promotionPercentMax': 'A percentage discount can be at most 100%',
  'validation.promotionFreeMonthsMax': 'At most 24 free months',
  'validation.promotionDates': 'The end date cannot be before the start date',
  'validation.promotionMaxUses':
    'Maximum uses must be a whole number of at least 1 (leave empty for no limit)',
  'validation.promotionMonth': 'Invalid month (e.g. 2026-05)',
  'validation.promotionPackage': 'A chosen package was not found',
  'validation.promotionShops': 'A chosen shop was not found or is not one of yours',
  'validation.promotionAgent': 'Please choose an active agent',
  'validation.promotionAgentSelf': 'An agent makes promotions only for their own shops',
  'validation.promotionAudienceAll':
    'Agents cannot address every shop: choose your shops, new shops or all your shops',
};
