import type { CompensationBody } from '@parking-hub/contracts/finance';

/** Compensation's query keys: a payout or a rate change refetches the rows, details and rates. */
export const compensationKeys = {
  all: ['compensation'] as const,
  list: (body: Partial<CompensationBody>) => [...compensationKeys.all, 'list', body] as const,
  detail: (agentId: string, month: string) => [...compensationKeys.all, 'detail', agentId, month] as const,
  rates: () => [...compensationKeys.all, 'rates'] as const,
};
