import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import { idSchema, roleSchema, searchSchema, strictNumber } from './fields.ts';
import { ROLES } from './roles.ts';

/**
 * Intro videos for the staff mobile app and the back office (issue 16): an uploaded MP4 or WebM
 * (served from /uploads/videos/ with range requests) or an https link, with a poster, an order and
 * the roles it is for (none: every role). Create and update are multipart forms whose text fields
 * are checked by the schemas below; the file's type is decided by its bytes (`sniffVideoType`).
 */

export const VIDEO_SOURCES = ['UPLOAD', 'LINK'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];

export const VIDEO_MIME_TYPES = { mp4: 'video/mp4', webm: 'video/webm' } as const;
export type VideoKind = keyof typeof VIDEO_MIME_TYPES;
/** What the file picker offers; the bytes decide. */
export const VIDEO_ACCEPT = 'video/mp4,video/webm,.mp4,.webm';

/** A video's poster: PNG, JPEG or WebP by its bytes, at most 2 MB. */
export const VIDEO_POSTER_MAX_BYTES = 2 * 1024 * 1024;
/** How many leading bytes `sniffVideoType` needs to decide (fewer only when the file is shorter). */
export const VIDEO_HEADER_BYTES = 256;
export const MAX_VIDEO_ORDER = 100_000;
export const VIDEO_TITLE_MAX = 120;
export const VIDEO_DESCRIPTION_MAX = 2000;
export const VIDEO_LINK_MAX = 2000;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** ISO-BMFF brands of MP4 video files (major or compatible). */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'av01',
  'dash',
  'M4V ',
  'M4VH',
  'M4VP',
  'mmp4',
  'msnv',
  'MSNV',
  'f4v ',
  '3gp4',
  '3gp5',
  '3gp6',
  '3g2a',
  'XAVC',
]);
/** Major brands of ISO-BMFF files that are not MP4 video: audio, still images, QuickTime. */
const NOT_VIDEO_BRANDS = new Set([
  'M4A ',
  'M4B ',
  'M4P ',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'crx ',
  'qt  ',
]);

function isMp4(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const size = ((bytes[0] ?? 0) << 24) + ((bytes[1] ?? 0) << 16) + ((bytes[2] ?? 0) << 8) + (bytes[3] ?? 0);
  // size, 'ftyp', major brand, minor version, then whole 4-byte compatible brands.
  if (size < 16 || size > 1024 || (size - 16) % 4 !== 0) return false;
  const major = ascii(bytes, 8, 12);
  if (NOT_VIDEO_BRANDS.has(major)) return false;
  const brands = [major];
  for (let at = 16; at + 4 <= Math.min(size, bytes.length); at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands.some((b) => MP4_BRANDS.has(b));
}

/** An EBML variable-length integer at `at`: its length and value (the marker bit kept for ids). */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): { length: number; value: number } | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (bytes[at + i] ?? 0);
  return { length, value };
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const DOC_TYPE_ID = 0x4282;

function isWebm(bytes: Uint8Array): boolean {
  if (!EBML_MAGIC.every((b, i) => bytes[i] === b)) return false;
  const header = vint(bytes, 4, false);
  if (!header) return false;
  let at = 4 + header.length;
  const end = Math.min(at + header.value, bytes.length);
  while (at < end) {
    const id = vint(bytes, at, true);
    if (!id || id.length > 4) return false;
    const size = vint(bytes, at + id.length, false);
    if (!size) return false;
    const data = at + id.length + size.length;
    if (id.value === DOC_TYPE_ID) return ascii(bytes, data, data + size.value).replace(/\0+$/, '') === 'webm';
    at = data + size.value;
  }
  return false;
}

/**
 * What a file's first bytes (at least VIDEO_HEADER_BYTES of them, or the whole file) say it is:
 * MP4 (an ISO-BMFF `ftyp` box at byte 4 with a video brand) or WebM (an EBML header whose DocType
 * is `webm`); null for anything else, whatever its name or declared type.
 */
export function sniffVideoType(bytes: Uint8Array): VideoKind | null {
  if (isMp4(bytes)) return 'mp4';
  if (isWebm(bytes)) return 'webm';
  return null;
}

const httpsUrlSchema = z.url({ protocol: /^https$/, hostname: z.regexes.domain });
/** A user name or password before the host (`https://user:secret@host/`). */
const CREDENTIALS = /^https:\/\/[^/?#]*@/i;

/** An https address with a host name and no user name or password in it. */
export function isHttpsLink(value: string): boolean {
  return httpsUrlSchema.safeParse(value).success && !CREDENTIALS.test(value);
}

/** A form sends text: 'true'/'false' (or 1/0) are booleans; JSON's booleans pass. */
const flagSchema = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'validation.invalid' }),
);

