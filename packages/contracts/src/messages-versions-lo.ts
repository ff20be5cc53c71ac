/** The Lao messages of versions (issue 16), spread into messages-lo.ts. */
export const versionsLo = {} as const;
