import { isMessageKey, type MessageKey } from '@parking-hub/contracts/messages';
import { VIDEO_POSTER_MAX_BYTES } from '@parking-hub/contracts/videos';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { type ImageContent, sniffImageType } from '../../lib/image-upload.ts';
import { nulPath } from '../../lib/nul-path.ts';
import { type ReceivedVideo, type VideoFiles, videoTooLarge } from './videos.files.ts';

/** A form's text fields are short: the longest, the description, is 2000 characters. */
export const FIELD_MAX_BYTES = 16 * 1024;
export const MAX_FIELDS = 20;
/** What a form may carry besides its two files (boundaries, part headers, text fields). */
const FORM_OVERHEAD_BYTES = MAX_FIELDS * FIELD_MAX_BYTES + 64 * 1024;

/** What create and update receive: text fields as sent, the video on disk, the poster in memory. */
export interface VideoForm {
  fields: Record<string, unknown>;
  video: ReceivedVideo | null;
  poster: ImageContent | null;
}

const posterTooLarge = () =>
  new AppError(413, 'errors.videoPosterTooLarge', {}, { poster: 'errors.videoPosterTooLarge' });

/** The poster's bytes (at most 2 MB, PNG/JPEG/WebP by content); an empty part is "no poster". */
async function readPoster(stream: AsyncIterable<Buffer>): Promise<ImageContent | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop by a throw destroys the stream: the parser stops and the rest is drained.
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > VIDEO_POSTER_MAX_BYTES) throw posterTooLarge();
    chunks.push(chunk);
  }
  if (size === 0) return null;
  const bytes = Buffer.concat(chunks);
  const type = sniffImageType(bytes);
  if (!type) throw new AppError(400, 'errors.videoPosterType', {}, { poster: 'errors.videoPosterType' });
  return { bytes, type };
}

/** A repeated field (roles) keeps every value; any other keeps its last. */
function addField(fields: Record<string, unknown>, name: string, value: unknown) {
  const had = fields[name];
  if (name === 'roles' && had !== undefined) fields[name] = [...(Array.isArray(had) ? had : [had]), value];
  else fields[name] = value;
}

/** Parser failures are the client's: a limit is "too large", anything else of the form bad input. */
function asClientError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  // The disk (ENOSPC, EACCES…) is ours: a 500, logged, never the client's fault.
  if ((err as { syscall?: string }).syscall) return err;
  if ((err as { statusCode?: number }).statusCode === 413) return new AppError(413, 'errors.payloadTooLarge');
  return badRequest({ file: 'validation.invalid' });
}

/**
 * Reads a create or update form (multipart: text fields, the video `file`, the picture `poster`,
 * in any order). The video is streamed to a temporary file as it arrives; the caller keeps it or
 * discards it. On any failure here (a declared length past the limits, a file too large or of the
 * wrong type, an unknown part, the client gone) nothing is left on disk and the rest of the body
 * is read and dropped, so the client gets its answer.
 */
export async function readVideoForm(
  request: FastifyRequest,
  files: VideoFiles,
  maxBytes: number,
): Promise<VideoForm> {
  if (!request.isMultipart()) throw new AppError(415, 'errors.unsupportedMediaType');
  // Gone while the caller was being checked: the parser would wait for ever for a body that ended.
  if (request.raw.destroyed) throw badRequest({ file: 'validation.invalid' });
  const declared = Number(request.headers['content-length']);
  if (declared > maxBytes + VIDEO_POSTER_MAX_BYTES + FORM_OVERHEAD_BYTES) throw videoTooLarge(maxBytes);
  const form: VideoForm = { fields: {}, video: null, poster: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated)
          throw badRequest({ [part.fieldname]: 'validation.invalid' });
        addField(form.fields, part.fieldname, part.value);
      } else if (part.fieldname === 'file' && !form.video) {
        form.video = await files.receive(part.file, maxBytes);
      } else if (part.fieldname === 'poster' && !form.poster) {
        form.poster = await readPoster(part.file);
      } else {
        part.file.destroy();
        throw badRequest({ [part.fieldname]: 'validation.unknownField' });
      }
    }
  } catch (err) {
    await files.discard(form.video);
    request.raw.unpipe();
    request.raw.resume();
    throw asClientError(err);
  }
  const nul = nulPath(form.fields);
  if (nul !== null) {
    await files.discard(form.video);
    throw badRequest({ [nul.split('.')[0] || 'form']: 'validation.invalid' });
  }
  return form;
}

/**
 * A form's text fields through their schema: the schema's own message key per field (the first
 * for each), an unknown field as `validation.unknownField`.
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const messages: Record<string, MessageKey> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) messages[key] ??= 'validation.unknownField';
      continue;
    }
    const field = String(issue.path[0] ?? 'form');
    messages[field] ??= isMessageKey(issue.message) ? issue.message : 'validation.invalid';
  }
  throw badRequest(messages);
}
