import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Company } from '@parking-hub/contracts/company';
import { ROLES, type Role } from '@parking-hub/contracts/roles';
import { LOGO_MAX_BYTES } from '@parking-hub/contracts/shops';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit.ts';
import { companyProfile } from '../../db/schema/company.ts';
import {
  auditEventsOf,
  call,
  createTestApp,
  expectError,
  insertShop,
  type Reply,
  signedIn,
  type TestApp,
} from '../../test/harness.ts';

let t: TestApp;
let uploadsDir: string;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'ph-company-'));
  t = await createTestApp({ UPLOADS_DIR: uploadsDir });
  const shopId = (await insertShop(t.db)).id;
  for (const role of ROLES) {
    const shop = role === 'MANAGER' || role === 'SHOP' ? { shopId } : {};
    tokens[role] = (await signedIn(t, role, shop)).token;
  }
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
const padded = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

const PUBLIC_URL = '/parking-hub-api/public/company';
const EMPTY_FACTS = {
  companyName: null,
  branch: null,
  logoPath: null,
  telephone: null,
  whatsapp: null,
  email: null,
  address: null,
};
const FULL = {
  companyName: '  ບໍລິສັດ ພາກກິ້ງຮັບ ຈຳກັດ ',
  branch: 'ສຳນັກງານໃຫຍ່',
  telephone: '021 555 123',
  whatsapp: '020 5555 1234',
  email: 'Info@ParkingHub.LA',
  address: 'ບ້ານ ສີຫອມ, ນະຄອນຫຼວງວຽງຈັນ',
};

const update = (role: Role | undefined, body: unknown, headers?: Record<string, string>) =>
  call<Company>(t.app, 'POST', 'company/update', {
    ...(role ? { token: tokens[role] } : {}),
    body,
    ...(headers ? { headers } : {}),
  });

interface Upload {
  kind?: string;
  file?: { bytes: Buffer; name?: string; type?: string };
  fileFirst?: boolean;
}

/** The multipart body a browser would send, built by the platform's FormData. */
async function upload(
  role: Role | undefined,
  { kind, file, fileFirst }: Upload,
  headers: Record<string, string> = {},
) {
  const form = new FormData();
  const addFile = () => {
    if (!file) return;
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' });
    form.append('file', blob, file.name ?? 'logo.png');
  };
  if (fileFirst) addFile();
  if (kind !== undefined) form.append('kind', kind);
  if (!fileFirst) addFile();
  const encoded = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/parking-hub-api/v1/company/image',
    headers: {
      ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}),
      'content-type': encoded.headers.get('content-type') ?? '',
      ...headers,
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  const reply: Reply<Company> = { statusCode: res.statusCode, body: res.json(), headers: res.headers };
  return reply;
}

const companyFiles = async () =>
  (await readdir(path.join(uploadsDir, 'company')).catch(() => [] as string[])).sort();
const companyEvents = () =>
  auditEventsOf(t.db, '1').then((rows) => rows.filter((e) => e.entity === 'company'));

