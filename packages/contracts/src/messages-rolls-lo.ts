/** The Lao messages of the rolls (issue 13), spread into messages-lo.ts. */
export const rollsLo = {
  'errors.rollsPlaceholder': '-',
} as const;
