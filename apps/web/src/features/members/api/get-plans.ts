import type {
  MembershipSettings,
  PassPlan,
  UpdateMembershipSettingsBody,
} from '@parking-hub/contracts/members';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { memberKeys } from './keys';

const NO_PLANS: PassPlan[] = [];

/** The shop's plans, the same empty list until they load (effects may depend on it). */
export function useShopPlans(shopId: string | null, enabled = true): PassPlan[] {
  return usePlans(shopId, enabled).data ?? NO_PLANS;
}

/** GET /v1/membership/plans?shopId=: the pass prices of the shop's rules (staff: their shop). */
export function usePlans(shopId: string | null, enabled = true) {
  return useQuery({
    queryKey: memberKeys.plans(shopId ?? ''),
    queryFn: async ({ signal }) =>
      dataOf(await api.get<PassPlan[]>('/v1/membership/plans', { query: { shopId }, signal })),
    enabled,
    staleTime: 30_000,
  });
}

/** GET /v1/membership/settings?shopId=: whether staff may sell, and the reminder days. */
export function useMembershipSettings(shopId: string | null, enabled = true) {
  return useQuery({
    queryKey: memberKeys.settings(shopId ?? ''),
    queryFn: async ({ signal }) =>
      dataOf(await api.get<MembershipSettings>('/v1/membership/settings', { query: { shopId }, signal })),
    enabled,
    staleTime: 30_000,
  });
}

/** POST /v1/membership/settings (managers and above). */
export function useSaveMembershipSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMembershipSettingsBody) =>
      api.post<MembershipSettings>('/v1/membership/settings', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}
