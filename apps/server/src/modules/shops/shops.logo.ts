import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { idSchema } from '@parking-hub/contracts/fields';
import { LOGO_MAX_BYTES } from '@parking-hub/contracts/shops';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import { UPLOADS_PREFIX } from '../../plugins/uploads.ts';

/** A shop logo: checked by its bytes, never by its name or declared type, which the client makes up. */
export type LogoType = 'png' | 'jpg' | 'webp';
export interface LogoContent {
  bytes: Buffer;
  type: LogoType;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffLogoType(bytes: Buffer): LogoType | null {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const logoTooLarge = () => new AppError(413, 'errors.logoTooLarge', {}, { file: 'errors.logoTooLarge' });

/**
 * Count the bytes of an uploaded file. Busboy stops passing data one byte past the limit (the
 * rest of the part is skipped, not buffered), so a big file costs little before it is refused.
 */
async function readCapped(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size <= LOGO_MAX_BYTES) chunks.push(chunk);
  }
  if (size > LOGO_MAX_BYTES) throw logoTooLarge();
  return Buffer.concat(chunks);
}

/** Parser failures are the client's: a broken form is bad input, a limit is "too large". */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if ((err as { statusCode?: number }).statusCode === 413) return new AppError(413, 'errors.payloadTooLarge');
  return badRequest({ file: 'validation.invalid' });
}

/** The logo form (multipart: `id`, then or before one file `file`), checked; nothing is stored yet. */
export async function readLogoForm(request: FastifyRequest): Promise<{ shopId: string; logo: LogoContent }> {
  if (!request.isMultipart()) throw new AppError(415, 'errors.unsupportedMediaType');
  let id: unknown;
  let bytes: Buffer | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: LOGO_MAX_BYTES + 1 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'id') id = part.value;
        continue;
      }
      // Every file part must be read to its end, or the parser waits for ever.
      const content = await readCapped(part.file);
      if (part.fieldname === 'file') bytes = content;
    }
  } catch (err) {
    throw asClientError(err);
  }
  const shopId = idSchema.safeParse(id);
  if (!shopId.success) throw badRequest({ id: 'validation.invalid' });
  if (!bytes) throw badRequest({ file: 'validation.required' });
  const type = sniffLogoType(bytes);
  if (!type) throw new AppError(400, 'errors.logoType', {}, { file: 'errors.logoType' });
  return { shopId: shopId.data, logo: { bytes, type } };
}

const LOGO_DIR = 'logos';
const OUR_LOGO = new RegExp(`^${UPLOADS_PREFIX}${LOGO_DIR}/([0-9a-f]{32}\\.(?:png|jpg|webp))$`);

/** Writes the logo under a new random name (never reused, so it can be cached for a year). */
export async function storeLogoFile(uploadsDir: string, logo: LogoContent): Promise<{ logoPath: string }> {
  const dir = path.join(uploadsDir, LOGO_DIR);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${logo.type}`;
  await writeFile(path.join(dir, name), logo.bytes, { flag: 'wx' });
  return { logoPath: `${UPLOADS_PREFIX}${LOGO_DIR}/${name}` };
}

/** Best effort: a file left behind wastes space but breaks nothing. Only our own names are touched. */
export async function removeLogoFile(uploadsDir: string, logoPath: string | null): Promise<void> {
  const name = logoPath ? OUR_LOGO.exec(logoPath)?.[1] : undefined;
  if (!name) return;
  await unlink(path.join(uploadsDir, LOGO_DIR, name)).catch(() => {});
}
