import type { rollsLo } from './messages-rolls-lo.ts';

/** The English messages of the rolls (issue 13), spread into messages-en.ts. */
export const rollsEn: Record<keyof typeof rollsLo, string> = {
  'errors.rollsPlaceholder': '-',
};
