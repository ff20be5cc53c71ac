import type { ListMembersQuery, ListNumbersQuery, MembersReportBody } from '@parking-hub/contracts/members';

/** The members' query keys: every change (a sale, a renewal, a card) refreshes all of them. */
export const memberKeys = {
  all: ['members'] as const,
  list: (query: Partial<ListMembersQuery>) => [...memberKeys.all, 'list', query] as const,
  detail: (id: string) => [...memberKeys.all, 'detail', id] as const,
  numbers: (query: Partial<ListNumbersQuery>) => [...memberKeys.all, 'numbers', query] as const,
  plans: (shopId: string) => [...memberKeys.all, 'plans', shopId] as const,
  settings: (shopId: string) => [...memberKeys.all, 'settings', shopId] as const,
  report: (body: Partial<MembersReportBody>) => [...memberKeys.all, 'report', body] as const,
};
