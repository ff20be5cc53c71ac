import type { GenQrBody, GenQrResult, PublicBill } from '@parking-hub/contracts/bills';
import type { Db } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { laoQrImage, laoQrPayload } from '../../lib/lao-qr.ts';
import { iso, isoOrNull } from '../../lib/time.ts';
import { resolveShopId } from './bills.locate.ts';
import { feeAt, ruleOf, toBill } from './bills.mapping.ts';
import { type BillRow, findBill, findShopPublic } from './bills.repository.ts';

async function billByReference(db: Db, reference: string): Promise<BillRow> {
  const row = await findBill(db, { locator: 'reference', scope: 'ALL', params: { reference } });
  if (!row) throw notFound('errors.billNotFound');
  return row;
}

/** The fee a receipt shows: what was charged, or for a parked vehicle what it costs now. */
function receiptFee(row: BillRow, now: Date): PublicBill['fee'] {
  if (row.status === 'PARKED') return feeAt(row, now);
  if (row.fee === null || !row.checkOutAt) return null;
  const parts = toBill(row).feeParts ?? [];
  return {
    total: row.fee,
    minutes: Math.max(0, Math.floor((row.checkOutAt.getTime() - row.checkInAt.getTime()) / 60_000)),
    nights: parts.find((p) => p.kind === 'OVERNIGHT')?.count ?? 0,
    parts,
  };
}

/** The customer's e-receipt: nothing about staff, no internal ids. */
export async function publicBill(db: Db, reference: string): Promise<PublicBill> {
  const row = await billByReference(db, reference);
  const shop = await findShopPublic(db, row.shopId);
  if (!shop) throw notFound('errors.billNotFound');
  const now = new Date();
  const fee = receiptFee(row, now);
  const parked = row.status === 'PARKED';
  return {
    reference: row.reference,
    number: row.number,
    shop: {
      name: shop.name,
      address: shop.address,
      phone: shop.phone,
      logoPath: shop.logoPath,
      conditions: shop.conditions,
      timezone: shop.timezone,
      openShop: shop.openShop,
      closeShop: shop.closeShop,
    },
    vehicleType: toBill(row).vehicleType,
    plate: row.plate,
    member: row.memberId !== null,
    status: toBill(row).status,
    checkInAt: iso(row.checkInAt),
    checkOutAt: isoOrNull(row.checkOutAt),
    fee,
    paymentMethod: toBill(row).paymentMethod,
    rule: parked ? ruleOf(row) : null,
    serverTime: iso(now),
    canPayByQr: parked && shop.qrReceiver !== null && (fee?.total ?? 0) > 0,
  };
}

/**
 * `POST /gen-qr`: the Lao QR of a parked bill's fee now (anyone holding the reference), or of an
 * amount for a shop (signed-in users, shop in scope). `ctx` is null for the public form.
 */
export async function generateQr(db: Db, ctx: AuthedContext | null, body: GenQrBody): Promise<GenQrResult> {
  let shopId: string;
  let amount: number;
  let billNumber: string | undefined;
  if ('reference' in body) {
    const row = await billByReference(db, body.reference);
    if (row.status !== 'PARKED') throw conflict('errors.nothingToPay');
    amount = feeAt(row, new Date()).total;
    if (amount <= 0) throw conflict('errors.nothingToPay');
    shopId = row.shopId;
    billNumber = String(row.number);
  } else {
    if (!ctx) throw new Error('generateQr: a shop amount needs a signed-in caller');
    shopId = await resolveShopId(db, ctx, body.shopId);
    amount = body.amount;
  }
  const shop = await findShopPublic(db, shopId);
  if (!shop?.qrReceiver) throw conflict('errors.noQrReceiver');
  const payload = laoQrPayload(shop.qrReceiver, { amount, billNumber });
  return { payload, image: await laoQrImage(payload), amount, merchantName: shop.qrReceiver.merchantName };
}
