import type { Company, UpdateCompanyBody } from '@parking-hub/contracts/company';
import { imageProblem } from '../../components/image-field';

/** What the form holds: every input as typed (text); `updateCompanyBodySchema` checks it on save. */
export interface CompanyFormValues {
  companyName: string;
  branch: string;
  telephone: string;
  whatsapp: string;
  email: string;
  address: string;
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

/** The longest text each input takes (the contract's limits), so the box stops there. */
export const COMPANY_MAX_LENGTH: Record<keyof CompanyFormValues, number> = {
  companyName: 150,
  branch: 150,
  telephone: 25,
  whatsapp: 40,
  email: 200,
  address: 300,
};

export function companyValues(company: Company): CompanyFormValues {
  return Object.fromEntries(
    COMPANY_FORM_FIELDS.map((f) => [f, company[f] ?? '']),
  ) as unknown as CompanyFormValues;
}

/** Not filled in yet: every save carries a name, so no name means nobody has saved the facts. */
export const isEmptyCompany = (company: Company) => !company.companyName;

/** A picture that cannot go, in the company's words (the server says the same). */
export const companyImageProblem = (file: File) =>
  imageProblem(file, { type: 'errors.imageType', tooLarge: 'errors.imageTooLarge' });
