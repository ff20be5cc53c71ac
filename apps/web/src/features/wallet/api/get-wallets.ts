import type { WalletDetail, WalletList, WalletQuery } from '@parking-hub/contracts/finance';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { walletKeys } from './keys';

type ListQuery = Pick<WalletQuery, 'page' | 'q'>;
type LedgerQuery = Pick<WalletQuery, 'page' | 'kind'> & { shopId: string };

/** GET /v1/wallet?page=&q=: a page of main shops' balances and the sum over every shop in scope. */
export function getWallets(query: Partial<ListQuery>, signal?: AbortSignal) {
  return api.get<WalletList>('/v1/wallet', { query, signal });
}

/** GET /v1/wallet?shopId=&page=&kind=: one shop's balance and a page of its ledger, newest first. */
export function getWalletLedger(query: LedgerQuery, signal?: AbortSignal) {
  return api.get<WalletDetail>('/v1/wallet', { query, signal });
}

export function useWallets(query: Partial<ListQuery>, enabled = true) {
  return useQuery({
    queryKey: walletKeys.list(query),
    queryFn: ({ signal }) => getWallets(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useWalletLedger(query: LedgerQuery | null) {
  return useQuery({
    queryKey: walletKeys.ledger(query ?? {}),
    queryFn: ({ signal }) => getWalletLedger(query as LedgerQuery, signal),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
}
