import type { ListVideosBody, Video } from '@parking-hub/contracts/videos';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from './keys';

export type VideoFilters = Partial<ListVideosBody>;

/** POST /v1/video?page={page}: the videos in order, paged, filters in the body. */
export function getVideos(filters: VideoFilters, signal?: AbortSignal) {
  return api.post<Video[]>('/v1/video', filters, { query: { page: filters.page ?? 1 }, signal });
}

export function useVideos(filters: VideoFilters) {
  return useQuery({
    queryKey: videoKeys.list(filters),
    queryFn: ({ signal }) => getVideos(filters, signal),
    placeholderData: keepPreviousData,
  });
}
