/** The Lao messages of the promotions (issue 13), spread into messages-lo.ts. */
export const promotionsLo = {
  'errors.promotionsPlaceholder': '-',
} as const;
