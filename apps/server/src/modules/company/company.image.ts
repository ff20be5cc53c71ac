import { COMPANY_IMAGE_KINDS, type CompanyImageKind } from '@parking-hub/contracts/company';
import { LOGO_MAX_BYTES } from '@parking-hub/contracts/shops';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import {
  checkImage,
  type ImageContent,
  type ImageRules,
  imageFolder,
  readImageForm,
} from '../../lib/image-upload.ts';

export const companyImageKindSchema = z.enum(COMPANY_IMAGE_KINDS, { error: 'validation.invalid' });

/** The same rules as a shop's logo (1 MiB, PNG/JPEG/WebP by content), in the company's words. */
const IMAGE_RULES: ImageRules = {
  maxBytes: LOGO_MAX_BYTES,
  typeError: 'errors.imageType',
  tooLargeError: 'errors.imageTooLarge',
};

export interface CompanyImageUpload {
  kind: CompanyImageKind;
  image: ImageContent;
}

/** The image form (multipart: `kind`, and one file `file` before or after it), checked; nothing stored yet. */
export async function readCompanyImageForm(request: FastifyRequest): Promise<CompanyImageUpload> {
  const form = await readImageForm(request, IMAGE_RULES);
  const kind = companyImageKindSchema.safeParse(form.fields.kind);
  if (!kind.success) throw badRequest({ kind: 'validation.invalid' });
  return { kind: kind.data, image: checkImage(form.file, IMAGE_RULES) };
}

/** The company's pictures live under UPLOADS_DIR/company, served at /uploads/company/…. */
export const companyImages = (uploadsDir: string) => imageFolder(uploadsDir, 'company');
