import type { FeeRule } from '@parking-hub/contracts/prices';
import { LOGO_MAX_BYTES, LOGO_TYPES } from '@parking-hub/contracts/shops';

/**
 * A time as typed on a phone keypad, made 'HH:mm' when it clearly is one: "7:30", "7.30", "730"
 * and "0730" are 07:30. Anything else is left as it is, for the form's check to point at.
 */
export function normalizeTime(input: string): string {
  const m = /^(\d{1,2})[:.h]?(\d{2})$/.exec(input.trim());
  if (!m) return input.trim();
  const [hours, minutes] = [Number(m[1]), Number(m[2])];
  if (hours > 23 || minutes > 59) return input.trim();
  return `${String(hours).padStart(2, '0')}:${m[2]}`;
}

export type Hours = { allDay: true } | { allDay: false; open: string; close: string; overnight: boolean };

/** Opening hours: none set means open around the clock; a close before the open is the next day. */
export function shopHours(openShop: string | null, closeShop: string | null): Hours {
  if (!openShop || !closeShop) return { allDay: true };
  return { allDay: false, open: openShop, close: closeShop, overnight: closeShop <= openShop };
}

/** '2026-11-22' (a business date) as '22/11/2026'. */
export function formatBusinessDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : date;
}

/** One line of a price rule, as i18n key and values: flat per entry, or timed periods and cap. */
export interface RuleLine {
  key: string;
  values: Record<string, number>;
}

export function ruleLines(rule: FeeRule): RuleLine[] {
  if (rule.mode === 'FLAT') {
    const lines: RuleLine[] = [{ key: 'prices.flat', values: { amount: rule.flatFee } }];
    return [...lines, ...extras(rule)];
  }
  const lines: RuleLine[] = [];
  if (rule.graceMinutes > 0) lines.push({ key: 'prices.grace', values: { minutes: rule.graceMinutes } });
  lines.push(
    {
      key: 'prices.firstPeriod',
      values: { amount: rule.firstPeriodFee, minutes: rule.firstPeriodMinutes },
    },
    { key: 'prices.nextPeriod', values: { amount: rule.nextPeriodFee, minutes: rule.nextPeriodMinutes } },
  );
  if (rule.dailyCap !== null) lines.push({ key: 'prices.dailyCap', values: { amount: rule.dailyCap } });
  return [...lines, ...extras(rule)];
}

function extras(rule: FeeRule): RuleLine[] {
  const lines: RuleLine[] = [];
  if (rule.overnightFee) lines.push({ key: 'prices.overnight', values: { amount: rule.overnightFee } });
  if (rule.lostTicketFee > 0) lines.push({ key: 'prices.lost', values: { amount: rule.lostTicketFee } });
  return lines;
}

/**
 * Why a chosen logo file cannot be sent, as a message key of the API's own texts (the server
 * says the same), or null when it may go. The server checks the bytes again.
 */
export function logoProblem(
  file: Pick<File, 'type' | 'size'>,
): 'errors.logoType' | 'errors.logoTooLarge' | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'errors.logoType';
  if (file.size > LOGO_MAX_BYTES) return 'errors.logoTooLarge';
  return null;
}

/** A package's name in the language on screen (Lao unless English is chosen). */
export function packageName(item: { nameLo: string; nameEn: string }, language: string): string {
  return language.startsWith('en') ? item.nameEn : item.nameLo;
}
