import type { packagesLo } from './messages-packages-lo.ts';

/** The English messages of the packages (issue 13), spread into messages-en.ts. */
export const packagesEn: Record<keyof typeof packagesLo, string> = {
  'errors.packagesPlaceholder': '-',
};