/** Roles as repeated form fields or one comma-separated field; empty (or '') means every role. */
const rolesSchema = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((r) => (typeof r === 'string' ? r.split(',') : [r]))
      .map((r) => (typeof r === 'string' ? r.trim() : r))
      .filter((r) => r !== ''),
  z
    .array(z.enum(ROLES, { error: 'validation.videoRole' }))
    .max(ROLES.length * 2, { error: 'validation.videoRole' })
    .transform((roles) => ROLES.filter((r) => roles.includes(r))),
);

const titleSchema = z
  .string({ error: 'validation.videoTitleRequired' })
  .trim()
  .min(1, { error: 'validation.videoTitleRequired' })
  .max(VIDEO_TITLE_MAX, { error: 'validation.videoTitleTooLong' });
const descriptionSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(VIDEO_DESCRIPTION_MAX, { error: 'validation.videoDescriptionTooLong' });
const linkSchema = z
  .string({ error: 'validation.videoLink' })
  .trim()
  .max(VIDEO_LINK_MAX, { error: 'validation.videoLink' })
  .refine(isHttpsLink, { error: 'validation.videoLink' });
const orderSchema = strictNumber(
  z
    .number({ error: 'validation.videoOrder' })
    .int({ error: 'validation.videoOrder' })
    .min(0, { error: 'validation.videoOrder' })
    .max(MAX_VIDEO_ORDER, { error: 'validation.videoOrder' }),
);
const blankAs =
  <T>(value: T) =>
  (v: unknown) =>
    typeof v === 'string' && v.trim() === '' ? value : v;

/** The text fields of the forms, one schema each (the web form checks with the same ones). */
export const videoFieldSchemas = {
  title: titleSchema,
  description: descriptionSchema,
  url: linkSchema,
  sortOrder: orderSchema,
  roles: rolesSchema,
  active: flagSchema,
};

/**
 * `POST /v1/video/create` (multipart): the text fields beside the file `file` (MP4/WebM) and the
 * picture `poster`. A video is a file or a link (`url`), never both, never neither (checked with
 * the file). Unknown fields are refused.
 */
export const createVideoFieldsSchema = z.strictObject({
  title: titleSchema,
  description: descriptionSchema.default(''),
  url: z.preprocess(blankAs(undefined), linkSchema.optional()),
  sortOrder: orderSchema.default(0),
  roles: rolesSchema.default([]),
  active: flagSchema.default(true),
});
export type CreateVideoFields = z.infer<typeof createVideoFieldsSchema>;

/**
 * `POST /v1/video/update` (multipart): the fields sent change. A new `file` makes it an upload (its
 * link goes), a `url` makes it a link (its file goes); `url` empty removes the link (a file must
 * then come with it). A new `poster` replaces the old one; `removePoster=true` takes it off.
 */
export const updateVideoFieldsSchema = z.strictObject({
  id: idSchema,
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  url: z.preprocess(blankAs(null), linkSchema.nullable().optional()),
  sortOrder: orderSchema.optional(),
  roles: rolesSchema.optional(),
  active: flagSchema.optional(),
  removePoster: flagSchema.optional(),
});
export type UpdateVideoFields = z.infer<typeof updateVideoFieldsSchema>;

/** `POST /v1/video/delete`: the row and its files go (the audit trail keeps what it was). */
export const deleteVideoBodySchema = z.strictObject({ id: idSchema });

/**
 * `POST /v1/video?page=N`: filters in the body. Admins see every video; any other role only the
 * active ones for their role (or for every role), whatever the filters say.
 */
export const listVideosBodySchema = pagingSchema.extend({
  q: searchSchema,
  active: z.boolean({ error: 'validation.invalid' }).optional(),
  /** Videos that reach this role (those for every role included). */
  role: z.enum(ROLES, { error: 'validation.videoRole' }).optional(),
});
export type ListVideosBody = z.infer<typeof listVideosBodySchema>;

export const videoSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  source: z.enum(VIDEO_SOURCES),
  /** `/uploads/videos/<name>` of an upload (range requests answered), else null. */
  filePath: z.string().nullable(),
  mimeType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** The https link of a link video, else null. */
  url: z.string().nullable(),
  posterPath: z.string().nullable(),
  sortOrder: z.number().int(),
  /** The roles it is for; empty: every role. */
  roles: z.array(roleSchema),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

/** `GET /v1/video/limits`: what an upload may be, so a form can tell before sending. */
export const videoLimitsSchema = z.object({
  /** VIDEO_MAX_MB in bytes. */
  maxBytes: z.number().int(),
  posterMaxBytes: z.number().int(),
});
export type VideoLimits = z.infer<typeof videoLimitsSchema>;
