import { defaultFeeRule, type FeeRule } from '@parking-hub/contracts/prices';
import { describe, expect, it } from 'vitest';
import { NO_PASSES } from './rule-form';
import { describeRule, passPhrases, rulePhrases, spanText } from './rule-text';
import { translator } from './test-i18n';

const lo = translator('lo');
const en = translator('en');

const timed: FeeRule = {
  ...defaultFeeRule(0),
  mode: 'TIMED',
  graceMinutes: 15,
  firstPeriodMinutes: 120,
  firstPeriodFee: 5000,
  nextPeriodMinutes: 60,
  nextPeriodFee: 2000,
  dailyCap: 30000,
  overnightFee: 10000,
  lostTicketFee: 50000,
};

describe('describeRule', () => {
  it('says a flat rule in one phrase', () => {
    expect(describeRule(defaultFeeRule(3000), lo)).toBe('3,000 ກີບ ຕໍ່ຄັ້ງ');
    expect(describeRule(defaultFeeRule(3000), en)).toBe('3,000 ₭ per entry');
    expect(describeRule(defaultFeeRule(0), lo)).toBe('ບໍ່ເສຍຄ່າ');
  });

  it('adds the overnight and lost-ticket fees of a flat rule', () => {
    const rule = { ...defaultFeeRule(1_500_000), overnightFee: 10000, lostTicketFee: 20000 };
    expect(describeRule(rule, lo)).toBe('1,500,000 ກີບ ຕໍ່ຄັ້ງ, ຄ້າງຄືນ 10,000 ກີບ; ບິນເສຍ 20,000 ກີບ');
  });

  it('says every setting of a timed rule in the order they apply', () => {
    expect(describeRule(timed, lo)).toBe(
      'ຟຣີ 15 ນາທີ, 2 ຊົ່ວໂມງທຳອິດ 5,000 ກີບ, ທຸກໆ 1 ຊົ່ວໂມງຕໍ່ໄປ 2,000 ກີບ, ສູງສຸດ 30,000 ກີບ/ມື້, ຄ້າງຄືນ 10,000 ກີບ; ບິນເສຍ 50,000 ກີບ',
    );
    expect(describeRule(timed, en)).toBe(
      'free for 15 min, first 2 h 5,000 ₭, each further 1 h 2,000 ₭, at most 30,000 ₭ a day, overnight 10,000 ₭; lost ticket 50,000 ₭',
    );
  });

  it('leaves out what changes nothing: no grace, no cap, no overnight, no lost-ticket fee', () => {
    const plain = { ...timed, graceMinutes: 0, dailyCap: null, overnightFee: null, lostTicketFee: 0 };
    expect(describeRule(plain, lo)).toBe('2 ຊົ່ວໂມງທຳອິດ 5,000 ກີບ, ທຸກໆ 1 ຊົ່ວໂມງຕໍ່ໄປ 2,000 ກີບ');
    expect(describeRule({ ...plain, overnightFee: 0 }, lo)).toBe(describeRule(plain, lo));
  });

  it('says when further periods cost nothing, and keeps a cap of 0', () => {
    const rule = { ...timed, graceMinutes: 0, firstPeriodFee: 0, nextPeriodFee: 0, dailyCap: 0 };
    expect(describeRule({ ...rule, overnightFee: null, lostTicketFee: 0 }, lo)).toBe(
      '2 ຊົ່ວໂມງທຳອິດ 0 ກີບ, ຫຼັງຈາກນັ້ນບໍ່ເສຍຄ່າ, ສູງສຸດ 0 ກີບ/ມື້',
    );
  });
});

describe('spanText', () => {
  it.each([
    [1, '1 ນາທີ'],
    [59, '59 ນາທີ'],
    [60, '1 ຊົ່ວໂມງ'],
    [90, '1 ຊົ່ວໂມງ 30 ນາທີ'],
    [1440, '24 ຊົ່ວໂມງ'],
  ])('%i minutes → %s', (minutes, text) => {
    expect(spanText(minutes, lo)).toBe(text);
  });
});

describe('rulePhrases', () => {
  it('keeps each phrase with its punctuation, so a line breaks only between phrases', () => {
    expect(rulePhrases(timed, lo)).toEqual([
      'ຟຣີ 15 ນາທີ,',
      '2 ຊົ່ວໂມງທຳອິດ 5,000 ກີບ,',
      'ທຸກໆ 1 ຊົ່ວໂມງຕໍ່ໄປ 2,000 ກີບ,',
      'ສູງສຸດ 30,000 ກີບ/ມື້,',
      'ຄ້າງຄືນ 10,000 ກີບ;',
      'ບິນເສຍ 50,000 ກີບ',
    ]);
    expect(rulePhrases(defaultFeeRule(3000), lo)).toEqual(['3,000 ກີບ ຕໍ່ຄັ້ງ']);
  });
});

describe('passPhrases', () => {
  it('lists the lengths sold, shortest first, with their price', () => {
    const passes = { ...NO_PASSES, pass12m: 300000, pass1m: 32000 };
    expect(passPhrases(passes, lo)).toEqual(['1 ເດືອນ 32,000 ກີບ', '12 ເດືອນ 300,000 ກີບ']);
    expect(passPhrases(passes, en)).toEqual(['1 mo. 32,000 ₭', '12 mo. 300,000 ₭']);
    expect(passPhrases(NO_PASSES, lo)).toEqual([]);
  });
});
