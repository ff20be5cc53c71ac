import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOGO_MAX_BYTES } from '@parking-hub/contracts/shops';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { shops } from '../../db/schema/shops.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  insertShop,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';

let t: TestApp;
let uploadsDir: string;
beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'ph-logos-'));
  t = await createTestApp({ UPLOADS_DIR: uploadsDir });
});
afterAll(async () => {
  await t.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  randomBytes(64),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  randomBytes(32),
]);
const padded = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

interface Upload {
  fields?: Record<string, string>;
  file?: { bytes: Buffer; name?: string; type?: string; field?: string };
  /** Put the file before the other fields. */
  fileFirst?: boolean;
}

/** The multipart body a browser would send, built by the platform's FormData. */
async function multipart({ fields = {}, file, fileFirst }: Upload) {
  const form = new FormData();
  const addFile = () => {
    if (!file) return;
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' });
    form.append(file.field ?? 'file', blob, file.name ?? 'logo.png');
  };
  if (fileFirst) addFile();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (!fileFirst) addFile();
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    type: encoded.headers.get('content-type') ?? '',
  };
}

async function upload(token: string | undefined, body: Upload, headers: Record<string, string> = {}) {
  const { payload, type } = await multipart(body);
  const res = await t.app.inject({
    method: 'POST',
    url: '/parking-hub-api/v1/shop/logo',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': type, ...headers },
    payload,
  });
  return { statusCode: res.statusCode, body: res.json() as Record<string, unknown> };
}

const logoFiles = async () =>
  (await readdir(path.join(uploadsDir, 'logos')).catch(() => [] as string[])).sort();
const logoOf = async (id: string) => (await t.db.select().from(shops).where(eq(shops.id, id)))[0]?.logoPath;

