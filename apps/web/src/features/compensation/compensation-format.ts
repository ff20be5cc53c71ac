/** A rate in basis points as a person reads it: 1000 → '10 %', 1250 → '12.5 %', 1234 → '12.34 %'. */
export function percentOfBp(bp: number): string {
  return `${(bp / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
}

/** What a person types as a percent ('12.5', '12,5 %') as a number, or undefined when empty. */
export function percentInput(text: string): number | undefined {
  const cleaned = text.replace(/[\s%]/g, '').replace(',', '.');
  return cleaned === '' ? undefined : Number(cleaned);
}
