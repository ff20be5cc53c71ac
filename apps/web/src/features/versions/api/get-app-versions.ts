import type { AppVersion, ListAppVersionsQuery } from '@parking-hub/contracts/app-versions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { versionKeys } from './keys';

export type VersionFilters = Partial<ListAppVersionsQuery>;

/** GET /v1/version-apps: one platform's releases or both, newest version first, paged. */
export function getAppVersions(filters: VersionFilters, signal?: AbortSignal) {
  return api.get<AppVersion[]>('/v1/version-apps', {
    query: { platform: filters.platform, page: filters.page, pageSize: filters.pageSize },
    signal,
  });
}

export function useAppVersions(filters: VersionFilters) {
  return useQuery({
    queryKey: versionKeys.list(filters),
    queryFn: ({ signal }) => getAppVersions(filters, signal),
    placeholderData: keepPreviousData,
  });
}
