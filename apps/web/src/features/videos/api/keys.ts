import type { ListVideosBody } from '@parking-hub/contracts/videos';

/** Videos' query keys: a change refetches every list. */
export const videoKeys = {
  all: ['videos'] as const,
  lists: () => [...videoKeys.all, 'list'] as const,
  list: (filters: Partial<ListVideosBody>) => [...videoKeys.lists(), filters] as const,
  limits: () => [...videoKeys.all, 'limits'] as const,
};
