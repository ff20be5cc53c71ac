import { NEWS_IMAGE_MAX_BYTES } from '@parking-hub/contracts/news';
import type { FastifyRequest } from 'fastify';
import { checkImage, type ImageRules, imageFolder, readImageForm } from '../../lib/image-upload.ts';

/** A news item's picture: PNG, JPEG or WebP by its bytes (lib/image-upload.ts), at most 2 MB. */
const IMAGE_RULES: ImageRules = {
  maxBytes: NEWS_IMAGE_MAX_BYTES,
  typeError: 'errors.newsImageType',
  tooLargeError: 'errors.newsImageTooLarge',
};

/** News pictures live under UPLOADS_DIR/news, served at /uploads/news/…. */
export const newsImages = (uploadsDir: string) => imageFolder(uploadsDir, 'news');

/**
 * `POST /v1/news/image` (multipart, one file `file`): the picture stored under a new random name;
 * the editor then saves the item with that path. A picture never saved with an item stays unused
 * on disk (small, and never shown anywhere).
 */
export async function storeNewsImage(request: FastifyRequest, uploadsDir: string): Promise<string> {
  const form = await readImageForm(request, IMAGE_RULES);
  return newsImages(uploadsDir).store(checkImage(form.file, IMAGE_RULES));
}
