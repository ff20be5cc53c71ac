import type { AdjustWalletBody, TopUpBody, TopUpResult } from '@parking-hub/contracts/finance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { walletKeys } from './keys';

/** POST /v1/wallet/top-up (admins): the same idempotency key twice makes one entry and answers the first. */
export function topUpWallet(body: TopUpBody) {
  return api.post<TopUpResult>('/v1/wallet/top-up', body);
}

/** POST /v1/wallet/adjust (admins): a correction is a new ADJUSTMENT entry with its reason. */
export function adjustWallet(body: AdjustWalletBody) {
  return api.post<TopUpResult>('/v1/wallet/adjust', body);
}

export function useTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: topUpWallet,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

export function useAdjustWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustWallet,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
