import type { FinanceSettings } from '@parking-hub/contracts/rent';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { accountingKeys } from './get-finance-report';

/** GET /v1/finance/settings (admins): the invoices' due day and the default commission. */
export async function getFinanceSettings(signal?: AbortSignal) {
  return dataOf(await api.get<FinanceSettings>('/v1/finance/settings', { signal }));
}

export function useFinanceSettings(enabled: boolean) {
  return useQuery({
    queryKey: accountingKeys.settings(),
    queryFn: ({ signal }) => getFinanceSettings(signal),
    enabled,
  });
}

/** POST /v1/finance/settings (admins). */
export function saveFinanceSettings(body: FinanceSettings) {
  return api.post<FinanceSettings>('/v1/finance/settings', body);
}

export function useSaveFinanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFinanceSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountingKeys.settings() }),
  });
}
