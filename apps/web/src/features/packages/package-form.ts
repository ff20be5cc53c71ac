import {
  createFeeBodySchema,
  createPackageBodySchema,
  type Fee,
  type Package,
} from '@parking-hub/contracts/packages';
import { z } from 'zod';

/** A number as typed: "150,000", "150 000 ₭" are 150000; an empty box stays empty (the schema decides). */
export const typedNumber = (v: unknown) => {
  if (typeof v !== 'string') return v;
  const digits = v.replace(/[\s,₭]/g, '');
  return digits === '' ? undefined : digits;
};
/** An allowance box: empty means no limit (null). */
const typedAllowance = (v: unknown) => typedNumber(v) ?? null;

export interface PackageFormValues {
  nameLo: string;
  nameEn: string;
  monthlyPrice: string;
  ticketsIncluded: string;
  extraTicketPrice: string;
  usersAllowed: string;
  branchesAllowed: string;
  active: boolean;
}

export const PACKAGE_FORM_FIELDS = [
  'nameLo',
  'nameEn',
  'monthlyPrice',
  'ticketsIncluded',
  'extraTicketPrice',
  'usersAllowed',
  'branchesAllowed',
  'active',
] as const;

const shape = createPackageBodySchema.shape;

/** The contracts' schema, read from what the boxes hold (thousands separators, empty = no limit). */
export const packageFormSchema = z.object({
  nameLo: shape.nameLo,
  nameEn: shape.nameEn,
  monthlyPrice: z.preprocess(typedNumber, shape.monthlyPrice),
  ticketsIncluded: z.preprocess(typedNumber, shape.ticketsIncluded),
  extraTicketPrice: z.preprocess(typedNumber, shape.extraTicketPrice),
  usersAllowed: z.preprocess(typedAllowance, shape.usersAllowed),
  branchesAllowed: z.preprocess(typedAllowance, shape.branchesAllowed),
  active: z.boolean(),
});
export type PackageFormOutput = z.output<typeof packageFormSchema>;

export function packageValues(pkg: Package | null): PackageFormValues {
  const text = (n: number | null | undefined) => (n == null ? '' : String(n));
  return {
    nameLo: pkg?.nameLo ?? '',
    nameEn: pkg?.nameEn ?? '',
    monthlyPrice: text(pkg?.monthlyPrice),
    ticketsIncluded: text(pkg?.ticketsIncluded),
    extraTicketPrice: text(pkg?.extraTicketPrice),
    usersAllowed: text(pkg?.usersAllowed),
    branchesAllowed: text(pkg?.branchesAllowed),
    active: pkg?.active ?? true,
  };
}

export interface FeeFormValues {
  code: string;
  nameLo: string;
  nameEn: string;
  amount: string;
  active: boolean;
}

export const FEE_FORM_FIELDS = ['code', 'nameLo', 'nameEn', 'amount', 'active'] as const;

const feeShape = createFeeBodySchema.shape;

/** The code is checked only for a new fee (it never changes afterwards). */
export const feeFormSchema = (isNew: boolean) =>
  z.object({
    code: isNew ? feeShape.code : z.string(),
    nameLo: feeShape.nameLo,
    nameEn: feeShape.nameEn,
    amount: z.preprocess(typedNumber, feeShape.amount),
    active: z.boolean(),
  });
export type FeeFormOutput = z.output<ReturnType<typeof feeFormSchema>>;

export function feeValues(fee: Fee | null): FeeFormValues {
  return {
    code: fee?.code ?? '',
    nameLo: fee?.nameLo ?? '',
    nameEn: fee?.nameEn ?? '',
    amount: fee ? String(fee.amount) : '',
    active: fee?.active ?? true,
  };
}

/** The name in the language on screen (Lao unless English is chosen). */
export const localName = (item: { nameLo: string; nameEn: string }, language: string) =>
  language.startsWith('en') ? item.nameEn : item.nameLo;
