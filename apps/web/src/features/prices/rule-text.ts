import { PASS_MONTHS, PASS_PRICE_FIELDS } from '@parking-hub/contracts/members';
import type { FeeRule } from '@parking-hub/contracts/prices';
import type { PassPrices } from './rule-form';

/** i18next's `t`, narrowed to what these helpers use (a test passes its own instance's). */
export type Translate = (key: string, options: Record<string, unknown>) => string;

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '5,000': whole kip with thousands separators (GLOSSARY-lo.md), the unit added by the text. */
export const groupDigits = (n: number) => grouping.format(Math.round(n));

/** A length of time in words: '15 ນາທີ', '2 ຊົ່ວໂມງ', '1 ຊົ່ວໂມງ 30 ນາທີ'. */
export function spanText(minutes: number, t: Translate): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('prices:span.minutes', { m });
  return m === 0 ? t('prices:span.hours', { h }) : t('prices:span.hoursMinutes', { h, m });
}

/**
 * A rule as a cashier would say it, phrase by phrase with their punctuation, e.g. ['3,000 ກີບ ຕໍ່ຄັ້ງ']
 * or ['ຟຣີ 15 ນາທີ,', '2 ຊົ່ວໂມງທຳອິດ 5,000 ກີບ,', 'ທຸກໆ 1 ຊົ່ວໂມງຕໍ່ໄປ 2,000 ກີບ,',
 * 'ສູງສຸດ 30,000 ກີບ/ມື້,', 'ຄ້າງຄືນ 10,000 ກີບ;', 'ບິນເສຍ 50,000 ກີບ']. Settings that change nothing
 * (no grace, no cap, no overnight or lost-ticket fee) are left out.
 */
export function rulePhrases(rule: FeeRule, t: Translate): string[] {
  const kip = (amount: number) => t('prices:text.kip', { amount: groupDigits(amount) });
  const stay: string[] = [];
  if (rule.mode === 'FLAT') {
    stay.push(
      rule.flatFee === 0
        ? t('prices:text.flatFree', {})
        : t('prices:text.flat', { amount: kip(rule.flatFee) }),
    );
  } else {
    if (rule.graceMinutes > 0) stay.push(t('prices:text.grace', { span: spanText(rule.graceMinutes, t) }));
    stay.push(
      t('prices:text.first', {
        span: spanText(rule.firstPeriodMinutes, t),
        amount: kip(rule.firstPeriodFee),
      }),
    );
    stay.push(
      rule.nextPeriodFee === 0
        ? t('prices:text.nextFree', {})
        : t('prices:text.next', {
            span: spanText(rule.nextPeriodMinutes, t),
            amount: kip(rule.nextPeriodFee),
          }),
    );
    if (rule.dailyCap !== null) stay.push(t('prices:text.cap', { amount: kip(rule.dailyCap) }));
  }
  if (rule.overnightFee) stay.push(t('prices:text.overnight', { amount: kip(rule.overnightFee) }));
  const phrases = stay.map((phrase, i) => (i < stay.length - 1 ? `${phrase},` : phrase));
  if (rule.lostTicketFee === 0) return phrases;
  return [
    ...phrases.slice(0, -1),
    `${phrases.at(-1)};`,
    t('prices:text.lost', { amount: kip(rule.lostTicketFee) }),
  ];
}

/** The phrases as one sentence: 'ຟຣີ 15 ນາທີ, 2 ຊົ່ວໂມງທຳອິດ 5,000 ກີບ, …; ບິນເສຍ 50,000 ກີບ'. */
export function describeRule(rule: FeeRule, t: Translate): string {
  return rulePhrases(rule, t).join(' ');
}

/** The monthly passes a rule sells, shortest first: ['1 ເດືອນ 32,000 ກີບ', '3 ເດືອນ 90,000 ກີບ']. */
export function passPhrases(passes: PassPrices, t: Translate): string[] {
  return PASS_MONTHS.flatMap((months) => {
    const price = passes[PASS_PRICE_FIELDS[months]];
    return price === null
      ? []
      : [t('prices:text.pass', { months, amount: t('prices:text.kip', { amount: groupDigits(price) }) })];
  });
}
