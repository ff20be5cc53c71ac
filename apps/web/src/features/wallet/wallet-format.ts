import { formatKip } from '../../lib/format';

/**
 * What a person types as an amount ('1,500,000', '1 500 000 ₭', '-20,000') as the API takes it:
 * separators and the kip sign dropped; a decimal point stays, so '1.5' is refused as not whole kip.
 */
export function kipInput(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const cleaned = text.replace(/[\s,₭]/g, '').replace(/^−/, '-');
  return cleaned === '' ? undefined : cleaned;
}

/** '+1,000 ₭' or '−1,000 ₭' (a real minus sign), as a ledger shows a movement. */
export function signedKip(amount: number): string {
  if (amount === 0) return formatKip(0);
  return `${amount > 0 ? '+' : '−'}${formatKip(Math.abs(amount))}`;
}
