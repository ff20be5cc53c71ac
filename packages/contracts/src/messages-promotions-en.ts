import type { promotionsLo } from './messages-promotions-lo.ts';

/** The English messages of the promotions (issue 13), spread into messages-en.ts. */
export const promotionsEn: Record<keyof typeof promotionsLo, string> = {
  'errors.promotionsPlaceholder': '-',
};
