/** The English messages of videos (issue 16), spread into messages-en.ts. */
export const videosEn = {} as const;
