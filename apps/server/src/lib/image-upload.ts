import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { MessageKey } from '@parking-hub/contracts/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';
import { UPLOADS_PREFIX } from './uploads.ts';

/**
 * Uploaded pictures (shop logos, the company's logo and payment QR): checked by their bytes,
 * never by their name or declared type, which the client makes up; stored under a random name.
 */
export type ImageType = 'png' | 'jpg' | 'webp';
export interface ImageContent {
  bytes: Buffer;
  type: ImageType;
}

/** What one kind of upload allows, and what it says when a file breaks the rules. */
export interface ImageRules {
  maxBytes: number;
  typeError: MessageKey;
  tooLargeError: MessageKey;
}

/**
 * Multipart forms, for the route modules that take an upload (one file per request, checked again
 * by each upload route: type by content, not by name). Registered in those modules only: the
 * plugin's hooks run on every request of the scope it is registered in (decision 015).
 */
export async function acceptUploadForms(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 5 * 1024 * 1024 } });
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffImageType(bytes: Buffer): ImageType | null {
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Count the bytes of an uploaded file. Busboy stops passing data one byte past the limit (the
 * rest of the part is skipped, not buffered), so a big file costs little before it is refused.
 */
async function readCapped(stream: AsyncIterable<Buffer>, rules: ImageRules): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size <= rules.maxBytes) chunks.push(chunk);
  }
  if (size > rules.maxBytes) throw new AppError(413, rules.tooLargeError, {}, { file: rules.tooLargeError });
  return Buffer.concat(chunks);
}

/** Parser failures are the client's: a broken form is bad input, a limit is "too large". */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if ((err as { statusCode?: number }).statusCode === 413) return new AppError(413, 'errors.payloadTooLarge');
  return badRequest({ file: 'validation.invalid' });
}

export interface ImageForm {
  /** The text fields as sent (the last value of a repeated name); the caller validates them. */
  fields: Record<string, unknown>;
  /** The bytes of the part named `file`, if there was one (at most `maxBytes`). */
  file: Buffer | undefined;
}

/** A multipart form with text fields and one file `file` (before or after them); nothing stored yet. */
export async function readImageForm(request: FastifyRequest, rules: ImageRules): Promise<ImageForm> {
  if (!request.isMultipart()) throw new AppError(415, 'errors.unsupportedMediaType');
  const fields: Record<string, unknown> = {};
  let file: Buffer | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: rules.maxBytes + 1 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = part.value;
        continue;
      }
      // Every file part must be read to its end, or the parser waits for ever.
      const content = await readCapped(part.file, rules);
      if (part.fieldname === 'file') file = content;
    }
  } catch (err) {
    throw asClientError(err);
  }
  return { fields, file };
}

/** The form's file as a picture of an allowed type: missing is 400 `required`, anything else `typeError`. */
export function checkImage(file: Buffer | undefined, rules: ImageRules): ImageContent {
  if (!file) throw badRequest({ file: 'validation.required' });
  const type = sniffImageType(file);
  if (!type) throw new AppError(400, rules.typeError, {}, { file: rules.typeError });
  return { bytes: file, type };
}

/**
 * The pictures of one folder under UPLOADS_DIR: written under new random names (never reused,
 * so they are cached for a year) and removed only when the path is one of ours.
 */
export function imageFolder(uploadsDir: string, folder: string) {
  const dir = path.join(uploadsDir, folder);
  const ours = new RegExp(`^${UPLOADS_PREFIX}${folder}/([0-9a-f]{32}\\.(?:png|jpg|webp))$`);
  return {
    /** Writes the picture; answers its public path (`/uploads/<folder>/<name>`). */
    async store(image: ImageContent): Promise<string> {
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${image.type}`;
      await writeFile(path.join(dir, name), image.bytes, { flag: 'wx' });
      return `${UPLOADS_PREFIX}${folder}/${name}`;
    },
    /** Best effort: a file left behind wastes space but breaks nothing. */
    async remove(publicPath: string | null | undefined): Promise<void> {
      const name = publicPath ? ours.exec(publicPath)?.[1] : undefined;
      if (!name) return;
      await unlink(path.join(dir, name)).catch(() => {});
    },
  };
}
