import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { VIDEO_POSTER_MAX_BYTES } from '@parking-hub/contracts/videos';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { videos } from '../../db/schema/videos.ts';
import {
  asSuperuser,
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';
import {
  encodeForm,
  type FormFile,
  MP4_HEAD,
  PNG,
  uploadsState,
  videoBytes,
  WEBM_HEAD,
} from './videos.test-support.ts';

type V = {
  id: string;
  title: string;
  description: string;
  source: string;
  filePath: string | null;
  mimeType: string | null;
  sizeBytes: number | null;
  url: string | null;
  posterPath: string | null;
  sortOrder: number;
  roles: string[];
  active: boolean;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const M = {
  forbidden: 'ທ່ານບໍ່ມີສິດໃຊ້ງານ',
  invalid: 'ຂໍ້ມູນບໍ່ຖືກຕ້ອງ, ກະລຸນາກວດຄືນ',
  notFound: 'ບໍ່ພົບວິດີໂອນີ້',
  type: 'ໄຟລ໌ວິດີໂອຕ້ອງເປັນ MP4 ຫຼື WebM',
  posterType: 'ຮູບປົກວິດີໂອຕ້ອງເປັນ PNG, JPEG ຫຼື WebP',
  posterTooLarge: 'ຮູບປົກວິດີໂອໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 2 MB)',
  title: 'ກະລຸນາປ້ອນຫົວຂໍ້ວິດີໂອ',
  source: 'ກະລຸນາເລືອກໄຟລ໌ວິດີໂອ ຫຼື ປ້ອນລິ້ງ',
  both: 'ວິດີໂອໜຶ່ງເປັນໄດ້ຢ່າງດຽວ: ໄຟລ໌ ຫຼື ລິ້ງ',
  link: 'ລິ້ງຕ້ອງເປັນທີ່ຢູ່ https:// ທີ່ຖືກຕ້ອງ',
  role: 'ບົດບາດບໍ່ຖືກຕ້ອງ',
  unknownField: 'ບໍ່ຮູ້ຈັກຊ່ອງຂໍ້ມູນນີ້',
  unsupported: 'ບໍ່ຮອງຮັບຮູບແບບຂໍ້ມູນນີ້',
};

const MP4 = videoBytes(MP4_HEAD, 4096);
const WEBM = videoBytes(WEBM_HEAD, 2048);
const mp4File = (bytes = MP4): FormFile => ({ bytes, name: 'intro.mp4', type: 'video/mp4' });
const posterFile = (bytes = PNG): FormFile => ({ bytes, name: 'poster.png', type: 'image/png' });

/** A multipart call (create/update) as a browser makes it. */
async function send(
  route: 'create' | 'update',
  token: string | undefined,
  fields: Record<string, string | string[]>,
  files: Record<string, FormFile> = {},
  lang?: string,
) {
  const { body, contentType } = await encodeForm(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: `/parking-hub-api/v1/video/${route}`,
    headers: {
      'content-type': contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    },
    payload: body,
  });
  return {
    statusCode: res.statusCode,
    body: res.json() as { status: string; message?: string; messages?: Record<string, string>; data?: V },
    headers: res.headers,
  };
}

const list = (token: string | undefined, body: Record<string, unknown> = {}, page?: number) =>
  call<V[]>(t.app, 'POST', page ? `video?page=${page}` : 'video', token ? { token, body } : { body });
const remove = (token: string | undefined, id: string) =>
  call(t.app, 'POST', 'video/delete', token ? { token, body: { id } } : { body: { id } });

/** Rows, audit events and files: what a refused call must leave as it was. */
const state = async () => ({
  rows: await t.db.$count(videos),
  audit: await t.db.$count(auditEvents),
  files: await uploadsState(t),
});

async function people() {
  const shop = await insertShop(t.db);
  return {
    superAdmin: await signedIn(t, 'SUPER-ADMIN'),
    admin: await signedIn(t, 'ADMIN'),
    agent: await signedIn(t, 'AGENT'),
    manager: await signedIn(t, 'MANAGER', { shopId: shop.id }),
    shop: await signedIn(t, 'SHOP', { shopId: shop.id }),
  };
}

const stored = (publicPath: string) =>
  readFile(path.join(t.config.uploadsDir, publicPath.replace(/^\/uploads\//, '')));

// Each test starts with no video and no file, so it can say exactly what is left on disk.
beforeEach(async () => {
  await t.db.delete(videos);
  for (const folder of ['videos', 'video-posters'])
    await rm(path.join(t.config.uploadsDir, folder), { recursive: true, force: true });
});

describe('who may call what', () => {
  it('lets every signed-in role list, only admins change, and refuses the rest writing nothing', async () => {
    const p = await people();
    const made = await send('create', p.admin.token, { title: 'ຕົວຢ່າງ', url: 'https://example.la/a' });
    const id = made.body.data?.id ?? '';
    for (const who of [p.superAdmin, p.admin, p.agent, p.manager, p.shop])
      expect((await list(who.token)).statusCode, who.role).toBe(200);
    expectError(await list(undefined), 401, 'ກະລຸນາເຂົ້າສູ່ລະບົບ');

    const before = await state();
    for (const who of [p.agent, p.manager, p.shop]) {
      const fields = { title: 'x' };
      expectError(await send('create', who.token, fields, { file: mp4File() }), 403, M.forbidden);
      expectError(await send('update', who.token, { id, title: 'y' }), 403, M.forbidden);
      expectError(await remove(who.token, id), 403, M.forbidden);
    }
    expect((await send('create', undefined, { title: 'x' }, { file: mp4File() })).statusCode).toBe(401);
    expect((await send('update', undefined, { id, title: 'y' })).statusCode).toBe(401);
    expect((await remove(undefined, id)).statusCode).toBe(401);
    expect(await state()).toEqual(before);

    const limits = (token?: string) => call(t.app, 'GET', 'video/limits', token ? { token } : {});
    for (const who of [p.superAdmin, p.admin])
      expect((await limits(who.token)).body.data).toEqual({
        maxBytes: 200 * 1024 * 1024,
        posterMaxBytes: 2 * 1024 * 1024,
      });
    for (const who of [p.agent, p.manager, p.shop]) expectError(await limits(who.token), 403, M.forbidden);
    expect((await limits()).statusCode).toBe(401);

    for (const who of [p.superAdmin, p.admin]) {
      const created = await send('create', who.token, { title: who.role }, { file: mp4File() });
      expect(created.statusCode, who.role).toBe(201);
      const updated = await send('update', who.token, { id: created.body.data?.id ?? '', sortOrder: '3' });
      expect([updated.statusCode, updated.body.data?.sortOrder]).toEqual([200, 3]);
      expect((await remove(who.token, created.body.data?.id ?? '')).statusCode).toBe(200);
    }
    expect(await uploadsState(t)).toEqual({ videos: [], posters: [] });
  });
});

describe('POST /v1/video/create', () => {
  it('keeps an MP4 with its poster under random names, serves it, and audits the new row', async () => {
    const { admin } = await people();
    const res = await send(
      'create',
      admin.token,
      { title: ' ວິທີບັນທຶກລົດເຂົ້າ ', description: 'ສຳລັບພະນັກງານໃໝ່', sortOrder: '2', roles: ['SHOP', 'MANAGER'] },
      { file: { bytes: MP4, name: '../../etc/passwd.mp4', type: 'text/plain' }, poster: posterFile() },
    );
    expect([res.statusCode, res.body.message]).toEqual([201, 'ສ້າງສຳເລັດ']);
    const v = res.body.data as V;
    expect(v).toMatchObject({
      title: 'ວິທີບັນທຶກລົດເຂົ້າ',
      description: 'ສຳລັບພະນັກງານໃໝ່',
      source: 'UPLOAD',
      mimeType: 'video/mp4',
      sizeBytes: MP4.length,
      url: null,
      sortOrder: 2,
      roles: ['MANAGER', 'SHOP'],
      active: true,
    });
    expect(v.filePath).toMatch(/^\/uploads\/videos\/[0-9a-f]{32}\.mp4$/);
    expect(v.posterPath).toMatch(/^\/uploads\/video-posters\/[0-9a-f]{32}\.png$/);
    expect((await stored(v.filePath ?? '')).equals(MP4)).toBe(true);
    expect(await uploadsState(t)).toEqual({
      videos: [path.basename(v.filePath ?? '')],
      posters: [path.basename(v.posterPath ?? '')],
    });
    const served = await t.app.inject({ method: 'GET', url: v.filePath ?? '' });
    expect([served.statusCode, served.headers['content-type'], served.headers['accept-ranges']]).toEqual([
      200,
      'video/mp4',
      'bytes',
    ]);
    const [event] = await auditEventsOf(t.db, v.id);
    expect([event?.action, event?.entity, event?.actorId]).toEqual(['video.create', 'video', admin.id]);
    expect(event?.after).toMatchObject({ title: v.title, filePath: v.filePath, source: 'UPLOAD' });
  });

  it('knows a WebM by its bytes, and takes a link without a file', async () => {
    const { admin } = await people();
    const webm = await send(
      'create',
      admin.token,
      { title: 'webm' },
      { file: { bytes: WEBM, name: 'clip.bin' } },
    );
    expect(webm.body.data).toMatchObject({ mimeType: 'video/webm', sizeBytes: WEBM.length });
    expect(webm.body.data?.filePath).toMatch(/\.webm$/);
    const link = await send('create', admin.token, {
      title: 'ລິ້ງ',
      url: 'https://www.youtube.com/watch?v=abc',
      active: 'false',
    });
    expect(link.body.data).toMatchObject({
      source: 'LINK',
      url: 'https://www.youtube.com/watch?v=abc',
      filePath: null,
      mimeType: null,
      active: false,
    });
  });

  it('refuses bad input with a Lao message (English on request) and keeps nothing', async () => {
    const { admin } = await people();
    const before = await state();
    const text = Buffer.from('hello, this is a text file named x.mp4 and not a video at all '.repeat(20));
    const cases: Array<[Awaited<ReturnType<typeof send>>, number, string, Record<string, string>?]> = [
      [
        await send(
          'create',
          admin.token,
          { title: 'x' },
          { file: { bytes: text, name: 'x.mp4', type: 'video/mp4' } },
        ),
        400,
        M.type,
        { file: M.type },
      ],
      [
        await send('create', admin.token, { title: 'x' }, { file: { bytes: PNG, name: 'x.webm' } }),
        400,
        M.type,
      ],
      [
        await send(
          'create',
          admin.token,
          { title: 'x' },
          { file: mp4File(), poster: posterFile(Buffer.concat([PNG, Buffer.alloc(VIDEO_POSTER_MAX_BYTES)])) },
        ),
        413,
        M.posterTooLarge,
        { poster: M.posterTooLarge },
      ],
      [
        await send(
          'create',
          admin.token,
          { title: 'x' },
          { file: mp4File(), poster: { bytes: Buffer.from('GIF89a\x01\x00\x01\x00;'), name: 'p.png' } },
        ),
        400,
        M.posterType,
        { poster: M.posterType },
      ],
      [
        await send('create', admin.token, { title: 'x' }, { poster: { bytes: MP4, name: 'p.png' } }),
        400,
        M.posterType,
      ],
      [
        await send('create', admin.token, { description: 'no title' }, { file: mp4File() }),
        400,
        M.invalid,
        { title: M.title },
      ],
      [await send('create', admin.token, { title: 'x' }), 400, M.invalid, { file: M.source }],
      [
        await send('create', admin.token, { title: 'x', url: 'http://example.la/v.mp4' }),
        400,
        M.invalid,
        { url: M.link },
      ],
      [
        await send('create', admin.token, { title: 'x', url: 'https://example.la/v' }, { file: mp4File() }),
        400,
        M.invalid,
        { url: M.both },
      ],
      [
        await send('create', admin.token, { title: 'x', roles: 'SHOP,BOSS' }, { file: mp4File() }),
        400,
        M.invalid,
        { roles: M.role },
      ],
      [
        await send('create', admin.token, { title: 'x', filePath: '/etc/passwd' }, { file: mp4File() }),
        400,
        M.invalid,
        { filePath: M.unknownField },
      ],
      [
        await send('create', admin.token, { title: 'x' }, { file: mp4File(), other: mp4File() }),
        400,
        M.invalid,
        { other: M.unknownField },
      ],
      [
        await send('create', admin.token, { title: 'x\u0000' }, { file: mp4File() }),
        400,
        M.invalid,
        { title: 'ຄ່າບໍ່ຖືກຕ້ອງ' },
      ],
    ];
    for (const [i, [res, status, message, messages]] of cases.entries()) {
      expect([i, res.statusCode, res.body.status, res.body.message], JSON.stringify(res.body)).toEqual([
        i,
        status,
        'error',
        message,
      ]);
      if (messages) expect(res.body.messages).toEqual(messages);
    }
    const json = await call(t.app, 'POST', 'video/create', {
      token: admin.token,
      body: { title: 'x', url: 'https://example.la/v' },
    });
    expectError(json, 415, M.unsupported);
    const english = await send(
      'create',
      admin.token,
      { title: 'x' },
      { file: { bytes: text, name: 'x.mp4' } },
      'en',
    );
    expectError(english, 400, 'The video file must be an MP4 or WebM');
    expect(await state()).toEqual(before);
  });
});

describe('a database failure mid-change', () => {
  it('leaves no new file behind, and an update keeps the old file', async () => {
    const { admin } = await people();
    const kept = (
      await send('create', admin.token, { title: 'ເກົ່າ' }, { file: mp4File(), poster: posterFile() })
    ).body.data as V;
    const before = await state();
    // The database refuses these titles (as a lost connection or a full disk would refuse anything).
    await asSuperuser(t, "alter table videos add constraint videos_test_refuse check (title <> 'boom')");
    try {
      const created = await send(
        'create',
        admin.token,
        { title: 'boom' },
        { file: mp4File(), poster: posterFile() },
      );
      expect([created.statusCode, created.body.status]).toEqual([500, 'error']);
      const updated = await send(
        'update',
        admin.token,
        { id: kept.id, title: 'boom' },
        { file: { bytes: WEBM, name: 'v.webm' } },
      );
      expect(updated.statusCode).toBe(500);
    } finally {
      await asSuperuser(t, 'alter table videos drop constraint videos_test_refuse');
    }
    expect(await state()).toEqual(before);
    expect((await stored(kept.filePath ?? '')).equals(MP4)).toBe(true);
  });
});

describe('POST /v1/video/update', () => {
  it('replaces the file and the poster (the old ones go once saved), audits what changed, and switches to a link', async () => {
    const { admin } = await people();
    const first = (
      await send('create', admin.token, { title: 'v1' }, { file: mp4File(), poster: posterFile() })
    ).body.data as V;
    const res = await send(
      'update',
      admin.token,
      { id: first.id, title: 'v2', roles: '' },
      { file: { bytes: WEBM, name: 'v.webm' }, poster: posterFile() },
    );
    expect([res.statusCode, res.body.message]).toEqual([200, 'ບັນທຶກສຳເລັດ']);
    const second = res.body.data as V;
    expect(second).toMatchObject({ title: 'v2', mimeType: 'video/webm', sizeBytes: WEBM.length, roles: [] });
    expect(second.filePath).not.toBe(first.filePath);
    expect(await uploadsState(t)).toEqual({
      videos: [path.basename(second.filePath ?? '')],
      posters: [path.basename(second.posterPath ?? '')],
    });
    const events = (await auditEventsOf(t.db, first.id)).filter((e) => e.action === 'video.update');
    expect(events[0]?.before).toEqual({
      title: 'v1',
      filePath: first.filePath,
      mimeType: 'video/mp4',
      sizeBytes: MP4.length,
      posterPath: first.posterPath,
    });
    expect(events[0]?.after).toMatchObject({ title: 'v2', filePath: second.filePath });

    // Nothing changed: no event, nothing removed.
    const same = await send('update', admin.token, { id: first.id, title: 'v2' });
    expect(same.body.data?.filePath).toBe(second.filePath);
    expect((await auditEventsOf(t.db, first.id)).filter((e) => e.action === 'video.update')).toHaveLength(1);

    const link = await send('update', admin.token, {
      id: first.id,
      url: 'https://example.la/intro',
      removePoster: 'true',
    });
    expect(link.body.data).toMatchObject({
      source: 'LINK',
      url: 'https://example.la/intro',
      filePath: null,
      sizeBytes: null,
      posterPath: null,
    });
    expect(await uploadsState(t)).toEqual({ videos: [], posters: [] });
  });

  it('refuses a change that would leave no file and no link, an unknown id, and bad files, keeping what was', async () => {
    const { admin } = await people();
    const link = (await send('create', admin.token, { title: 'l', url: 'https://example.la/a' })).body
      .data as V;
    const up = (await send('create', admin.token, { title: 'u' }, { file: mp4File() })).body.data as V;
    const before = await state();
    expectError(await send('update', admin.token, { id: link.id, url: '' }), 400, { file: M.source });
    expectError(
      await send(
        'update',
        admin.token,
        { id: crypto.randomUUID(), title: 'x' },
        { file: mp4File(), poster: posterFile() },
      ),
      404,
      M.notFound,
    );
    expectError(
      await send(
        'update',
        admin.token,
        { id: up.id },
        { file: { bytes: Buffer.from('not a video'), name: 'x.mp4' } },
      ),
      400,
      M.type,
    );
    expectError(
      await send('update', admin.token, { id: up.id, url: 'https://example.la/b' }, { file: mp4File() }),
      400,
      { url: M.both },
    );
    expectError(await send('update', admin.token, { id: 'nope', title: 'x' }), 400, { id: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    expectError(await send('update', admin.token, { id: up.id, active: 'sometimes' }), 400, {
      active: 'ຄ່າບໍ່ຖືກຕ້ອງ',
    });
    expect(await state()).toEqual(before);
    const [row] = await t.db.select().from(videos).where(eq(videos.id, up.id));
    expect(row?.filePath).toBe(up.filePath);
  });
});

describe('POST /v1/video/delete', () => {
  it('removes the row and its files, audited with what it was; a second delete is 404', async () => {
    const { admin } = await people();
    const v = (
      await send('create', admin.token, { title: 'gone' }, { file: mp4File(), poster: posterFile() })
    ).body.data as V;
    const res = await remove(admin.token, v.id);
    expect([res.statusCode, res.body.message]).toEqual([200, 'ລຶບສຳເລັດ']);
    expect(await t.db.$count(videos)).toBe(0);
    expect(await uploadsState(t)).toEqual({ videos: [], posters: [] });
    const event = (await auditEventsOf(t.db, v.id)).find((e) => e.action === 'video.delete');
    expect(event?.before).toMatchObject({ title: 'gone', filePath: v.filePath, posterPath: v.posterPath });
    expectError(await remove(admin.token, v.id), 404, M.notFound);
    expectError(await remove(admin.token, 'x'), 400, { id: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
  });
});

describe('POST /v1/video', () => {
  it('answers admins every video in order with filters, and staff only the active ones for their role', async () => {
    const p = await people();
    const make = async (title: string, fields: Record<string, string> = {}) =>
      (await send('create', p.admin.token, { title, url: 'https://example.la/v', ...fields })).body.data as V;
    const all = await make('ທຸກຄົນ', { sortOrder: '1' });
    const shopOnly = await make('ພະນັກງານຮ້ານ', { sortOrder: '2', roles: 'SHOP' });
    const managers = await make('ຜູ້ຈັດການ', { sortOrder: '0', roles: 'MANAGER,AGENT' });
    const off = await make('ປິດ', { sortOrder: '0', active: 'false' });
    const titles = (res: Awaited<ReturnType<typeof list>>) => (res.body.data ?? []).map((v) => v.title);

    const admin = await list(p.admin.token);
    // By order, then the newest first.
    expect(titles(admin)).toEqual([off.title, managers.title, all.title, shopOnly.title]);
    expect(admin.body.meta).toEqual({ page: 1, pageSize: 20, total: 4, totalPages: 1 });
    expect(titles(await list(p.admin.token, { active: false }))).toEqual([off.title]);
    expect(titles(await list(p.admin.token, { role: 'SHOP' }))).toEqual([
      off.title,
      all.title,
      shopOnly.title,
    ]);
    expect(titles(await list(p.superAdmin.token, { q: 'ຈັດການ' }))).toEqual([managers.title]);
    const paged = await list(p.admin.token, { pageSize: 3 }, 2);
    expect([titles(paged), paged.body.meta]).toEqual([
      [shopOnly.title],
      { page: 2, pageSize: 3, total: 4, totalPages: 2 },
    ]);

    expect(titles(await list(p.shop.token))).toEqual([all.title, shopOnly.title]);
    expect(titles(await list(p.manager.token))).toEqual([managers.title, all.title]);
    expect(titles(await list(p.agent.token))).toEqual([managers.title, all.title]);
    // A filter narrows what staff see, never widens it.
    expect(titles(await list(p.shop.token, { active: false }))).toEqual([]);
    expect(titles(await list(p.shop.token, { role: 'MANAGER' }))).toEqual([all.title]);
    expectError(await list(p.admin.token, { role: 'BOSS' }), 400, { role: M.role });
  });
});
