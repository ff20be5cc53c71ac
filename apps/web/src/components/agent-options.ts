import type { AgentOption } from '@parking-hub/contracts/shops';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../lib/api-client';
import { shopKeys } from '../lib/query-keys';

/** GET /v1/dividuals-agent?q=: active agents for admins (at most 50), only themselves for an agent; for pickers and filters. */
export async function getAgentOptions(q: string, signal?: AbortSignal): Promise<AgentOption[]> {
  return dataOf(await api.get<AgentOption[]>('/v1/dividuals-agent', { query: { q: q.trim() }, signal }));
}

export function useAgentOptions(q: string, enabled = true) {
  return useQuery({
    queryKey: shopKeys.agents(q.trim()),
    queryFn: ({ signal }) => getAgentOptions(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
