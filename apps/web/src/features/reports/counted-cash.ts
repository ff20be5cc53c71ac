import type { CountedCash } from '@parking-hub/contracts/reports';

/** What was typed in each staff row's "cash handed in" box, by countedKey. */
export type CountedInputs = Record<string, string>;

const SEP = '|';

export const countedKey = (shopId: string, staffId: string) => `${shopId}${SEP}${staffId}`;

/** Whole kip from what was typed ('1,250,000', '1 250 000 ₭'); null for nothing typed. */
export function parseKip(text: string): number | null {
  const digits = text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, 13);
  return digits ? Number(digits) : null;
}

/** The box's text for an amount: '1,250,000', or empty. */
export function showKip(amount: number | null): string {
  return amount === null ? '' : amount.toLocaleString('en-US');
}

/** The `counted` list of the request: one entry per box with an amount in it. */
export function countedList(inputs: CountedInputs): CountedCash[] {
  return Object.entries(inputs).flatMap(([key, text]) => {
    const [shopId, staffId] = key.split(SEP);
    const amount = parseKip(text);
    return shopId && staffId && amount !== null ? [{ shopId, staffId, amount }] : [];
  });
}
