import type { AgentOption } from '@parking-hub/contracts/shops';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { newsKeys } from './keys';

/** GET /v1/dividuals-agent: active agents (admins), for news to an agent's shops. */
export async function getAgents(signal?: AbortSignal): Promise<AgentOption[]> {
  return dataOf(await api.get<AgentOption[]>('/v1/dividuals-agent', { query: { q: '' }, signal }));
}

export function useAgents(enabled: boolean) {
  return useQuery({
    queryKey: newsKeys.agents(),
    queryFn: ({ signal }) => getAgents(signal),
    staleTime: 60_000,
    enabled,
  });
}
