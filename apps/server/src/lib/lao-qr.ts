/**
 * The Lao QR (LAPNet) payload a customer's banking app scans to pay a shop, and its PNG.
 * Layout, sources and the parts that are guesses: docs/decisions/008-lao-qr.md.
 */
import { toDataURL } from 'qrcode';
import { tlv, withCrc } from './emvco.ts';

export interface QrReceiver {
  iin: string;
  receiverId: string;
  merchantName: string;
  merchantCity: string;
  mcc: string;
}

export interface LaoQrOptions {
  /** Whole kip, above 0; makes the QR dynamic (the app fills in and locks the amount). */
  amount?: number;
  /** Our bill number, shown in the app and echoed back by the bank so a payment can be matched. */
  billNumber?: string;
}

/** LAPNet's application identifier, the same in every Lao QR. */
export const LAPNET_AID = 'A005266284662577';
/** Sub-tag 02 of tag 38: every published merchant Lao QR carries 002; 001 appears on personal-account QRs. */
export const LAPNET_MERCHANT_PAYMENT_TYPE = '002';
export const LAK_NUMERIC = '418';
export const COUNTRY_LAOS = 'LA';

const MERCHANT_NAME_MAX = 25;
const MERCHANT_CITY_MAX = 15;
const BILL_NUMBER_MAX = 25;
const AMOUNT_MAX_DIGITS = 13;
const FALLBACK_NAME = 'PARKING';
const FALLBACK_CITY = 'VIENTIANE';

// Same rules as qrReceiverSchema in @parking-hub/contracts, re-checked here because a bad value would
// only surface as a QR that every banking app refuses.
const IIN = /^\d{8}$/;
const RECEIVER_ID = /^[A-Za-z0-9]{1,32}$/;
const MCC = /^\d{4}$/;

export function laoQrPayload(receiver: QrReceiver, options: LaoQrOptions = {}): string {
  const iin = receiver.iin.trim();
  const receiverId = receiver.receiverId.trim();
  const mcc = receiver.mcc.trim();
  if (!IIN.test(iin)) throw new Error('Lao QR: the IIN must be 8 digits');
  if (!RECEIVER_ID.test(receiverId)) throw new Error('Lao QR: receiver id is 1 to 32 letters or digits');
  if (!MCC.test(mcc)) throw new Error('Lao QR: the MCC must be 4 digits');
  const amount = options.amount === undefined ? undefined : formatKip(options.amount);
  const billNumber = options.billNumber === undefined ? undefined : checkBillNumber(options.billNumber);

  const merchantAccount =
    tlv('00', LAPNET_AID) + tlv('01', iin) + tlv('02', LAPNET_MERCHANT_PAYMENT_TYPE) + tlv('03', receiverId);
  const parts = [
    tlv('00', '01'),
    // 11 = static (the payer types the amount), 12 = dynamic (one payment of a fixed amount).
    tlv('01', amount === undefined ? '11' : '12'),
    tlv('38', merchantAccount),
    tlv('52', mcc),
    tlv('53', LAK_NUMERIC),
    amount === undefined ? '' : tlv('54', amount),
    tlv('58', COUNTRY_LAOS),
    tlv('59', asciiText(receiver.merchantName, MERCHANT_NAME_MAX, FALLBACK_NAME)),
    tlv('60', asciiText(receiver.merchantCity, MERCHANT_CITY_MAX, FALLBACK_CITY)),
    billNumber === undefined ? '' : tlv('62', tlv('01', billNumber)),
  ];
  return withCrc(parts.join(''));
}

/** The payload as a PNG data URL: level M survives a worn print, margin 2 still scans on a screen. */
export function laoQrImage(payload: string): Promise<string> {
  return toDataURL(payload, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

// Kip has no minor unit in practice (Lao QRs in the wild carry "20000", not "20000.00").
function formatKip(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`Lao QR: the amount must be a whole number of kip above 0, got ${amount}`);
  }
  const text = String(amount);
  if (text.length > AMOUNT_MAX_DIGITS) throw new Error('Lao QR: the amount is too large');
  return text;
}

function checkBillNumber(billNumber: string): string {
  const text = billNumber.trim();
  if (text.length > BILL_NUMBER_MAX || !/^[\x20-\x7e]+$/.test(text)) {
    throw new Error(`Lao QR: the bill number must be 1 to ${BILL_NUMBER_MAX} printable ASCII characters`);
  }
  return text;
}

// Letters that Unicode decomposition leaves alone but have an obvious Latin spelling.
const LATIN_EXTRAS: Record<string, string> = {
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  ı: 'i',
};

/**
 * A display name reduced to what every banking app prints: accents dropped, other non-ASCII
 * (Lao script included) removed, spaces collapsed, cut to the field's limit. A name written only in
 * Lao script leaves nothing, hence the fallback.
 */
export function asciiText(text: string, max: number, fallback: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, (char) => (/\s/.test(char) ? ' ' : (LATIN_EXTRAS[char] ?? '')))
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, max)
    .trimEnd();
  return ascii || fallback;
}
