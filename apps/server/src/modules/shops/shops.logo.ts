import { idSchema } from '@parking-hub/contracts/fields';
import { LOGO_MAX_BYTES } from '@parking-hub/contracts/shops';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import {
  checkImage,
  type ImageContent,
  type ImageRules,
  imageFolder,
  readImageForm,
} from '../../lib/image-upload.ts';

/** A shop logo: a PNG, JPEG or WebP by its bytes (lib/image-upload.ts), at most 1 MiB. */
export type LogoContent = ImageContent;

const LOGO_RULES: ImageRules = {
  maxBytes: LOGO_MAX_BYTES,
  typeError: 'errors.logoType',
  tooLargeError: 'errors.logoTooLarge',
};

/** The logo form (multipart: `id`, then or before one file `file`), checked; nothing is stored yet. */
export async function readLogoForm(request: FastifyRequest): Promise<{ shopId: string; logo: LogoContent }> {
  const form = await readImageForm(request, LOGO_RULES);
  const shopId = idSchema.safeParse(form.fields.id);
  if (!shopId.success) throw badRequest({ id: 'validation.invalid' });
  return { shopId: shopId.data, logo: checkImage(form.file, LOGO_RULES) };
}

const logos = (uploadsDir: string) => imageFolder(uploadsDir, 'logos');

/** Writes the logo under a new random name (never reused, so it can be cached for a year). */
export async function storeLogoFile(uploadsDir: string, logo: LogoContent): Promise<{ logoPath: string }> {
  return { logoPath: await logos(uploadsDir).store(logo) };
}

/** Best effort: a file left behind wastes space but breaks nothing. Only our own names are touched. */
export function removeLogoFile(uploadsDir: string, logoPath: string | null): Promise<void> {
  return logos(uploadsDir).remove(logoPath);
}
