import type { ListMessagesBody, OutboxMessage } from '@parking-hub/contracts/messaging';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { messageKeys } from '../../../lib/query-keys';

/** How many of a shop's messages its detail shows; the Messages screen has the rest. */
export const SHOP_MESSAGES_SHOWN = 5;
const FOLLOW_INTERVAL_MS = 3_000;
/** A sent message's delivery report usually comes within seconds; nobody polls for a phone that is off. */
const DELIVERY_WAIT_MS = 2 * 60_000;

/** Still on its way: queued, or sent a moment ago and its delivery report not in yet. */
function onItsWay(m: OutboxMessage, now = Date.now()) {
  return (
    m.status === 'QUEUED' ||
    (m.status === 'SENT' && !!m.sentAt && now - Date.parse(m.sentAt) < DELIVERY_WAIT_MS)
  );
}

/** POST /v1/messages with the shop: its latest messages (an agent's own shops only, on the server). */
export function getShopMessages(shopId: string, signal?: AbortSignal) {
  const body: Partial<ListMessagesBody> = { shopId, page: 1, pageSize: SHOP_MESSAGES_SHOWN };
  return api.post<OutboxMessage[]>('/v1/messages', body, { query: { page: 1 }, signal });
}

export const shopMessagesQueryOptions = (shopId: string) =>
  queryOptions({
    queryKey: messageKeys.list({ shopId, page: 1, pageSize: SHOP_MESSAGES_SHOWN }),
    queryFn: ({ signal }) => getShopMessages(shopId, signal),
    refetchInterval: (query) =>
      query.state.data?.data?.some((m) => onItsWay(m)) ? FOLLOW_INTERVAL_MS : false,
  });

export function useShopMessages(shopId: string) {
  return useQuery(shopMessagesQueryOptions(shopId));
}
