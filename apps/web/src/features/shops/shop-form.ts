import { canonicalJson } from '@parking-hub/contracts/canonical-json';
import { monthIn } from '@parking-hub/contracts/packages';
import { kipSchema } from '@parking-hub/contracts/prices';
import {
  createShopBodySchema,
  qrReceiverSchema,
  type Shop,
  type ShopStatus,
} from '@parking-hub/contracts/shops';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../../lib/format';

export const QR_FIELDS = ['iin', 'receiverId', 'merchantName', 'merchantCity', 'mcc'] as const;
export type QrFormValues = Record<(typeof QR_FIELDS)[number], string>;

/** What the shop form holds: every input as typed (text), checked by `shopFormSchema` on save. */
export interface ShopFormValues {
  name: string;
  code: string;
  address: string;
  phone: string;
  whatsapp: string;
  conditions: string;
  priceMotorbike: string;
  priceCar: string;
  openShop: string;
  closeShop: string;
  timezone: string;
  agentId: string;
  status: ShopStatus;
  qrReceiver: QrFormValues;
  /** The package chosen ('' none) and the month ('YYYY-MM') it starts. */
  packageId: string;
  packageFrom: string;
}

/** This month in the platform's time zone: where a package choice starts unless told. */
export const currentMonth = (now = new Date()) => monthIn(now, DEFAULT_TIME_ZONE);

/** Fields the server's messages may name, so a 400 lands under the input it is about. */
export const SHOP_FORM_FIELDS = [
  'name',
  'code',
  'address',
  'phone',
  'whatsapp',
  'conditions',
  'priceMotorbike',
  'priceCar',
  'openShop',
  'closeShop',
  'timezone',
  'agentId',
  'status',
  'packageId',
  'packageFrom',
  ...QR_FIELDS.map((f) => `qrReceiver.${f}` as const),
] as const;

const EMPTY_QR: QrFormValues = { iin: '', receiverId: '', merchantName: '', merchantCity: '', mcc: '' };

export function isQrEmpty(qr: QrFormValues): boolean {
  return QR_FIELDS.every((f) => !qr[f].trim());
}

/** Kip as typed: "3,000" and "3 000" are 3000; an empty box is an error, never a silent 0. */
const formKip = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const digits = v.replace(/[\s,₭]/g, '');
  return digits === '' ? undefined : digits;
}, kipSchema);

/** The receiver is all or nothing: five empty boxes mean "no Lao QR", anything else is checked. */
const formQr = z.preprocess(
  (v: QrFormValues | null | undefined) => (v && isQrEmpty(v) ? null : v),
  // Optional as in the contracts' schema (safeExtend keeps field types compatible); never absent here.
  qrReceiverSchema.nullable().optional(),
);

/**
 * The contracts' create schema (field rules, hours together) with the form's own readings of
 * prices and the QR group. The same schema checks an edit: the changed fields are sent after.
 */
export const shopFormSchema = createShopBodySchema.safeExtend({
  priceMotorbike: formKip,
  priceCar: formKip,
  qrReceiver: formQr,
});
export type ShopFormOutput = z.output<typeof shopFormSchema>;

export function emptyShopValues(): ShopFormValues {
  return {
    name: '',
    code: '',
    address: '',
    phone: '',
    whatsapp: '',
    conditions: '',
    priceMotorbike: '',
    priceCar: '',
    openShop: '',
    closeShop: '',
    timezone: DEFAULT_TIME_ZONE,
    agentId: '',
    status: 'ACTIVE',
    qrReceiver: { ...EMPTY_QR },
    packageId: '',
    packageFrom: currentMonth(),
  };
}

/** A new branch starts with its main shop's hours, time zone and prices (all can be changed). */
export function branchValues(parent: Shop): ShopFormValues {
  return {
    ...emptyShopValues(),
    priceMotorbike: String(parent.priceMotorbike),
    priceCar: String(parent.priceCar),
    openShop: parent.openShop ?? '',
    closeShop: parent.closeShop ?? '',
    timezone: parent.timezone,
  };
}

export function shopValues(shop: Shop): ShopFormValues {
  return {
    name: shop.name,
    code: shop.code,
    address: shop.address ?? '',
    phone: shop.phone ?? '',
    whatsapp: shop.whatsapp ?? '',
    conditions: shop.conditions ?? '',
    priceMotorbike: String(shop.priceMotorbike),
    priceCar: String(shop.priceCar),
    openShop: shop.openShop ?? '',
    closeShop: shop.closeShop ?? '',
    timezone: shop.timezone,
    agentId: shop.agentId ?? '',
    status: shop.status,
    qrReceiver: shop.qrReceiver ? { ...shop.qrReceiver } : { ...EMPTY_QR },
    packageId: shop.packageId ?? '',
    packageFrom: currentMonth(),
  };
}

type Field = keyof ShopFormOutput;

/** The checked form without the fields this caller may not set (the agent of an agent's shop…). */
export function withoutFields(output: ShopFormOutput, omit: readonly Field[]): Partial<ShopFormOutput> {
  const out: Partial<ShopFormOutput> = { ...output };
  for (const field of omit) delete out[field];
  // A month without a package means nothing (the server would ask for the package).
  if (!out.packageId) delete out.packageFrom;
  return out;
}

/**
 * The fields of an edit that differ from the shop (the update changes only what is sent). An
 * emptied code is left out: the server keeps a shop's code. The month goes with a new package only.
 */
export function changedFields(shop: Shop, output: Partial<ShopFormOutput>): Partial<ShopFormOutput> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(output)) {
    if (value === undefined || (field === 'code' && value === null)) continue;
    // Keys sorted: a QR receiver from the database equals the same one from the form.
    if (canonicalJson(value) === canonicalJson(shop[field as keyof Shop])) continue;
    changes[field] = value;
  }
  if (!('packageId' in changes)) delete changes.packageFrom;
  return changes as Partial<ShopFormOutput>;
}

/** The form as react-hook-form holds it: typed values in, checked output on submit. */
export type ShopForm = UseFormReturn<ShopFormValues, unknown, ShopFormOutput>;
