import type { AgentRate, CommissionRateBody, PayCompensationBody } from '@parking-hub/contracts/finance';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { compensationKeys } from './keys';

/** POST /v1/compensation/paid (admins): pay out an agent's pending commissions of a month. */
export function payCompensation(body: PayCompensationBody) {
  return api.post<unknown>('/v1/compensation/paid', body);
}

export function usePayCompensation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payCompensation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: compensationKeys.all }),
  });
}

/** GET /v1/compensation/rates (admins): every agent's own rate or the default. */
export async function getAgentRates(signal?: AbortSignal) {
  return dataOf(await api.get<AgentRate[]>('/v1/compensation/rates', { signal }));
}

export function useAgentRates(enabled = true) {
  return useQuery({
    queryKey: compensationKeys.rates(),
    queryFn: ({ signal }) => getAgentRates(signal),
    staleTime: 60_000,
    enabled,
  });
}

/** POST /v1/compensation/rate (admins): an agent's own rate in percent, or null for the default. */
export function saveAgentRate(body: CommissionRateBody) {
  return api.post<AgentRate>('/v1/compensation/rate', body);
}

export function useSaveAgentRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAgentRate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: compensationKeys.all }),
  });
}
