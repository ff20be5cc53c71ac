import type { Shop } from '@parking-hub/contracts/shops';
import { describe, expect, it } from 'vitest';
import {
  branchValues,
  changedFields,
  emptyShopValues,
  type ShopFormValues,
  shopFormSchema,
  shopValues,
  withoutFields,
} from './shop-form';

const QR = {
  iin: '27710418',
  receiverId: 'SHOP1',
  merchantName: 'Test Parking',
  merchantCity: 'Vientiane',
  mcc: '7523',
};

const shop: Shop = {
  id: '4b0c7a3e-4a55-4b7e-9a37-6a1b7a0f9c11',
  name: 'ຮ້ານ ໜຶ່ງ',
  code: 'S1',
  parentId: null,
  parentName: null,
  agentId: null,
  agentName: null,
  packageId: null,
  address: 'ວຽງຈັນ',
  phone: null,
  whatsapp: null,
  logoPath: null,
  conditions: null,
  priceMotorbike: 3000,
  priceCar: 10000,
  openShop: '18:00',
  closeShop: '02:00',
  timezone: 'Asia/Vientiane',
  status: 'ACTIVE',
  // Key order as the database may give it back.
  qrReceiver: {
    mcc: '7523',
    merchantCity: 'Vientiane',
    merchantName: 'Test Parking',
    receiverId: 'SHOP1',
    iin: '27710418',
  },
  branchCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const filled = (extra: Partial<ShopFormValues> = {}): ShopFormValues => ({
  ...emptyShopValues(),
  name: 'ຮ້ານ ໃໝ່',
  priceMotorbike: '3,000',
  priceCar: '10000',
  ...extra,
});

const issues = (values: ShopFormValues) => {
  const res = shopFormSchema.safeParse(values);
  // The first message of each field, as the form shows it.
  const out: Record<string, string> = {};
  for (const i of res.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('shopFormSchema', () => {
  it('reads a new shop: kip with separators, empty texts as none, no QR receiver', () => {
    const out = shopFormSchema.parse(filled({ code: ' ab-1 ' }));
    expect(out).toMatchObject({
      name: 'ຮ້ານ ໃໝ່',
      code: 'AB-1',
      address: null,
      priceMotorbike: 3000,
      priceCar: 10000,
      openShop: null,
      closeShop: null,
      timezone: 'Asia/Vientiane',
      agentId: null,
      status: 'ACTIVE',
      qrReceiver: null,
    });
  });

  it('names each bad field with the contracts’ message keys', () => {
    expect(issues(filled({ name: ' ', priceMotorbike: '', priceCar: '-5', code: 'x' }))).toEqual({
      name: 'validation.shopNameRequired',
      priceMotorbike: 'validation.amountFormat',
      priceCar: 'validation.amountFormat',
      code: 'validation.shopCodeFormat',
    });
    expect(issues(filled({ openShop: '25:00', closeShop: '02:00' }))).toEqual({
      openShop: 'validation.timeFormat',
    });
    expect(issues(filled({ timezone: 'Mars/Base' }))).toEqual({ timezone: 'validation.timezone' });
  });

  it('wants both hours or neither; a close after midnight is fine', () => {
    expect(issues(filled({ openShop: '07:00' }))).toEqual({ closeShop: 'validation.hoursTogether' });
    expect(issues(filled({ closeShop: '07:00' }))).toEqual({ openShop: 'validation.hoursTogether' });
    expect(shopFormSchema.parse(filled({ openShop: '18:00', closeShop: '02:00' }))).toMatchObject({
      openShop: '18:00',
      closeShop: '02:00',
    });
  });

  it('takes the QR receiver whole, or not at all', () => {
    expect(shopFormSchema.parse(filled({ qrReceiver: QR })).qrReceiver).toEqual(QR);
    expect(issues(filled({ qrReceiver: { ...QR, iin: '123', merchantCity: '' } }))).toEqual({
      'qrReceiver.iin': 'validation.qrIin',
      'qrReceiver.merchantCity': 'validation.required',
    });
    expect(issues(filled({ qrReceiver: { ...emptyShopValues().qrReceiver, mcc: '7523' } }))).toMatchObject({
      'qrReceiver.iin': 'validation.qrIin',
    });
  });
});

describe('form values', () => {
  it('round-trip a shop unchanged', () => {
    const out = shopFormSchema.parse(shopValues(shop));
    expect(changedFields(shop, out)).toEqual({});
  });

  it('start a branch with its main shop’s prices, hours and zone', () => {
    expect(branchValues({ ...shop, timezone: 'Asia/Bangkok' })).toMatchObject({
      name: '',
      priceMotorbike: '3000',
      priceCar: '10000',
      openShop: '18:00',
      closeShop: '02:00',
      timezone: 'Asia/Bangkok',
      agentId: '',
    });
  });
});

describe('changedFields', () => {
  const edit = (extra: Partial<ShopFormValues>) => shopFormSchema.parse({ ...shopValues(shop), ...extra });

  it('sends only what differs', () => {
    expect(changedFields(shop, edit({ priceCar: '12,000', address: '' }))).toEqual({
      priceCar: 12000,
      address: null,
    });
  });

  it('clears the QR receiver and the hours', () => {
    const none = { iin: '', receiverId: '', merchantName: '', merchantCity: '', mcc: '' };
    expect(changedFields(shop, edit({ qrReceiver: none, openShop: '', closeShop: '' }))).toEqual({
      qrReceiver: null,
      openShop: null,
      closeShop: null,
    });
  });

  it('keeps a code that was emptied (the server keeps it too)', () => {
    expect(changedFields(shop, edit({ code: '' }))).toEqual({});
  });

  it('leaves out the fields a caller may not set', () => {
    const agentShop = { ...shop, agentId: 'a1' };
    // The agent box is not shown to an agent: its empty value must not read as "no agent".
    const out = withoutFields(edit({ agentId: '' }), ['agentId']);
    expect(changedFields(agentShop, out)).toEqual({});
    expect(changedFields(agentShop, edit({ agentId: '' }))).toEqual({ agentId: null });
  });

  it('sends the month with a new package only', () => {
    const pkg = '7d7c2f6e-1a0b-4c3d-8e9f-0a1b2c3d4e5f';
    const other = '0b5f6f0e-2b1c-4d3e-9f8a-1b2c3d4e5f60';
    const withPackage = { ...shop, packageId: pkg };
    expect(changedFields(withPackage, edit({ packageId: pkg, packageFrom: '2031-02' }))).toEqual({});
    expect(changedFields(withPackage, edit({ packageId: other, packageFrom: '2031-02' }))).toEqual({
      packageId: other,
      packageFrom: '2031-02',
    });
    // A new shop without a package sends no month (the server would ask for the package).
    const created = withoutFields(
      shopFormSchema.parse({ ...emptyShopValues(), name: 'ຮ້ານ', priceMotorbike: '1', priceCar: '1' }),
      [],
    );
    expect(created).not.toHaveProperty('packageFrom');
  });
});
