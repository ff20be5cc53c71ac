import type { Envelope } from '@parking-hub/contracts/envelope';
import type {
  CreateMemberBody,
  Member,
  PassReceipt,
  RenewMemberBody,
  ReplaceCardBody,
  UpdateMemberBody,
} from '@parking-hub/contracts/members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { memberKeys } from './keys';

/** A write of the members: every list, detail, pool and report is read again after it. */
function useMemberMutation<B, T>(send: (body: B) => Promise<Envelope<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
}

/** POST /v1/membership/create: a new member on a free card with their first pass. */
export const useSellPass = () =>
  useMemberMutation((body: CreateMemberBody) => api.post<PassReceipt>('/v1/membership/create', body));

/** POST /v1/membership/renew: another pass from the later of today and the current end. */
export const useRenewPass = () =>
  useMemberMutation((body: RenewMemberBody) => api.post<PassReceipt>('/v1/membership/renew', body));

/** POST /v1/membership/update (managers): details, dates, suspend or reactivate. */
export const useUpdateMember = () =>
  useMemberMutation((body: UpdateMemberBody) => api.post<Member>('/v1/membership/update', body));

/** POST /v1/membership/replace-card: the member moves to a new card; the old one is LOST. */
export const useReplaceCard = () =>
  useMemberMutation((body: ReplaceCardBody) => api.post<Member>('/v1/membership/replace-card', body));

/** DELETE /v1/membership/{memberId}: cancels (kept, never deleted); the card is free again. */
export const useCancelMember = () =>
  useMemberMutation((id: string) => api.delete<Member>(`/v1/membership/${encodeURIComponent(id)}`));
