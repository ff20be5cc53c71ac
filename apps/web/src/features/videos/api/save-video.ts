import type { Envelope } from '@parking-hub/contracts/envelope';
import type { Video } from '@parking-hub/contracts/videos';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { videoKeys } from './keys';
import { type SendFormOptions, sendForm } from './send-form';

export interface SaveVideoInput extends SendFormOptions {
  /** The video changed; none: a new one. */
  id?: string;
  form: FormData;
}

/** POST /v1/video/create or /v1/video/update (multipart, with the upload's progress). */
export function saveVideo({ id, form, ...options }: SaveVideoInput): Promise<Envelope<Video>> {
  return sendForm<Video>(id ? '/v1/video/update' : '/v1/video/create', form, options);
}

export function useSaveVideo() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: videoKeys.lists() });
  return useMutation({
    mutationFn: saveVideo,
    onSuccess: refresh,
    // The session ended: the list asks again, and the app's handling of its 401 signs the user out.
    onError: (error) => (isApiError(error) && error.status === 401 ? refresh() : undefined),
  });
}
