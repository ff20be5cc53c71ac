/**
 * EMVCo merchant-presented QR (MPM) building blocks: every data object is
 * tag (2 digits) + length (2 digits) + value, and the payload ends with the CRC object "6304" + 4 hex.
 * See docs/decisions/008-lao-qr.md.
 */

// EMVCo's "ans" character set is printable ASCII; banking apps reject anything else.
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
const TWO_DIGITS = /^\d{2}$/;
const CRC_TAG = '63';
const CRC_HEADER = '6304';

export interface TlvEntry {
  tag: string;
  value: string;
}

/** One data object. The length counts characters, which equal bytes because the value is ASCII. */
export function tlv(tag: string, value: string): string {
  if (!TWO_DIGITS.test(tag)) throw new Error(`EMVCo tag must be 2 digits, got "${tag}"`);
  // An empty object is meaningless to a reader (EMVCo omits absent fields instead).
  if (value.length === 0) throw new Error(`EMVCo tag ${tag}: empty value`);
  if (!PRINTABLE_ASCII.test(value)) throw new Error(`EMVCo tag ${tag}: value is not printable ASCII`);
  if (value.length > 99) throw new Error(`EMVCo tag ${tag}: value longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as 4 upper-case hex
 * digits. Runs over UTF-8 bytes so a stray non-ASCII character still gives a well-defined value.
 */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Appends the CRC object; the checksum covers everything before it, "6304" included. */
export function withCrc(payloadWithoutCrc: string): string {
  const head = `${payloadWithoutCrc}${CRC_HEADER}`;
  return `${head}${crc16CcittFalse(head)}`;
}

/** Splits a run of data objects (a payload or a template's value). Throws on any malformed object. */
export function parseTlv(text: string): TlvEntry[] {
  const entries: TlvEntry[] = [];
  let at = 0;
  while (at < text.length) {
    const tag = text.slice(at, at + 2);
    const length = text.slice(at + 2, at + 4);
    if (!TWO_DIGITS.test(tag)) throw new Error(`EMVCo: bad tag "${tag}" at ${at}`);
    if (!TWO_DIGITS.test(length)) throw new Error(`EMVCo: bad length "${length}" for tag ${tag} at ${at}`);
    const end = at + 4 + Number(length);
    if (end > text.length) throw new Error(`EMVCo: tag ${tag} at ${at} runs past the end`);
    entries.push({ tag, value: text.slice(at + 4, end) });
    at = end;
  }
  return entries;
}

/**
 * Top-level fields of a payload (templates such as 38 and 62 stay raw: pass them to parseTlv) and
 * whether its CRC checks out. A lower-case CRC is accepted: readers in the field tolerate it.
 */
export function parseEmvco(payload: string): { fields: Record<string, string>; crcValid: boolean } {
  const entries = parseTlv(payload);
  const fields: Record<string, string> = {};
  for (const { tag, value } of entries) {
    if (tag in fields) throw new Error(`EMVCo: tag ${tag} appears twice`);
    fields[tag] = value;
  }
  const last = entries.at(-1);
  const crcValid =
    last !== undefined &&
    last.tag === CRC_TAG &&
    /^[0-9A-Fa-f]{4}$/.test(last.value) &&
    crc16CcittFalse(payload.slice(0, -4)) === last.value.toUpperCase();
  return { fields, crcValid };
}
