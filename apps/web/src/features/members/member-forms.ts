import {
  type CreateMemberBody,
  type CreateNumbersBody,
  createMemberBodySchema,
  createNumbersBodySchema,
  type Member,
  type PassMethod,
  type PassPlan,
  type RenewMemberBody,
  renewMemberBodySchema,
  type UpdateMemberBody,
  updateMemberBodySchema,
} from '@parking-hub/contracts/members';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import type { z } from 'zod';
import { cleanPlates } from './member-format';

/** A form's check: the body the server takes, or a message key per field. */
export type Checked<B, F extends string> =
  | { ok: true; body: B }
  | { ok: false; issues: Partial<Record<F, string>> };

/** '32,000' and ' 32 000 ' are 32000: people type kip with separators. Empty stays empty. */
export const cleanNumber = (text: string) => text.replace(/[,\s]/g, '');

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A price as the amount box shows it ('32,000'); empty for no price. */
export const amountText = (price: number | null) => (price === null ? '' : grouping.format(price));

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

function check<B, F extends string>(
  schema: z.ZodType<B>,
  input: unknown,
  fields: readonly F[],
): Checked<B, F> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issues: Partial<Record<F, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (fields.includes(field) && !issues[field]) issues[field] = issue.message;
  }
  return { ok: false, issues };
}

/** The price of a length for a vehicle type in the shop's plans, or null when it is not sold. */
export function planPrice(plans: readonly PassPlan[], vehicleType: string, months: number): number | null {
  return plans.find((p) => p.vehicleType === vehicleType && p.months === months)?.price ?? null;
}

// ---- a sale and a renewal -----------------------------------------------------------------

export interface SaleValues {
  months: string;
  method: PassMethod;
  amount: string;
}
export const SALE_FIELDS = ['months', 'method', 'amount'] as const;

export interface SellValues extends SaleValues {
  shopId: string;
  numberId: string;
  fullName: string;
  phone: string;
  plates: string[];
  vehicleType: VehicleType;
  note: string;
}
export const SELL_FIELDS = [
  'shopId',
  'numberId',
  'fullName',
  'phone',
  'plates',
  'vehicleType',
  'note',
  ...SALE_FIELDS,
] as const;
export type SellField = (typeof SELL_FIELDS)[number];

/** An empty amount with no price for the length: the server would refuse it, so say it here. */
function saleFields(values: SaleValues, price: number | null) {
  const amount = cleanNumber(values.amount);
  return {
    months: values.months,
    method: values.method,
    ...(amount === '' ? {} : { amount }),
    missing: amount === '' && price === null,
  };
}

/** A new member with their first pass, as `POST /v1/membership/create` takes it. */
export function checkSell(values: SellValues, price: number | null): Checked<CreateMemberBody, SellField> {
  const { missing, ...sale } = saleFields(values, price);
  const result = check(
    createMemberBodySchema,
    {
      ...(values.shopId ? { shopId: values.shopId } : {}),
      numberId: values.numberId,
      fullName: values.fullName,
      phone: blankToNull(values.phone),
      plates: cleanPlates(values.plates),
      vehicleType: values.vehicleType,
      note: blankToNull(values.note),
      ...sale,
    },
    SELL_FIELDS,
  );
  return withPrice(result, missing);
}

/** Another pass for a member, as `POST /v1/membership/renew` takes it. */
export function checkRenew(
  memberId: string,
  values: SaleValues,
  price: number | null,
): Checked<RenewMemberBody, (typeof SALE_FIELDS)[number]> {
  const { missing, ...sale } = saleFields(values, price);
  return withPrice(check(renewMemberBodySchema, { memberId, ...sale }, SALE_FIELDS), missing);
}

function withPrice<B, F extends string>(result: Checked<B, F>, missing: boolean): Checked<B, F> {
  if (!missing) return result;
  const issues: Partial<Record<string, string>> = result.ok ? {} : { ...result.issues };
  issues.amount ??= 'validation.passPriceMissing';
  return { ok: false, issues: issues as Partial<Record<F, string>> };
}

