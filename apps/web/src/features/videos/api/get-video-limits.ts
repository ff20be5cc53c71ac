import type { VideoLimits } from '@parking-hub/contracts/videos';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { videoKeys } from './keys';

/** GET /v1/video/limits: the largest video and poster, so a file too big is told before it is sent. */
export function getVideoLimits(signal?: AbortSignal) {
  return api.get<VideoLimits>('/v1/video/limits', { signal }).then(dataOf);
}

export function useVideoLimits() {
  return useQuery({
    queryKey: videoKeys.limits(),
    queryFn: ({ signal }) => getVideoLimits(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
