import type { AgentCap } from '@parking-hub/contracts/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { promotionKeys } from './keys';

/** GET /v1/promotion/cap: the limits on agents' promotions. */
export async function getAgentCap(signal?: AbortSignal): Promise<AgentCap> {
  return dataOf(await api.get<AgentCap>('/v1/promotion/cap', { signal }));
}

export function useAgentCap() {
  return useQuery({ queryKey: promotionKeys.cap(), queryFn: ({ signal }) => getAgentCap(signal) });
}

/** POST /v1/promotion/cap (admins). */
export function updateAgentCap(body: AgentCap) {
  return api.post<AgentCap>('/v1/promotion/cap', body);
}

export function useUpdateAgentCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgentCap,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.cap() }),
  });
}
