import type { WalletQuery } from '@parking-hub/contracts/finance';

/** Wallets' query keys: a top-up or an adjustment refetches every list and ledger. */
export const walletKeys = {
  all: ['wallets'] as const,
  list: (query: Partial<WalletQuery>) => [...walletKeys.all, 'list', query] as const,
  ledger: (query: Partial<WalletQuery>) => [...walletKeys.all, 'ledger', query] as const,
};