// ---- a manager's edit ---------------------------------------------------------------------

export interface EditValues {
  fullName: string;
  phone: string;
  plates: string[];
  vehicleType: VehicleType | '';
  validFrom: string;
  validUntil: string;
  suspended: boolean;
  note: string;
}
/** The edit form's fields; the body's `status` is the `suspended` switch. */
export const EDIT_FIELDS = [
  'fullName',
  'phone',
  'plates',
  'vehicleType',
  'validFrom',
  'validUntil',
  'suspended',
  'note',
] as const;
export type EditField = (typeof EDIT_FIELDS)[number];

export function editValuesOf(m: Member): EditValues {
  return {
    fullName: m.fullName,
    phone: m.phone ?? '',
    plates: m.plates,
    vehicleType: m.vehicleType ?? '',
    validFrom: m.validFrom,
    validUntil: m.validUntil,
    suspended: m.status === 'SUSPENDED',
    note: m.note ?? '',
  };
}

const samePlates = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((p, i) => p === b[i]);

/**
 * `POST /v1/membership/update` with only what changed (the server changes only the fields sent);
 * null when nothing did. The phone is compared as typed: a changed box is sent and normalised there.
 */
export function checkEdit(member: Member, values: EditValues): Checked<UpdateMemberBody, EditField> | null {
  const before = editValuesOf(member);
  const plates = cleanPlates(values.plates);
  const change: Record<string, unknown> = {};
  if (values.fullName.trim() !== before.fullName) change.fullName = values.fullName;
  if (values.phone.trim() !== before.phone) change.phone = blankToNull(values.phone);
  if (!samePlates(plates, before.plates)) change.plates = plates;
  if (values.vehicleType && values.vehicleType !== before.vehicleType)
    change.vehicleType = values.vehicleType;
  if (values.validFrom !== before.validFrom) change.validFrom = values.validFrom;
  if (values.validUntil !== before.validUntil) change.validUntil = values.validUntil;
  if (values.suspended !== before.suspended) change.status = values.suspended ? 'SUSPENDED' : 'ACTIVE';
  if (values.note.trim() !== before.note) change.note = blankToNull(values.note);
  if (Object.keys(change).length === 0) return null;
  // Dates are checked as a pair even when one of them changed.
  if (change.validFrom !== undefined || change.validUntil !== undefined) {
    change.validFrom = values.validFrom;
    change.validUntil = values.validUntil;
  }
  const result = check(updateMemberBodySchema, { id: member.id, ...change }, [...EDIT_FIELDS, 'status']);
  if (result.ok) return result;
  const { status, ...issues } = result.issues;
  return { ok: false, issues: status ? { ...issues, suspended: status } : issues };
}

// ---- card numbers -------------------------------------------------------------------------

export interface NumbersValues {
  shopId: string;
  mode: 'range' | 'one';
  number: string;
  prefix: string;
  from: string;
  to: string;
  digits: string;
}
export const NUMBERS_FIELDS = ['shopId', 'number', 'prefix', 'from', 'to', 'digits'] as const;
export type NumbersField = (typeof NUMBERS_FIELDS)[number];

const numberOrNothing = (text: string) => (cleanNumber(text) === '' ? undefined : cleanNumber(text));

/** `POST /v1/membership/number/create`: one number, or a range (the digits default to `to`'s). */
export function checkNumbers(values: NumbersValues): Checked<CreateNumbersBody, NumbersField> {
  const shop = values.shopId ? { shopId: values.shopId } : {};
  const body =
    values.mode === 'one'
      ? { ...shop, number: values.number }
      : {
          ...shop,
          prefix: values.prefix,
          from: numberOrNothing(values.from),
          to: numberOrNothing(values.to),
          digits: numberOrNothing(values.digits),
        };
  if (values.mode === 'one' && values.number.trim() === '')
    return { ok: false, issues: { number: 'validation.required' } };
  return check(createNumbersBodySchema, body, NUMBERS_FIELDS);
}
