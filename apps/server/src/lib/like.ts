/** Escapes LIKE's wildcards (and its escape character) so typed text matches only itself. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
