import type { AppCheck, AppCheckQuery } from '@parking-hub/contracts/app-versions';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import { versionKeys } from './keys';

/** GET /v1/app/check: the answer the mobile app gets at start (public; in the screen's language). */
export function checkAppVersion(query: AppCheckQuery, signal?: AbortSignal) {
  return api.get<AppCheck>('/v1/app/check', {
    query: { platform: query.platform, version: query.version, build: query.build ?? undefined },
    signal,
  });
}

const checkOptions = (query: AppCheckQuery | null, language: string) =>
  queryOptions({
    queryKey: versionKeys.check(query, language),
    queryFn: ({ signal }) => checkAppVersion(query as AppCheckQuery, signal),
    enabled: query !== null,
    // Fresh for a few seconds: the answer just fetched by `fetchFor` is shown, not asked again.
    staleTime: 5_000,
  });

/**
 * The answer to the query last asked (none until one is), refetched with every change to a
 * release and in the language on screen; `fetchFor` asks a new one and throws its 400 for the form.
 */
export function useAppCheck(asked: AppCheckQuery | null) {
  const queryClient = useQueryClient();
  const language = useTranslation().i18n.language ?? 'lo';
  const query = useQuery(checkOptions(asked, language));
  const fetchFor = (next: AppCheckQuery) =>
    queryClient.fetchQuery({ ...checkOptions(next, language), staleTime: 0 });
  return { query, fetchFor };
}
