import { LOGO_TYPES } from '@parking-hub/contracts/shops';
import { sniffVideoType, VIDEO_HEADER_BYTES, VIDEO_POSTER_MAX_BYTES } from '@parking-hub/contracts/videos';

const MB = 1024 * 1024;

/** '48.2 MB', '312 KB': a file's size as a person reads it. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** An API message key and its values: why a chosen file cannot go. */
export interface FileProblem {
  key: string;
  values?: Record<string, number>;
}

/**
 * Why a chosen video cannot go, told before a byte is sent: not MP4/WebM by its first bytes (the
 * server's own check, on the same bytes), or larger than the server takes. Null: it may go.
 */
export async function videoFileProblem(
  file: Pick<Blob, 'size' | 'slice'>,
  maxBytes: number | undefined,
): Promise<FileProblem | null> {
  const head = new Uint8Array(await file.slice(0, VIDEO_HEADER_BYTES).arrayBuffer());
  if (file.size === 0 || !sniffVideoType(head)) return { key: 'errors.videoType' };
  if (maxBytes !== undefined && file.size > maxBytes)
    return { key: 'errors.videoTooLarge', values: { max: Math.floor(maxBytes / MB) } };
  return null;
}

const POSTER_TYPES: readonly string[] = LOGO_TYPES;

/** Why a chosen poster cannot go (an API message key), or null: PNG/JPEG/WebP of at most 2 MB. */
export function posterProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!POSTER_TYPES.includes(file.type)) return 'errors.videoPosterType';
  if (file.size > VIDEO_POSTER_MAX_BYTES) return 'errors.videoPosterTooLarge';
  return null;
}
