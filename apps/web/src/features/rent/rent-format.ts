import { dayText } from '@parking-hub/contracts/business-day';
import { invoiceTotals } from '@parking-hub/contracts/rent';
import { monthsFrom } from '../../lib/months';

/** 'YYYY-MM-DD' → 'dd/mm/yyyy'. */
export const showDay = dayText;

const platformDay = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' }).format(new Date());

/** Today in the platform's zone, 'YYYY-MM-DD'. */
export const today = platformDay;
/** This month in the platform's zone, 'YYYY-MM'. */
export const thisMonth = () => platformDay().slice(0, 7);
/** The month before this one: the latest month that can be invoiced. */
export const lastMonth = () => monthsFrom(thisMonth(), -2)[1] as string;

/** This month and the 35 before it, newest first (and the chosen one, if a link names an older month). */
export function monthChoices(chosen = ''): string[] {
  const months = monthsFrom(thisMonth(), -36);
  return !chosen || months.includes(chosen) ? months : [...months, chosen];
}

/** The months a run of invoices can be made for: those that are over, newest first. */
export const invoiceableMonths = () => monthsFrom(lastMonth(), -24);

/** A line's description in the reader's language (the Lao one when there is no English). */
export function lineText(line: { descriptionLo: string; descriptionEn: string }, language: string): string {
  return language === 'en' && line.descriptionEn ? line.descriptionEn : line.descriptionLo;
}

/** A day chosen on a form as the instant it was paid: noon in Vientiane; today means now (left out). */
export function paidAtOf(day: string): string | undefined {
  if (!day || day === today()) return undefined;
  return `${day}T12:00:00+07:00`;
}

/** The full address of the public invoice page (for copying into a chat). */
export const publicUrl = (path: string) => new URL(path, window.location.origin).toString();

/** A number typed on a form (thousands commas allowed); anything else counts as 0. */
const whole = (v: string) => {
  const n = Number(v.replaceAll(',', '').trim());
  return Number.isFinite(n) ? n : 0;
};

/** The total of lines being edited (quantity × unit price each, as typed): what the server will compute. */
export function totalOf(lines: ReadonlyArray<{ quantity: string; unitPrice: string }>): number {
  return invoiceTotals(lines.map((l) => ({ amount: whole(l.quantity) * whole(l.unitPrice) }))).total;
}
