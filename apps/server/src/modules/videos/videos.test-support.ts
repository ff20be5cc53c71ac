import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from '../../test/harness.ts';

/** An MP4's first box: ftyp, major brand isom, compatible isom/iso2/avc1/mp41 (32 bytes). */
export const MP4_HEAD = Buffer.concat([
  Buffer.from('00000020', 'hex'),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from('00000200', 'hex'),
  Buffer.from('isomiso2avc1mp41', 'latin1'),
]);

/** A WebM's EBML header (DocType webm), as MediaRecorder writes it. */
export const WEBM_HEAD = Buffer.from(
  '1a45dfa39f4286810142f7810142f2810442f381084282847765626d42878104428581 02'.replace(/\s/g, ''),
  'hex',
);

/** A small "video": its header and `size` bytes after it, each byte its position mod 251. */
export function videoBytes(head: Buffer, size: number): Buffer {
  const body = Buffer.alloc(size);
  for (let i = 0; i < size; i++) body[i] = i % 251;
  return Buffer.concat([head, body]);
}

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface FormFile {
  bytes: Buffer;
  name: string;
  type?: string;
}

/** A multipart body as a browser builds it: text fields (repeated for arrays), then files. */
export async function encodeForm(
  fields: Record<string, string | string[]>,
  files: Record<string, FormFile> = {},
): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  for (const [name, file] of Object.entries(files))
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' }), file.name);
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

/** The names in UPLOADS_DIR/<folder> (temporary dot-names included), sorted. */
export async function filesIn(t: TestApp, folder: string): Promise<string[]> {
  return (await readdir(path.join(t.config.uploadsDir, folder)).catch(() => [] as string[])).sort();
}

/** Everything under UPLOADS_DIR a video may leave: its files, its posters, temporary files. */
export async function uploadsState(t: TestApp) {
  return { videos: await filesIn(t, 'videos'), posters: await filesIn(t, 'video-posters') };
}
