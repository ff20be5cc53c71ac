/** The English messages of versions (issue 16), spread into messages-en.ts. */
export const versionsEn = {} as const;
