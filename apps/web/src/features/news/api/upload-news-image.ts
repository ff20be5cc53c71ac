import { useMutation } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';

/** POST /v1/news/image (multipart, the file `file`): the picture's path, which the item is then saved with. */
export async function uploadNewsImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return dataOf(await api.post<{ imagePath: string }>('/v1/news/image', form)).imagePath;
}

export const useUploadNewsImage = () => useMutation({ mutationFn: uploadNewsImage });
