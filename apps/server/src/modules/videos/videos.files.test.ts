import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { videoFiles } from './videos.files.ts';
import { MP4_HEAD, videoBytes, WEBM_HEAD } from './videos.test-support.ts';

let uploads: string;
beforeEach(async () => {
  uploads = await mkdtemp(path.join(tmpdir(), 'ph-video-files-'));
});
afterEach(() => rm(uploads, { recursive: true, force: true }));

const names = async () => (await readdir(path.join(uploads, 'videos')).catch(() => [] as string[])).sort();
/** A file arriving in pieces of `size` bytes, as a socket delivers it. */
const arriving = (bytes: Buffer, size: number) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    ),
  );

describe('videoFiles', () => {
  it('receives a video arriving in small pieces, judges it by its first bytes, and keeps it under a new name', async () => {
    const files = videoFiles(uploads);
    const bytes = videoBytes(WEBM_HEAD, 10_000);
    const received = await files.receive(arriving(bytes, 7), 1_000_000);
    expect(received).toMatchObject({ kind: 'webm', mimeType: 'video/webm', sizeBytes: bytes.length });
    expect(await names()).toEqual([path.basename(received?.tempPath ?? '')]);
    expect(path.basename(received?.tempPath ?? '')).toMatch(/^\.upload-[0-9a-f]{32}\.part$/);
    const kept = await files.keep(received as NonNullable<typeof received>);
    expect(kept).toMatch(/^\/uploads\/videos\/[0-9a-f]{32}\.webm$/);
    expect(await names()).toEqual([path.basename(kept)]);
  });

  it('refuses past the limit and what is not a video, and takes an empty part as no file, leaving nothing', async () => {
    const files = videoFiles(uploads);
    const mp4 = videoBytes(MP4_HEAD, 1000);
    await expect(files.receive(arriving(mp4, 100), mp4.length - 1)).rejects.toMatchObject({
      statusCode: 413,
      key: 'errors.videoTooLarge',
    });
    expect(await files.receive(arriving(mp4, 100), mp4.length)).toMatchObject({ kind: 'mp4' });
    await rm(path.join(uploads, 'videos'), { recursive: true });
    await expect(files.receive(arriving(Buffer.from('x'.repeat(5000)), 64), 1e6)).rejects.toMatchObject({
      statusCode: 400,
      key: 'errors.videoType',
    });
    await expect(files.receive(arriving(Buffer.from('tiny'), 64), 1e6)).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(await files.receive(Readable.from([]), 1e6)).toBeNull();
    expect(await names()).toEqual([]);
  });

  it('removes only paths of its own, and sweeps temporary files nothing has written to for a while', async () => {
    const files = videoFiles(uploads);
    const dir = path.join(uploads, 'videos');
    await mkdir(dir, { recursive: true });
    const hex = (c: string) => c.repeat(32);
    const stale = `.upload-${hex('a')}.part`;
    const fresh = `.upload-${hex('b')}.part`;
    const video = `${hex('c')}.mp4`;
    for (const name of [stale, fresh, video, 'notes.txt']) await writeFile(path.join(dir, name), 'x');
    const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(dir, stale), hourAgo, hourAgo);
    await utimes(path.join(dir, video), hourAgo, hourAgo);
    expect(await files.sweep(60 * 60 * 1000)).toBe(1);
    expect(await names()).toEqual([fresh, video, 'notes.txt'].sort());

    for (const p of [
      `/uploads/videos/../videos/${video}`,
      '/uploads/videos/notes.txt',
      `/uploads/other/${video}`,
      null,
    ])
      await files.remove(p);
    expect(await names()).toContain(video);
    await files.remove(`/uploads/videos/${video}`);
    expect(await names()).not.toContain(video);
  });
});