describe('company profile', () => {
  it('starts empty: every role reads nulls, the public view too, and nothing needs a row', async () => {
    for (const role of ROLES) {
      const res = await call<Company>(t.app, 'GET', 'company', { token: tokens[role] });
      expect([res.statusCode, res.body.data]).toEqual([
        200,
        { ...EMPTY_FACTS, qrImagePath: null, qrReceiver: null, createdAt: null, updatedAt: null },
      ]);
    }
    expectError(await call(t.app, 'GET', 'company'), 401, 'ກະລຸນາເຂົ້າສູ່ລະບົບ');
    const open = await call(t.app, 'GET', PUBLIC_URL);
    expect([open.statusCode, open.body.data]).toEqual([200, EMPTY_FACTS]);
    expect(await t.db.$count(companyProfile)).toBe(0);
  });

  it('refuses bad input field by field, in Lao or English, writing nothing', async () => {
    const before = await t.db.$count(auditEvents);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{}, { companyName: 'ກະລຸນາປ້ອນຊື່ບໍລິສັດ' }],
      [{ ...FULL, companyName: '   ' }, { companyName: 'ກະລຸນາປ້ອນຊື່ບໍລິສັດ' }],
      [{ ...FULL, telephone: '12' }, { telephone: 'ເບີໂທບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)' }],
      [{ ...FULL, whatsapp: '12345' }, { whatsapp: 'ເບີ WhatsApp ບໍ່ຖືກຕ້ອງ (ຕົວຢ່າງ 020 5555 1234)' }],
      [{ ...FULL, email: 'not-an-email' }, { email: 'ອີເມວບໍ່ຖືກຕ້ອງ' }],
      [{ ...FULL, companyName: 'ກ'.repeat(151) }, { companyName: 'ຍາວເກີນໄປ (ບໍ່ເກີນ 150 ຕົວອັກສອນ)' }],
      [{ ...FULL, address: 'x'.repeat(301) }, { address: 'ຍາວເກີນໄປ (ບໍ່ເກີນ 300 ຕົວອັກສອນ)' }],
      [{ ...FULL, branch: 42 }, { branch: 'ຄ່າບໍ່ຖືກຕ້ອງ' }],
    ];
    for (const [body, messages] of cases) expectError(await update('SUPER-ADMIN', body), 400, messages);
    const english = await update('SUPER-ADMIN', { ...FULL, whatsapp: '12345' }, { 'accept-language': 'en' });
    expect(english.body.messages?.whatsapp).toBe(
      'WhatsApp number is not valid (for example 020 5555 1234, or +66 81 234 5678 abroad)',
    );
    expect(await t.db.$count(companyProfile)).toBe(0);
    expect(await t.db.$count(auditEvents)).toBe(before);
  });

  it('lets only SUPER-ADMIN write; the others read and get 403, no token 401', async () => {
    const before = await t.db.$count(auditEvents);
    for (const role of ['ADMIN', 'AGENT', 'MANAGER', 'SHOP'] as const) {
      expectError(await update(role, FULL), 403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ');
      expectError(await upload(role, { kind: 'logo', file: { bytes: PNG } }), 403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ');
      const remove = await call(t.app, 'POST', 'company/image/remove', {
        token: tokens[role],
        body: { kind: 'qr' },
      });
      expectError(remove, 403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ');
    }
    expectError(await update(undefined, FULL), 401, 'ກະລຸນາເຂົ້າສູ່ລະບົບ');
    expectError(await upload(undefined, { kind: 'logo', file: { bytes: PNG } }), 401, 'ກະລຸນາເຂົ້າສູ່ລະບົບ');
    expectError(
      await call(t.app, 'POST', 'company/image/remove', { body: { kind: 'qr' } }),
      401,
      'ກະລຸນາເຂົ້າສູ່ລະບົບ',
    );
    expect(await t.db.$count(companyProfile)).toBe(0);
    expect(await companyFiles()).toEqual([]);
    expect(await t.db.$count(auditEvents)).toBe(before);
  });

  it('saves the facts (trimmed, WhatsApp in E.164), audits the change and shows it to every role', async () => {
    const res = await update('SUPER-ADMIN', FULL);
    expect([res.statusCode, res.body.message]).toEqual([200, 'ບັນທຶກສຳເລັດ']);
    const saved = {
      companyName: 'ບໍລິສັດ ພາກກິ້ງຮັບ ຈຳກັດ',
      branch: 'ສຳນັກງານໃຫຍ່',
      telephone: '021555123',
      whatsapp: '+8562055551234',
      email: 'info@parkinghub.la',
      address: 'ບ້ານ ສີຫອມ, ນະຄອນຫຼວງວຽງຈັນ',
    };
    expect(res.body.data).toMatchObject({ ...saved, logoPath: null, qrImagePath: null });
    expect(res.body.data?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const role of ROLES) {
      const read = await call<Company>(t.app, 'GET', 'company', { token: tokens[role] });
      expect(read.body.data).toEqual(res.body.data);
    }
    const [event, ...more] = await companyEvents();
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      action: 'company.update',
      actorRole: 'SUPER-ADMIN',
      before: Object.fromEntries(Object.keys(saved).map((field) => [field, null])),
      after: saved,
    });
    expect(Object.keys(event?.after as object).sort()).toEqual(Object.keys(saved).sort());

    // Only what changed is written; a field left out stays, an empty one is cleared.
    const again = await update('SUPER-ADMIN', {
      companyName: saved.companyName,
      address: '',
      email: undefined,
    });
    expect(again.body.data).toMatchObject({ ...saved, address: null });
    const last = (await companyEvents()).at(-1);
    expect([last?.before, last?.after]).toEqual([{ address: saved.address }, { address: null }]);
    const eventsBefore = (await companyEvents()).length;
    const same = await update('SUPER-ADMIN', { ...FULL, address: null });
    expect(same.statusCode).toBe(200);
    expect((await companyEvents()).length).toBe(eventsBefore);

    // Mobiles in their usual spellings end up as one E.164 number.
    for (const typed of ['2055551234', '+856 20 5555 1234', '00856 20 5555 1234', '+856 020 5555 1234']) {
      const normalised = await update('SUPER-ADMIN', { companyName: saved.companyName, whatsapp: typed });
      expect(normalised.body.data?.whatsapp).toBe('+8562055551234');
    }
  });

  it('keeps the Lao QR receiver of rent: checked like a shop’s, audited, compared by value, cleared by null, never public', async () => {
    const receiver = {
      iin: '12345678',
      receiverId: 'PHUB001',
      merchantName: 'PARKING HUB',
      merchantCity: 'VIENTIANE',
      mcc: '7523',
    };
    const name = { companyName: 'ບໍລິສັດ ພາກກິ້ງຮັບ ຈຳກັດ' };
    const eventsBefore = (await companyEvents()).length;
    expectError(await update('SUPER-ADMIN', { ...name, qrReceiver: { ...receiver, iin: '1234' } }), 400, {
      'qrReceiver.iin': 'ລະຫັດທະນາຄານ (IIN) ເປັນຕົວເລກ 8 ຕົວ (ຕົວຢ່າງ 27710418)',
    });
    expectError(await update('SUPER-ADMIN', { ...name, qrReceiver: { ...receiver, mcc: 'abcd' } }), 400, {
      'qrReceiver.mcc': 'MCC ເປັນຕົວເລກ 4 ຕົວ',
    });
    expectError(await update('ADMIN', { ...name, qrReceiver: receiver }), 403, 'ທ່ານບໍ່ມີສິດໃຊ້ງານ');
    expect((await companyEvents()).length).toBe(eventsBefore);

    const res = await update('SUPER-ADMIN', {
      ...name,
      qrReceiver: { ...receiver, receiverId: ' PHUB001 ' },
    });
    expect([res.statusCode, res.body.data?.qrReceiver]).toEqual([200, receiver]);
    const set = (await companyEvents()).at(-1);
    expect([set?.action, set?.before, set?.after]).toEqual([
      'company.update',
      { qrReceiver: null },
      { qrReceiver: receiver },
    ]);
    for (const role of ROLES) {
      const read = await call<Company>(t.app, 'GET', 'company', { token: tokens[role] });
      expect(read.body.data?.qrReceiver).toEqual(receiver);
    }
    const open = await call<Record<string, unknown>>(t.app, 'GET', PUBLIC_URL);
    expect(open.body.data).not.toHaveProperty('qrReceiver');

    // The same receiver in another key order changes nothing; left out keeps it; null removes it.
    const reordered = Object.fromEntries(Object.entries(receiver).reverse());
    const eventsSet = (await companyEvents()).length;
    await update('SUPER-ADMIN', { ...name, qrReceiver: reordered });
    await update('SUPER-ADMIN', name);
    expect((await companyEvents()).length).toBe(eventsSet);
    const kept = await call<Company>(t.app, 'GET', 'company', { token: tokens['SUPER-ADMIN'] });
    expect(kept.body.data?.qrReceiver).toEqual(receiver);
    const cleared = await update('SUPER-ADMIN', { ...name, qrReceiver: null });
    expect(cleared.body.data?.qrReceiver).toBeNull();
    const last = (await companyEvents()).at(-1);
    expect([last?.before, last?.after]).toEqual([{ qrReceiver: receiver }, { qrReceiver: null }]);
  });

  it('stores the logo and the QR by content, serves them, replaces and removes the old files', async () => {
    // A .png name with JPEG bytes is a JPEG; the file may come before `kind`.
    const logo = await upload('SUPER-ADMIN', {
      kind: 'logo',
      file: { bytes: JPEG, name: 'logo.png', type: 'image/png' },
      fileFirst: true,
    });
    expect([logo.statusCode, logo.body.message]).toEqual([200, 'ບັນທຶກສຳເລັດ']);
    const logoPath = logo.body.data?.logoPath ?? '';
    expect(logoPath).toMatch(/^\/uploads\/company\/[0-9a-f]{32}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: logoPath });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(served.rawPayload.equals(JPEG)).toBe(true);

    const qr = await upload('SUPER-ADMIN', { kind: 'qr', file: { bytes: padded(LOGO_MAX_BYTES) } });
    const qrPath = qr.body.data?.qrImagePath ?? '';
    expect([qr.statusCode, qr.body.data?.logoPath]).toEqual([200, logoPath]);
    expect(qrPath).toMatch(/^\/uploads\/company\/[0-9a-f]{32}\.png$/);
    expect(await companyFiles()).toEqual([path.basename(logoPath), path.basename(qrPath)].sort());

    // Replacing the logo drops its old file and leaves the QR alone.
    const next = await upload('SUPER-ADMIN', { kind: 'logo', file: { bytes: PNG, name: 'photo.gif' } });
    const nextPath = next.body.data?.logoPath ?? '';
    expect(nextPath).toMatch(/^\/uploads\/company\/[0-9a-f]{32}\.png$/);
    expect(await companyFiles()).toEqual([path.basename(nextPath), path.basename(qrPath)].sort());
    expect((await t.app.inject({ method: 'GET', url: logoPath })).statusCode).toBe(404);

    // The public view shows the logo, never the payment QR.
    const open = await call<Record<string, unknown>>(t.app, 'GET', PUBLIC_URL);
    expect(open.headers['cache-control']).toBe('public, max-age=60');
    expect(open.body.data).toMatchObject({ companyName: 'ບໍລິສັດ ພາກກິ້ງຮັບ ຈຳກັດ', logoPath: nextPath });
    expect(Object.keys(open.body.data ?? {}).sort()).toEqual(Object.keys(EMPTY_FACTS).sort());
    expect(JSON.stringify(open.body)).not.toContain(path.basename(qrPath));

    const removed = await call<Company>(t.app, 'POST', 'company/image/remove', {
      token: tokens['SUPER-ADMIN'],
      body: { kind: 'qr' },
    });
    expect([removed.statusCode, removed.body.data?.qrImagePath, removed.body.data?.logoPath]).toEqual([
      200,
      null,
      nextPath,
    ]);
    expect(await companyFiles()).toEqual([path.basename(nextPath)]);
    const events = (await companyEvents()).filter((e) => e.action === 'company.image');
    expect(events.map((e) => [e.before, e.after])).toEqual([
      [
        { kind: 'logo', path: null },
        { kind: 'logo', path: logoPath },
      ],
      [
        { kind: 'qr', path: null },
        { kind: 'qr', path: qrPath },
      ],
      [
        { kind: 'logo', path: logoPath },
        { kind: 'logo', path: nextPath },
      ],
      [
        { kind: 'qr', path: qrPath },
        { kind: 'qr', path: null },
      ],
    ]);
    // Removing what is not there writes nothing.
    const count = await t.db.$count(auditEvents);
    const noop = await call(t.app, 'POST', 'company/image/remove', {
      token: tokens['SUPER-ADMIN'],
      body: { kind: 'qr' },
    });
    expect(noop.statusCode).toBe(200);
    expect(await t.db.$count(auditEvents)).toBe(count);
  });

  it('refuses other types, big files, missing parts and unknown kinds, writing nothing', async () => {
    const files = await companyFiles();
    const before = (await call<Company>(t.app, 'GET', 'company', { token: tokens.ADMIN })).body.data;
    const auditBefore = await t.db.$count(auditEvents);
    const imageType = 'ຮູບຕ້ອງເປັນ PNG, JPEG ຫຼື WebP';
    for (const bytes of [
      Buffer.from('just some text, not a picture'),
      Buffer.from('GIF89a\x01\x00', 'latin1'),
      Buffer.alloc(0),
    ]) {
      const res = await upload('SUPER-ADMIN', { kind: 'logo', file: { bytes, name: 'logo.png' } });
      expect([res.statusCode, res.body]).toEqual([
        400,
        { status: 'error', message: imageType, messages: { file: imageType } },
      ]);
    }
    const big = await upload('SUPER-ADMIN', { kind: 'qr', file: { bytes: padded(LOGO_MAX_BYTES + 1) } });
    expect([big.statusCode, big.body.message, big.body.messages]).toEqual([
      413,
      'ຮູບໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 1 MB)',
      { file: 'ຮູບໃຫຍ່ເກີນໄປ (ບໍ່ເກີນ 1 MB)' },
    ]);
    const english = await upload(
      'SUPER-ADMIN',
      { kind: 'logo', file: { bytes: JPEG.subarray(1) } },
      { 'accept-language': 'en' },
    );
    expect(english.body.message).toBe('The image must be a PNG, JPEG or WebP');
    expectError(await upload('SUPER-ADMIN', { kind: 'logo' }), 400, { file: 'ກະລຸນາປ້ອນຂໍ້ມູນ' });
    expectError(await upload('SUPER-ADMIN', { file: { bytes: PNG } }), 400, { kind: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    expectError(await upload('SUPER-ADMIN', { kind: 'banner', file: { bytes: PNG } }), 400, {
      kind: 'ຄ່າບໍ່ຖືກຕ້ອງ',
    });
    const remove = await call(t.app, 'POST', 'company/image/remove', {
      token: tokens['SUPER-ADMIN'],
      body: { kind: 'banner' },
    });
    expectError(remove, 400, { kind: 'ຄ່າບໍ່ຖືກຕ້ອງ' });
    const json = await call(t.app, 'POST', 'company/image', {
      token: tokens['SUPER-ADMIN'],
      body: { kind: 'logo' },
    });
    expect([json.statusCode, json.body.status]).toEqual([415, 'error']);

    expect(await companyFiles()).toEqual(files);
    expect((await call<Company>(t.app, 'GET', 'company', { token: tokens.ADMIN })).body.data).toEqual(before);
    expect(await t.db.$count(auditEvents)).toBe(auditBefore);
  });
});
