import {
  type CreatePriceBody,
  createPriceBodySchema,
  type FeeMode,
  type FeeRule,
  feeRuleFieldsSchema,
  type UpdatePriceBody,
  updatePriceBodySchema,
} from '@parking-hub/contracts/prices';
import type { VehicleType } from '@parking-hub/contracts/vehicles';

/** The monthly pass prices kept with the rule (contracts/members PASS_PRICE_FIELDS): empty = not sold. */
export const PASS_FIELDS = ['pass1m', 'pass3m', 'pass6m', 'pass12m'] as const;
export type PassField = (typeof PASS_FIELDS)[number];
export type PassPrices = Record<PassField, number | null>;
export const NO_PASSES: PassPrices = { pass1m: null, pass3m: null, pass6m: null, pass12m: null };

/** The editor's number fields, as typed (text), in the order they are shown. */
export const RULE_FIELDS = [
  'flatFee',
  'graceMinutes',
  'firstPeriodMinutes',
  'firstPeriodFee',
  'nextPeriodMinutes',
  'nextPeriodFee',
  'dailyCap',
  'overnightFee',
  'lostTicketFee',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];

export type RuleFormValues = { mode: FeeMode } & Record<RuleField | PassField, string>;
/** Every box of the editor: the tariff's, then the pass prices. */
export type FormField = RuleField | PassField;

export const FORM_FIELDS: readonly FormField[] = [...RULE_FIELDS, ...PASS_FIELDS];

const OPTIONAL: readonly RuleField[] = ['dailyCap', 'overnightFee'];
export const MINUTE_FIELDS: readonly RuleField[] = [
  'graceMinutes',
  'firstPeriodMinutes',
  'nextPeriodMinutes',
];
const BOTH_MODES: readonly RuleField[] = ['overnightFee', 'lostTicketFee'];
const TIMED_ONLY: readonly RuleField[] = [
  'graceMinutes',
  'firstPeriodMinutes',
  'firstPeriodFee',
  'nextPeriodMinutes',
  'nextPeriodFee',
  'dailyCap',
];

export const isOptionalField = (field: RuleField) => OPTIONAL.includes(field);

/** The fields a mode shows; the others keep their values but are not asked for. */
export function visibleFields(mode: FeeMode): readonly RuleField[] {
  return mode === 'FLAT' ? ['flatFee', ...BOTH_MODES] : [...TIMED_ONLY, ...BOTH_MODES];
}

const asText = (value: number | null) => (value === null ? '' : String(value));

/** A rule as the editor shows it: numbers as text, "none" (null) as an empty box. */
export function formValuesOf(rule: FeeRule, passes: PassPrices = NO_PASSES): RuleFormValues {
  const values = { mode: rule.mode } as RuleFormValues;
  for (const field of RULE_FIELDS) values[field] = asText(rule[field]);
  for (const field of PASS_FIELDS) values[field] = asText(passes[field]);
  return values;
}

/** Which rule a save writes: a new one for a shop's vehicle type, or an existing one. */
export type RuleTarget = { shopId: string; vehicleType: VehicleType } | { id: string };
export type RuleBody = CreatePriceBody | UpdatePriceBody;

/** A field's problem: a message key of contracts/messages.ts and its placeholders. */
export interface RuleIssue {
  message: string;
  params?: Record<string, number>;
}

export type RuleCheck =
  | { ok: true; body: RuleBody; rule: FeeRule }
  | { ok: false; issues: Partial<Record<FormField, RuleIssue>> };

/** '5,000' and ' 5 000 ' are 5000: people type kip with separators. Empty stays empty. */
const cleanNumber = (text: string) => text.replace(/[,\s]/g, '');

function rawValue(field: RuleField, text: string): unknown {
  const clean = cleanNumber(text);
  if (clean === '') return isOptionalField(field) ? null : undefined;
  return clean;
}

const fieldValid = (field: RuleField, raw: unknown) =>
  feeRuleFieldsSchema.shape[field].safeParse(raw).success;

function issueOf(issue: { code: string; message: string; minimum?: unknown; maximum?: unknown }): RuleIssue {
  if (issue.code === 'too_small') return { message: issue.message, params: { min: Number(issue.minimum) } };
  if (issue.code === 'too_big') return { message: issue.message, params: { max: Number(issue.maximum) } };
  return { message: issue.message };
}

function ruleOf(body: FeeRule): FeeRule {
  const rule = { mode: body.mode } as FeeRule;
  for (const field of RULE_FIELDS) (rule as Record<RuleField, number | null>)[field] = body[field];
  return rule;
}

/**
 * The editor's values checked with the contracts' request schema (create or update), exactly as
 * the server will check them. A field the mode hides is not the user's concern: when what it holds
 * is not valid, the rule's saved value (`base`) goes instead. An empty required box is "required".
 */
export function checkRule(values: RuleFormValues, target: RuleTarget, base: FeeRule): RuleCheck {
  const shown = visibleFields(values.mode);
  const fields: Record<string, unknown> = { mode: values.mode };
  for (const field of RULE_FIELDS) {
    const raw = rawValue(field, values[field] ?? '');
    fields[field] = shown.includes(field) || fieldValid(field, raw) ? raw : base[field];
  }
  // Pass prices show in both modes; an empty box is "not sold".
  for (const field of PASS_FIELDS) fields[field] = cleanNumber(values[field] ?? '') || null;
  const parsed =
    'id' in target
      ? updatePriceBodySchema.safeParse({ ...fields, id: target.id })
      : createPriceBodySchema.safeParse({ ...fields, ...target });
  if (parsed.success) return { ok: true, body: parsed.data, rule: ruleOf(parsed.data) };
  const issues: Partial<Record<FormField, RuleIssue>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as FormField;
    if (!FORM_FIELDS.includes(field) || issues[field]) continue;
    issues[field] = fields[field] === undefined ? { message: 'validation.required' } : issueOf(issue);
  }
  return { ok: false, issues };
}

/** The first problem in the order the fields are shown (for a one-line summary). */
export function firstIssue(check: RuleCheck): { field: FormField; issue: RuleIssue } | null {
  if (check.ok) return null;
  for (const field of FORM_FIELDS) {
    const issue = check.issues[field];
    if (issue) return { field, issue };
  }
  return null;
}
