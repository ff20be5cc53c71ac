import type { ListRollsBody, LowPaperBody, TicketCheckBody } from '@parking-hub/contracts/rolls';

/** The rolls' query keys: a delivery changes the lists, the stock and both paper lists. */
export const rollKeys = {
  all: ['rolls'] as const,
  list: (filters: Partial<ListRollsBody>) => [...rollKeys.all, 'list', filters] as const,
  stock: () => [...rollKeys.all, 'stock'] as const,
  lowPaper: (filters: Partial<LowPaperBody>) => [...rollKeys.all, 'low', filters] as const,
  ticketCheck: (filters: Partial<TicketCheckBody>) => [...rollKeys.all, 'check', filters] as const,
  settings: () => [...rollKeys.all, 'settings'] as const,
};
