import { idSchema } from '@parking-hub/contracts/fields';
import { PROMOTION_IMAGE_MAX_BYTES } from '@parking-hub/contracts/promotions';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import {
  checkImage,
  type ImageContent,
  type ImageRules,
  imageFolder,
  readImageForm,
} from '../../lib/image-upload.ts';

/** A promotion's picture: PNG, JPEG or WebP by its bytes (lib/image-upload.ts), at most 2 MB. */
const IMAGE_RULES: ImageRules = {
  maxBytes: PROMOTION_IMAGE_MAX_BYTES,
  typeError: 'errors.promotionImageType',
  tooLargeError: 'errors.promotionImageTooLarge',
};

export interface PromotionImageUpload {
  id: string;
  image: ImageContent;
}

/** The image form (multipart: `id`, and one file `file` before or after it), checked; nothing stored yet. */
export async function readPromotionImageForm(request: FastifyRequest): Promise<PromotionImageUpload> {
  const form = await readImageForm(request, IMAGE_RULES);
  const id = idSchema.safeParse(form.fields.id);
  if (!id.success) throw badRequest({ id: 'validation.invalid' });
  return { id: id.data, image: checkImage(form.file, IMAGE_RULES) };
}

/** Promotions' pictures live under UPLOADS_DIR/promotions, served at /uploads/promotions/…. */
export const promotionImages = (uploadsDir: string) => imageFolder(uploadsDir, 'promotions');
