import type { FeeRule } from '@parking-hub/contracts/prices';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { checkRule, type RuleFormValues, type RuleIssue, type RuleTarget } from './rule-form';
import { groupDigits, type Translate } from './rule-text';

/** A field's problem in words: the contracts' message with its limits filled in ('ຕ້ອງບໍ່ເກີນ 1,440'). */
export function issueText(issue: RuleIssue, t: Translate): string {
  const params = Object.fromEntries(Object.entries(issue.params ?? {}).map(([k, v]) => [k, groupDigits(v)]));
  return t(`api:${issue.message}`, { ...params, defaultValue: issue.message });
}

/** react-hook-form checks the editor with `checkRule`: the same schema, the same words as the server. */
export function ruleResolver(target: RuleTarget, base: FeeRule, t: Translate): Resolver<RuleFormValues> {
  return async (values) => {
    const check = checkRule(values, target, base);
    if (check.ok) return { values, errors: {} };
    const errors: FieldErrors<RuleFormValues> = {};
    for (const [field, issue] of Object.entries(check.issues)) {
      errors[field as keyof RuleFormValues] = { type: 'validate', message: issueText(issue, t) };
    }
    return { values: {}, errors };
  };
}
