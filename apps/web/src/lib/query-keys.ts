import type { ListAccessTokensBody } from '@parking-hub/contracts/access-tokens';
import type { ListAuditBody } from '@parking-hub/contracts/audit';
import type { ListBillsBody } from '@parking-hub/contracts/bills';
import type { ListMessagesBody } from '@parking-hub/contracts/messaging';
import type { ListShopsBody } from '@parking-hub/contracts/shops';
import type { ListUsersBody } from '@parking-hub/contracts/users';

/**
 * Query-key factories, one per domain (all here so no feature imports another to invalidate).
 * Invalidate `xKeys.all` after a change to domain x: every list and detail below it refetches.
 */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (filters: Partial<ListUsersBody>) => [...userKeys.lists(), filters] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
  /** Pickers (e.g. the Last Action user filter): refreshed by any change to users too. */
  options: (q: string) => [...userKeys.all, 'options', q] as const,
};

export const accessTokenKeys = {
  all: ['access-tokens'] as const,
  lists: () => [...accessTokenKeys.all, 'list'] as const,
  list: (filters: Partial<ListAccessTokensBody>) => [...accessTokenKeys.lists(), filters] as const,
};

export const auditKeys = {
  all: ['audit'] as const,
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: Partial<ListAuditBody>) => [...auditKeys.lists(), filters] as const,
};

export const shopKeys = {
  all: ['shops'] as const,
  options: (q: string) => [...shopKeys.all, 'options', q] as const,
  lists: () => [...shopKeys.all, 'list'] as const,
  list: (filters: Partial<ListShopsBody>) => [...shopKeys.lists(), filters] as const,
  details: () => [...shopKeys.all, 'detail'] as const,
  detail: (id: string) => [...shopKeys.details(), id] as const,
  agents: (q: string) => [...shopKeys.all, 'agents', q] as const,
};

/** Price rules belong to a shop: a change to them also changes the shop (its prices). */
export const priceKeys = {
  all: ['prices'] as const,
  list: (shopId: string) => [...priceKeys.all, 'list', shopId] as const,
};

export const billKeys = {
  all: ['bills'] as const,
  lists: () => [...billKeys.all, 'list'] as const,
  list: (filters: Partial<ListBillsBody>) => [...billKeys.lists(), filters] as const,
  details: () => [...billKeys.all, 'detail'] as const,
  detail: (id: string) => [...billKeys.details(), id] as const,
  timeline: (id: string) => [...billKeys.all, 'timeline', id] as const,
};

/** The outbox: every list, detail and the channels' status refetch after a send, retry or cancel. */
export const messageKeys = {
  all: ['messages'] as const,
  status: () => [...messageKeys.all, 'status'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (filters: Partial<ListMessagesBody>) => [...messageKeys.lists(), filters] as const,
  details: () => [...messageKeys.all, 'detail'] as const,
  detail: (id: string) => [...messageKeys.details(), id] as const,
};

/** Rental packages and fees: a change refetches both lists and the shop form's package choices. */
export const packageKeys = {
  all: ['packages'] as const,
  list: () => [...packageKeys.all, 'list'] as const,
  fees: () => [...packageKeys.all, 'fees'] as const,
};

/** The company profile (read by every signed-in screen that shows it; long-lived). */
export const companyKeys = {
  all: ['company'] as const,
};