describe('POST /v1/shop/logo', () => {
  it('stores PNG, JPEG and WebP by their content, serves them back and drops the old file', async () => {
    const mgr = await signedIn(t, 'MANAGER', { shopId: (await insertShop(t.db)).id });
    const shopId = mgr.shopId ?? '';
    const kinds: Array<[Buffer, string, string]> = [
      [PNG, 'png', 'image/png'],
      [JPEG, 'jpg', 'image/jpeg'],
      [WEBP, 'webp', 'image/webp'],
      [padded(LOGO_MAX_BYTES), 'png', 'image/png'],
    ];
    for (const [bytes, ext, contentType] of kinds) {
      // Declared type and name say nothing: the bytes decide.
      const file = { bytes, name: 'photo.gif', type: 'application/octet-stream' };
      const res = await upload(mgr.token, { fields: { id: shopId }, file, fileFirst: ext === 'jpg' });
      expect([res.statusCode, res.body.message]).toEqual([200, 'ບັນທຶກສຳເລັດ']);
      const logoPath = (res.body.data as { logoPath: string }).logoPath;
      expect(logoPath).toMatch(new RegExp(`^/uploads/logos/[0-9a-f]{32}\\.${ext}$`));
      expect(await logoOf(shopId)).toBe(logoPath);
      expect(await logoFiles()).toEqual([path.basename(logoPath)]);
      const served = await t.app.inject({ method: 'GET', url: logoPath });
      expect([served.statusCode, served.headers['content-type']]).toEqual([200, contentType]);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
    const events = await auditEventsOf(t.db, shopId);
    expect(events.map((e) => e.action)).toEqual(['shop.logo', 'shop.logo', 'shop.logo', 'shop.logo']);
    expect(events[1]?.before).toEqual(events[0]?.after);
  });

  it('refuses other types, big files, missing parts and other shops, writing nothing', async () => {
    const agent = await signedIn(t, 'AGENT');
    const shop = await insertShop(t.db, { agentId: agent.id });
    const foreign = await insertShop(t.db);
    const cashier = await signedIn(t, 'SHOP', { shopId: shop.id });
    const first = await upload(agent.token, { fields: { id: shop.id }, file: { bytes: PNG } });
    expect(first.statusCode).toBe(200);
    const files = await logoFiles();
    const auditBefore = await t.db.$count(auditEvents);
    const logoType = {
      message: 'ຮູບໂລໂກ້ຕ້ອງເປັນ PNG, JPEG ຫຼື WebP',
      messages: { file: 'ຮູບໂລໂກ້ຕ້ອງເປັນ PNG, JPEG ຫຼື WebP' },
    };
    const fakes = [
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('just some text, not a picture'),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'),
      PNG.subarray(0, 6),
      Buffer.alloc(0),
    ];
    for (const bytes of fakes) {
      const res = await upload(agent.token, {
        fields: { id: shop.id },
        file: { bytes, name: 'logo.png', type: 'image/png' },
      });
      expect([res.statusCode, res.body]).toEqual([400, { status: 'error', ...logoType }]);
    }
    const big = await upload(agent.token, {
      fields: { id: shop.id },
      file: { bytes: padded(LOGO_MAX_BYTES + 1) },
    });
    expect([big.statusCode, big.body.message]).toEqual([413, 'ຮູບໂລໂກ້ໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 1 MB)']);
    const refused: Array<[string | undefined, Upload, number, unknown]> = [
      [agent.token, { fields: { id: shop.id } }, 400, { file: 'ກະລຸນາປ້ອນຂໍ້ມູນ' }],
      [
        agent.token,
        { fields: { id: shop.id }, file: { bytes: PNG, field: 'image' } },
        400,
        { file: 'ກະລຸນາປ້ອນຂໍ້ມູນ' },
      ],
      [agent.token, { file: { bytes: PNG } }, 400, { id: 'ຄ່າບໍ່ຖືກຕ້ອງ' }],
      [agent.token, { fields: { id: 'shop-1' }, file: { bytes: PNG } }, 400, { id: 'ຄ່າບໍ່ຖືກຕ້ອງ' }],
      [agent.token, { fields: { id: foreign.id }, file: { bytes: PNG } }, 404, 'ບໍ່ພົບຮ້ານນີ້'],
      [cashier.token, { fields: { id: shop.id }, file: { bytes: PNG } }, 403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ'],
      [undefined, { fields: { id: shop.id }, file: { bytes: PNG } }, 401, 'ກະລຸນາເຂົ້າສູ່ລະບົບ'],
    ];
    for (const [token, body, status, expected] of refused) {
      const res = await upload(token, body);
      expect([res.statusCode, typeof expected === 'string' ? res.body.message : res.body.messages]).toEqual([
        status,
        expected,
      ]);
    }
    const english = await upload(
      agent.token,
      { fields: { id: shop.id }, file: { bytes: JPEG.subarray(1) } },
      { 'accept-language': 'en' },
    );
    expect(english.body.message).toBe('The logo must be a PNG, JPEG or WebP image');
    expect(await logoFiles()).toEqual(files);
    expect(await logoOf(shop.id)).toBe((first.body.data as { logoPath: string }).logoPath);
    expect(await logoOf(foreign.id)).toBeNull();
    expect(await t.db.$count(auditEvents)).toBe(auditBefore);
  });

  it('answers a body that is not multipart, or a broken one, with a 4xx envelope', async () => {
    const admin = await signedIn(t, 'ADMIN');
    const shop = await insertShop(t.db);
    const json = await call(t.app, 'POST', 'shop/logo', { token: admin.token, body: { id: shop.id } });
    expect([json.statusCode, json.body.status]).toEqual([415, 'error']);
    const { payload, type } = await multipart({ fields: { id: shop.id }, file: { bytes: PNG } });
    const cut = await t.app.inject({
      method: 'POST',
      url: '/parking-hub-api/v1/shop/logo',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': type },
      payload: payload.subarray(0, payload.length - 20),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toMatchObject({ status: 'error' });
    expect(await logoOf(shop.id)).toBeNull();
  });
});
