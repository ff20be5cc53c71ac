import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

/** A contract's zod issues under the form's own fields (by the issue's first path segment). */
export function setIssues<T extends FieldValues>(
  issues: readonly z.core.$ZodIssue[],
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as Path<T>;
    if (fields.includes(field)) setError(field, { message: issue.message });
  }
}
