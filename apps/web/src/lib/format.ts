/** Display formats of GLOSSARY-lo.md: dd/mm/yyyy HH:mm (24 h) in the shop's zone; whole kip. */
export const DEFAULT_TIME_ZONE = 'Asia/Vientiane';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' as const } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** '22/11/2026 14:05'; an empty string for no date. */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone = DEFAULT_TIME_ZONE,
): string {
  if (!value) return '';
  return dateTimeFormat(timeZone, true).format(new Date(value)).replace(',', '');
}

/** '22/11/2026'. */
export function formatDate(value: string | Date | null | undefined, timeZone = DEFAULT_TIME_ZONE): string {
  if (!value) return '';
  return dateTimeFormat(timeZone, false).format(new Date(value));
}

const kip = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '1,234,567 ₭' */
export function formatKip(amount: number): string {
  return `${kip.format(Math.round(amount))} ₭`;
}

/** A stay's length in whole minutes as i18n parts: { key: 'duration.hours', h, m } etc. */
export function durationParts(minutes: number): { key: string; d: number; h: number; m: number } {
  const total = Math.max(0, Math.floor(minutes));
  const d = Math.floor(total / 1440);
  const h = Math.floor((total % 1440) / 60);
  const m = total % 60;
  const key = d > 0 ? 'duration.days' : h > 0 ? 'duration.hours' : 'duration.minutes';
  return { key, d, h, m };
}
