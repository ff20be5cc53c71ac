import { describe, expect, it } from 'vitest';
import {
  createVideoFieldsSchema,
  isHttpsLink,
  listVideosBodySchema,
  sniffVideoType,
  updateVideoFieldsSchema,
} from './videos.ts';

const hex = (s: string) =>
  Uint8Array.from((s.replace(/\s+/g, '').match(/../g) ?? []).map((b) => Number.parseInt(b, 16)));
const text = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
const join = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

/** An ftyp box: size, 'ftyp', major brand, minor version 0, compatible brands. */
function ftyp(major: string, compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length;
  return join(
    hex(size.toString(16).padStart(8, '0')),
    text(`ftyp${major}`),
    hex('00000000'),
    text(compatible.join('')),
  );
}

/** An EBML header: version fields and a DocType, as MediaRecorder and mkvmerge write them. */
function ebml(docType: string): Uint8Array {
  const body = join(
    hex('4286 81 01  42f7 81 01  42f2 81 04  42f3 81 08'),
    hex(`4282 ${(0x80 | docType.length).toString(16)}`),
    text(docType),
    hex('4287 81 04  4285 81 02'),
  );
  return join(hex('1a45dfa3'), hex((0x80 | body.length).toString(16)), body);
}

const CLUSTER = hex('18538067 01ffffffffffffff 1549a966');

describe('sniffVideoType', () => {
  it('knows an MP4 by an ftyp box at byte 4 with a video brand', () => {
    expect(sniffVideoType(join(ftyp('isom', ['isom', 'iso2', 'avc1', 'mp41']), CLUSTER))).toBe('mp4');
    expect(sniffVideoType(ftyp('mp42', ['mp42', 'isom']))).toBe('mp4');
    // A brand of its own, but compatible with ISO base media: a camera's MP4.
    expect(sniffVideoType(ftyp('XYZ1', ['isom']))).toBe('mp4');
  });

  it('refuses ISO-BMFF files that are not MP4 video: stills, audio, QuickTime, unknown brands', () => {
    expect(sniffVideoType(ftyp('heic', ['mif1', 'heic']))).toBeNull();
    expect(sniffVideoType(ftyp('avif', ['avif', 'mif1', 'miaf', 'iso8']))).toBeNull();
    expect(sniffVideoType(ftyp('M4A ', ['M4A ', 'mp42', 'isom']))).toBeNull();
    expect(sniffVideoType(ftyp('qt  ', ['qt  ']))).toBeNull();
    expect(sniffVideoType(ftyp('abcd', ['efgh']))).toBeNull();
  });

  it('refuses a broken ftyp box: a size that cannot be, or the box elsewhere than byte 4', () => {
    const good = ftyp('isom', ['isom']);
    const badSize = Uint8Array.from(good);
    badSize[3] = 0x13; // 19: not 16 + whole brands
    expect(sniffVideoType(badSize)).toBeNull();
    expect(sniffVideoType(join(hex('00'), good))).toBeNull();
    expect(sniffVideoType(good.subarray(0, 12))).toBeNull();
  });

  it('knows a WebM by its EBML header with DocType webm, and refuses other Matroska', () => {
    expect(sniffVideoType(join(ebml('webm'), CLUSTER))).toBe('webm');
    expect(sniffVideoType(ebml('matroska'))).toBeNull();
    expect(sniffVideoType(hex('1a45dfa3'))).toBeNull();
    expect(sniffVideoType(ebml('webm').subarray(0, 20))).toBeNull();
  });

  it('goes by the bytes, never the name: text, pictures and nothing are not videos', () => {
    expect(sniffVideoType(text('this is a text file named x.mp4, not a video at all'))).toBeNull();
    expect(sniffVideoType(hex('89504e470d0a1a0a0000000d49484452'))).toBeNull();
    expect(sniffVideoType(new Uint8Array())).toBeNull();
  });
});

