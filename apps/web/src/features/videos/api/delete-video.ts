import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { videoKeys } from './keys';

/** POST /v1/video/delete: the video and its files go for good. */
export function deleteVideo(id: string) {
  return api.post<never>('/v1/video/delete', { id });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.lists() }),
  });
}
