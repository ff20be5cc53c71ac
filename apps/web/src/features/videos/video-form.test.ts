import type { Video } from '@parking-hub/contracts/videos';
import { describe, expect, it } from 'vitest';
import { formatBytes, posterProblem, videoFileProblem } from './video-file';
import { needsFile, type VideoFormValues, videoFormData, videoFormSchema, videoValues } from './video-form';

const saved: Video = {
  id: '0b8c2f3e-7a55-4a8e-9a51-1f7d9b3c2e10',
  title: 'ວິທີບັນທຶກລົດເຂົ້າ',
  description: '',
  source: 'UPLOAD',
  filePath: '/uploads/videos/abc.mp4',
  mimeType: 'video/mp4',
  sizeBytes: 1000,
  url: null,
  posterPath: '/uploads/video-posters/abc.png',
  sortOrder: 3,
  roles: ['SHOP'],
  active: true,
  createdAt: '2026-11-22T07:05:00.000Z',
  updatedAt: '2026-11-22T07:05:00.000Z',
};

const entries = (form: FormData) =>
  [...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${(v as File).name}`]);
const values = (over: Partial<VideoFormValues> = {}) =>
  videoFormSchema.parse({ ...videoValues(null), title: 'ໃໝ່', ...over });
const noFiles = { file: null, poster: null, removePoster: false };

describe('videoFormData', () => {
  it('sends a new upload’s fields first, then its file and poster', () => {
    const file = new File(['x'], 'intro.webm');
    const poster = new File(['p'], 'poster.png');
    const form = videoFormData(
      values({ roles: ['MANAGER', 'SHOP'], sortOrder: '2' }),
      { file, poster, removePoster: false },
      null,
    );
    expect(entries(form)).toEqual([
      ['title', 'ໃໝ່'],
      ['description', ''],
      ['sortOrder', '2'],
      ['roles', 'MANAGER,SHOP'],
      ['active', 'true'],
      ['file', 'file:intro.webm'],
      ['poster', 'file:poster.png'],
    ]);
  });

  it('sends an edit’s id, a link instead of a file, "every role" as empty, and the poster taken off', () => {
    const form = videoFormData(
      values({ source: 'LINK', url: ' https://example.la/v ', roles: [] }),
      { file: new File(['x'], 'ignored.mp4'), poster: null, removePoster: true },
      saved,
    );
    expect(entries(form)).toEqual([
      ['id', saved.id],
      ['title', 'ໃໝ່'],
      ['description', ''],
      ['sortOrder', '0'],
      ['roles', ''],
      ['active', 'true'],
      ['url', 'https://example.la/v'],
      ['removePoster', 'true'],
    ]);
  });
});

describe('the form’s checks', () => {
  it('wants a file for a new upload or a link turned upload, not for an upload keeping its file', () => {
    expect(needsFile({ source: 'UPLOAD' }, noFiles, null)).toBe(true);
    expect(needsFile({ source: 'UPLOAD' }, noFiles, saved)).toBe(false);
    expect(needsFile({ source: 'UPLOAD' }, noFiles, { ...saved, source: 'LINK' })).toBe(true);
    expect(needsFile({ source: 'LINK' }, noFiles, null)).toBe(false);
  });

  it('checks a link only when the video is a link, with the API’s message keys', () => {
    expect(videoFormSchema.safeParse({ ...videoValues(null), title: 'x', url: 'nonsense' }).success).toBe(
      true,
    );
    const bad = videoFormSchema.safeParse({
      ...videoValues(null),
      title: '',
      source: 'LINK',
      url: 'http://x.la',
    });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['title', 'validation.videoTitleRequired'],
      ['url', 'validation.videoLink'],
    ]);
  });
});

describe('the chosen files', () => {
  const webmHead = Uint8Array.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
    0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85,
    0x81, 0x02,
  ]);

  it('judges a video by its first bytes and its size against the server’s limit, before sending it', async () => {
    const webm = new Blob([webmHead, new Uint8Array(4000)]);
    expect(await videoFileProblem(webm, 1_000_000)).toBeNull();
    expect(await videoFileProblem(webm, undefined)).toBeNull();
    expect(await videoFileProblem(webm, webm.size - 1)).toEqual({
      key: 'errors.videoTooLarge',
      values: { max: 0 },
    });
    const big = { size: 201 * 1024 * 1024, slice: () => new Blob([webmHead]) };
    expect(await videoFileProblem(big, 200 * 1024 * 1024)).toEqual({
      key: 'errors.videoTooLarge',
      values: { max: 200 },
    });
    expect(await videoFileProblem(new Blob(['just text, named x.mp4']), 1e9)).toEqual({
      key: 'errors.videoType',
    });
    expect(await videoFileProblem(new Blob([]), 1e9)).toEqual({ key: 'errors.videoType' });
  });

  it('takes a PNG, JPEG or WebP poster of at most 2 MB', () => {
    expect(posterProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBeNull();
    expect(posterProblem({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(
      'errors.videoPosterTooLarge',
    );
    expect(posterProblem({ type: 'image/gif', size: 10 })).toBe('errors.videoPosterType');
  });

  it('writes sizes as people read them', () => {
    expect([formatBytes(300), formatBytes(150_000), formatBytes(52_428_800)]).toEqual([
      '1 KB',
      '146 KB',
      '50.0 MB',
    ]);
  });
});
