import { dayText } from '@parking-hub/contracts/business-day';
import type { MemberStatus, NumberStatus } from '@parking-hub/contracts/members';
import { rangeNumbers } from '@parking-hub/contracts/members';

/** 'YYYY-MM-DD' → 'dd/mm/yyyy': contracts/business-day dayText. */
export const showDay = dayText;

/** A pass ending within this many days is shown amber (the reminder's default). */
export const SOON_DAYS = 7;

export type PassTone = 'ended' | 'soon' | 'ok' | 'off';

/**
 * How a member's end date is shown: red once it has passed, amber in its last week (or the
 * shop's reminder days), grey for a cancelled or suspended pass (their dates no longer count).
 */
export function passTone(status: MemberStatus, daysLeft: number, soonDays = SOON_DAYS): PassTone {
  if (status === 'CANCELLED' || status === 'SUSPENDED') return 'off';
  if (daysLeft < 0) return 'ended';
  return daysLeft <= soonDays ? 'soon' : 'ok';
}

/** The i18n key and count of "days left" text: ended N days ago, last day today, N days left. */
export function daysLeftText(daysLeft: number): { key: string; count: number } {
  if (daysLeft < 0) return { key: 'daysLeft.ended', count: -daysLeft };
  if (daysLeft === 0) return { key: 'daysLeft.lastDay', count: 0 };
  return { key: 'daysLeft.left', count: daysLeft };
}

/** What a range of card numbers makes: its first, its last and how many ("M-0001 … M-0500 (500)"). */
export function rangePreview(
  prefix: string,
  from: number,
  to: number,
  digits?: number,
): { first: string; last: string; count: number } | null {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) return null;
  const width = digits ?? String(to).length;
  const p = prefix.trim().toUpperCase();
  const [first] = rangeNumbers(p, from, from, width);
  const [last] = rangeNumbers(p, to, to, width);
  return first && last ? { first, last, count: to - from + 1 } : null;
}

/** Whether a number may be deleted (removed or retired): an assigned card is in a member's hand. */
export const deletableNumber = (status: NumberStatus) => status === 'AVAILABLE' || status === 'LOST';

/** Plates as typed into the chips: trimmed, one space between words, upper case, no repeats. */
export function cleanPlates(plates: readonly string[]): string[] {
  const out: string[] = [];
  const keys = new Set<string>();
  for (const raw of plates) {
    const plate = raw.trim().replace(/\s+/g, ' ').toUpperCase();
    const key = plate.replace(/[^\p{L}\p{N}]/gu, '');
    if (!plate || keys.has(key)) continue;
    keys.add(key);
    out.push(plate);
  }
  return out;
}
