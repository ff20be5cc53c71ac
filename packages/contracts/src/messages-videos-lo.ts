/** The Lao messages of videos (issue 16), spread into messages-lo.ts. */
export const videosLo = {} as const;
