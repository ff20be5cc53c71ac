import type { Company, UpdateCompanyBody } from '@parking-hub/contracts/company';
import { updateCompanyBodySchema } from '@parking-hub/contracts/company';
import { qrReceiverSchema } from '@parking-hub/contracts/shops';
import { z } from 'zod';
import { imageProblem } from '../../components/image-field';

/** The Lao QR receiver's five boxes, in the order the form shows them. */
export const COMPANY_QR_FIELDS = ['iin', 'receiverId', 'merchantName', 'merchantCity', 'mcc'] as const;
export type CompanyQrField = (typeof COMPANY_QR_FIELDS)[number];
export type CompanyQrValues = Record<CompanyQrField, string>;

/** What the form holds: every input as typed (text); `updateCompanyBodySchema` checks it on save. */
export interface CompanyFormValues {
  companyName: string;
  branch: string;
  telephone: string;
  whatsapp: string;
  email: string;
  address: string;
  /** Where rent paid by Lao QR goes (the public invoice's QR): five boxes, all or none. */
  qrReceiver: CompanyQrValues;
}

/** Fields the server's messages may name, so a 400 lands under the input it is about. */
export const COMPANY_FORM_FIELDS = [
  'companyName',
  'branch',
  'telephone',
  'whatsapp',
  'email',
  'address',
] as const satisfies readonly (keyof CompanyFormValues & keyof UpdateCompanyBody)[];

/** Every input a server message may name: the facts and each box of the QR receiver. */
export const COMPANY_ERROR_FIELDS = [
  ...COMPANY_FORM_FIELDS,
  ...COMPANY_QR_FIELDS.map((f) => `qrReceiver.${f}` as const),
] as const;

/** The longest value of each QR box (the contract's rules). */
export const COMPANY_QR_MAX_LENGTH: Record<CompanyQrField, number> = {
  iin: 8,
  receiverId: 32,
  merchantName: 25,
  merchantCity: 15,
  mcc: 4,
};

const NO_QR: CompanyQrValues = { iin: '', receiverId: '', merchantName: '', merchantCity: '', mcc: '' };

export const isCompanyQrEmpty = (qr: CompanyQrValues) => COMPANY_QR_FIELDS.every((f) => !qr[f].trim());

/**
 * The contract's body, with the QR boxes read as the form holds them: five empty boxes are
 * "no receiver" (null, which removes a saved one); anything else is checked as a whole.
 */
export const companyFormSchema = updateCompanyBodySchema.safeExtend({
  qrReceiver: z.preprocess(
    (v: CompanyQrValues | null | undefined) => (v && isCompanyQrEmpty(v) ? null : v),
    qrReceiverSchema.nullable().optional(),
  ),
});

/** The longest text each input takes (the contract's limits), so the box stops there. */
export type CompanyFactField = (typeof COMPANY_FORM_FIELDS)[number];

export const COMPANY_MAX_LENGTH: Record<CompanyFactField, number> = {
  companyName: 150,
  branch: 150,
  telephone: 25,
  whatsapp: 40,
  email: 200,
  address: 300,
};

export function companyValues(company: Company): CompanyFormValues {
  const facts = Object.fromEntries(COMPANY_FORM_FIELDS.map((f) => [f, company[f] ?? '']));
  const qrReceiver = company.qrReceiver ? { ...company.qrReceiver } : { ...NO_QR };
  return { ...facts, qrReceiver } as CompanyFormValues;
}

/** Not filled in yet: every save carries a name, so no name means nobody has saved the facts. */
export const isEmptyCompany = (company: Company) => !company.companyName;

/** A picture that cannot go, in the company's words (the server says the same). */
export const companyImageProblem = (file: File) =>
  imageProblem(file, { type: 'errors.imageType', tooLarge: 'errors.imageTooLarge' });
