import { defaultFeeRule } from '@parking-hub/contracts/prices';
import { describe, expect, it } from 'vitest';
import { formValuesOf } from './rule-form';
import { issueText, ruleResolver } from './rule-messages';
import { translator } from './test-i18n';

const lo = translator('lo');
const base = defaultFeeRule(3000);
const target = { id: '0d4e5f60-7182-4a3b-9c4d-5e6f708192a3' };
const resolve = (change: Record<string, string>) =>
  ruleResolver(target, base, lo)({ ...formValuesOf(base), ...change }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('issueText', () => {
  it('fills the limits in, with thousands separators', () => {
    expect(issueText({ message: 'validation.tooBig', params: { max: 10_000_000 } }, lo)).toBe(
      'ຕ້ອງບໍ່ເກີນ 10,000,000',
    );
    expect(issueText({ message: 'validation.tooSmall', params: { min: 1 } }, lo)).toBe('ຕ້ອງບໍ່ໜ້ອຍກວ່າ 1');
    expect(issueText({ message: 'validation.required' }, lo)).toBe('ກະລຸນາປ້ອນຂໍ້ມູນ');
  });

  it('shows a message that is not a key as it is', () => {
    expect(issueText({ message: 'ບໍ່ຖືກ' }, lo)).toBe('ບໍ່ຖືກ');
  });
});

describe('ruleResolver', () => {
  it('passes valid values through', async () => {
    expect((await resolve({ flatFee: '4000' })).errors).toEqual({});
  });

  it('puts the Lao message under each field that is wrong', async () => {
    const { errors, values } = await resolve({ flatFee: '-1', lostTicketFee: '' });
    expect(values).toEqual({});
    expect(errors).toEqual({
      flatFee: { type: 'validate', message: 'ຈຳນວນເງິນຕ້ອງເປັນຈຳນວນເຕັມກີບ ບໍ່ຕິດລົບ' },
      lostTicketFee: { type: 'validate', message: 'ກະລຸນາປ້ອນຂໍ້ມູນ' },
    });
  });
});
