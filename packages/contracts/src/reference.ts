/**
 * A bill's public reference: `<shop>-<secret>`, both in Crockford base32 (no I, L, O, U; typing
 * O for 0 or I/L for 1 is forgiven). `<shop>` is the shop's permanent number, so the reference
 * says which shop issued it (lookups and sharding by shop); `<secret>` is 12 random symbols
 * (60 bits), so references cannot be guessed. No zod here: the scan box uses it too.
 */
export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_SECRET_LENGTH = 12;
const SHOP_KEY_MAX = 7;

export function encodeShopKey(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 1) throw new Error(`bad shop number ${seq}`);
  let out = '';
  for (let n = seq; n > 0; n = Math.floor(n / 32)) out = CROCKFORD[n % 32] + out;
  return out;
}

export function decodeShopKey(key: string): number | null {
  if (key.length === 0 || key.length > SHOP_KEY_MAX) return null;
  let n = 0;
  for (const c of key) {
    const v = CROCKFORD.indexOf(c);
    if (v < 0) return null;
    n = n * 32 + v;
  }
  return n > 0 ? n : null;
}

/** Random symbols from bytes (each byte's low 5 bits; the caller passes crypto-random bytes). */
export function secretFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERENCE_SECRET_LENGTH) throw new Error('need 12 random bytes');
  let out = '';
  for (let i = 0; i < REFERENCE_SECRET_LENGTH; i++) out += CROCKFORD[(bytes[i] ?? 0) & 31];
  return out;
}

export function formatReference(shopKey: string, secret: string): string {
  return `${shopKey}-${secret}`;
}

/**
 * The reference in a typed or scanned text (a receipt URL `…/bill/<ref>` too), in its canonical
 * form; null when the text cannot be one.
 */
export function normalizeReference(input: string): string | null {
  let text = input.trim();
  const inUrl = /\/bill\/([^/?#\s]+)/i.exec(text);
  if (inUrl?.[1]) {
    try {
      text = decodeURIComponent(inUrl[1]);
    } catch {
      return null;
    }
  }
  const symbols = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (!/^[0-9A-HJKMNP-TV-Z]+$/.test(symbols)) return null;
  const shopKey = symbols.slice(0, -REFERENCE_SECRET_LENGTH);
  const secret = symbols.slice(-REFERENCE_SECRET_LENGTH);
  if (secret.length < REFERENCE_SECRET_LENGTH || decodeShopKey(shopKey) === null) return null;
  return formatReference(shopKey, secret);
}

/** The shop number a canonical reference carries. */
export function shopKeyOf(reference: string): number | null {
  const key = reference.split('-')[0] ?? '';
  return decodeShopKey(key);
}