describe('isHttpsLink', () => {
  it('takes https addresses with a host and no credentials', () => {
    expect(isHttpsLink('https://www.youtube.com/watch?v=abc')).toBe(true);
    expect(isHttpsLink('http://example.la/video.mp4')).toBe(false);
    expect(isHttpsLink('javascript:alert(1)')).toBe(false);
    expect(isHttpsLink('https://user:secret@example.la/')).toBe(false);
    expect(isHttpsLink('example.la/video')).toBe(false);
    expect(isHttpsLink('')).toBe(false);
  });
});

/** The message keys of a failed parse, by field. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string; code: string }> };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [String(i.path[0] ?? i.code), i.message]),
  );
}

describe('createVideoFieldsSchema', () => {
  it('reads a form’s text fields: defaults, roles in a fixed order, booleans and numbers from text', () => {
    expect(createVideoFieldsSchema.parse({ title: '  ວິທີໃຊ້ປະຕູ ' })).toEqual({
      title: 'ວິທີໃຊ້ປະຕູ',
      description: '',
      sortOrder: 0,
      roles: [],
      active: true,
    });
    const parsed = createVideoFieldsSchema.parse({
      title: 'x',
      url: ' https://example.la/intro ',
      sortOrder: '12',
      roles: ['SHOP', 'MANAGER,SHOP', ''],
      active: 'false',
    });
    expect(parsed).toMatchObject({ url: 'https://example.la/intro', sortOrder: 12, active: false });
    expect(parsed.roles).toEqual(['MANAGER', 'SHOP']);
    expect(createVideoFieldsSchema.parse({ title: 'x', url: '', roles: '' })).toMatchObject({ roles: [] });
    expect(createVideoFieldsSchema.parse({ title: 'x', url: '' }).url).toBeUndefined();
  });

  it('names each bad field with its own message key', () => {
    const result = createVideoFieldsSchema.safeParse({
      description: 'd'.repeat(2001),
      url: 'http://example.la/x.mp4',
      sortOrder: '1e3',
      roles: 'SHOP,BOSS',
      active: 'maybe',
    });
    expect(errorsOf(result)).toEqual({
      title: 'validation.videoTitleRequired',
      description: 'validation.videoDescriptionTooLong',
      url: 'validation.videoLink',
      sortOrder: 'validation.videoOrder',
      roles: 'validation.videoRole',
      active: 'validation.invalid',
    });
    expect(errorsOf(createVideoFieldsSchema.safeParse({ title: ' ' }))).toEqual({
      title: 'validation.videoTitleRequired',
    });
    expect(errorsOf(createVideoFieldsSchema.safeParse({ title: 't'.repeat(121) }))).toEqual({
      title: 'validation.videoTitleTooLong',
    });
    expect(errorsOf(createVideoFieldsSchema.safeParse({ title: 'x', sortOrder: '-1' }))).toEqual({
      sortOrder: 'validation.videoOrder',
    });
    expect(
      createVideoFieldsSchema.safeParse({ title: 'x', filePath: '/etc/passwd' }).error?.issues[0],
    ).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['filePath'],
    });
  });
});

describe('updateVideoFieldsSchema and listVideosBodySchema', () => {
  it('changes only what is sent; an empty link means "remove the link"', () => {
    const id = '0b8c2f3e-7a55-4a8e-9a51-1f7d9b3c2e10';
    expect(updateVideoFieldsSchema.parse({ id })).toEqual({ id });
    expect(updateVideoFieldsSchema.parse({ id, url: '', removePoster: 'true' })).toEqual({
      id,
      url: null,
      removePoster: true,
    });
    expect(errorsOf(updateVideoFieldsSchema.safeParse({ id: 'x', title: '' }))).toEqual({
      id: 'validation.invalid',
      title: 'validation.videoTitleRequired',
    });
  });

  it('lists with paging, a search, active and a role', () => {
    expect(listVideosBodySchema.parse({ role: 'SHOP', active: true })).toMatchObject({
      page: 1,
      pageSize: 20,
      role: 'SHOP',
      active: true,
    });
    expect(errorsOf(listVideosBodySchema.safeParse({ role: 'GUEST' }))).toEqual({
      role: 'validation.videoRole',
    });
  });
});
