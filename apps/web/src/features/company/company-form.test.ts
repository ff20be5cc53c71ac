import type { Company } from '@parking-hub/contracts/company';
import { updateCompanyBodySchema } from '@parking-hub/contracts/company';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_FORM_FIELDS,
  companyFormSchema,
  companyImageProblem,
  companyValues,
  isEmptyCompany,
} from './company-form';

const EMPTY: Company = {
  companyName: null,
  branch: null,
  logoPath: null,
  telephone: null,
  whatsapp: null,
  email: null,
  address: null,
  qrImagePath: null,
  qrReceiver: null,
  createdAt: null,
  updatedAt: null,
};

describe('company form', () => {
  it('starts from the saved profile, empty boxes for nulls', () => {
    expect(companyValues(EMPTY)).toEqual({
      companyName: '',
      branch: '',
      telephone: '',
      whatsapp: '',
      email: '',
      address: '',
      qrReceiver: { iin: '', receiverId: '', merchantName: '', merchantCity: '', mcc: '' },
    });
    const saved = { ...EMPTY, companyName: 'ບໍລິສັດ', whatsapp: '+8562055551234' };
    expect(companyValues(saved)).toMatchObject({ companyName: 'ບໍລິສັດ', whatsapp: '+8562055551234' });
    expect([isEmptyCompany(EMPTY), isEmptyCompany(saved)]).toEqual([true, false]);
  });

  it('sends what the contract reads: empty boxes as null, WhatsApp in E.164', () => {
    const body = companyFormSchema.parse({
      ...companyValues(EMPTY),
      companyName: ' ບໍລິສັດ ',
      whatsapp: '020 5555 1234',
    });
    expect(body).toEqual({
      companyName: 'ບໍລິສັດ',
      branch: null,
      telephone: null,
      whatsapp: '+8562055551234',
      email: null,
      address: null,
      qrReceiver: null,
    });
    expect(Object.keys(body).sort()).toEqual([...COMPANY_FORM_FIELDS, 'qrReceiver'].sort());
    // What the form sends, the contract takes as it is.
    expect(updateCompanyBodySchema.parse(body)).toEqual(body);
  });

  it('reads the Lao QR receiver as all or nothing: empty boxes remove it, a partial one is refused box by box', () => {
    const receiver = {
      iin: '27710418',
      receiverId: 'PHUB0001',
      merchantName: 'PARKING HUB',
      merchantCity: 'VIENTIANE',
      mcc: '7523',
    };
    const withQr = { ...EMPTY, companyName: 'ບໍລິສັດ', qrReceiver: receiver };
    expect(companyValues(withQr).qrReceiver).toEqual(receiver);
    const base = companyValues(withQr);
    expect(companyFormSchema.parse(base).qrReceiver).toEqual(receiver);
    const emptied = {
      ...base,
      qrReceiver: { iin: ' ', receiverId: '', merchantName: '', merchantCity: '', mcc: '' },
    };
    expect(companyFormSchema.parse(emptied).qrReceiver).toBeNull();
    const partial = companyFormSchema.safeParse({
      ...base,
      qrReceiver: { ...receiver, iin: '123', mcc: '' },
    });
    expect(partial.success).toBe(false);
    const paths = partial.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['qrReceiver.iin', 'validation.qrIin'],
        ['qrReceiver.mcc', 'validation.qrMcc'],
      ]),
    );
  });

  it('refuses a picture the server would refuse, in the company’s words', () => {
    const file = (type: string, size: number) => ({ type, size }) as File;
    expect(companyImageProblem(file('image/png', 1024 * 1024))).toBeNull();
    expect(companyImageProblem(file('image/webp', 10))).toBeNull();
    expect(companyImageProblem(file('image/gif', 10))).toBe('errors.imageType');
    expect(companyImageProblem(file('image/jpeg', 1024 * 1024 + 1))).toBe('errors.imageTooLarge');
  });
});
