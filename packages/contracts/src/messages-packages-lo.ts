/** The Lao messages of the packages (issue 13), spread into messages-lo.ts. */
export const packagesLo = {
  'errors.packagesPlaceholder': '-',
} as const;
