import type { AppCheckQuery, ListAppVersionsQuery } from '@parking-hub/contracts/app-versions';

/** App versions' query keys: a change refetches every list and the check panel's answer. */
export const versionKeys = {
  all: ['app-versions'] as const,
  lists: () => [...versionKeys.all, 'list'] as const,
  list: (filters: Partial<ListAppVersionsQuery>) => [...versionKeys.lists(), filters] as const,
  check: (query: AppCheckQuery | null, language: string) =>
    [...versionKeys.all, 'check', query, language] as const,
};
