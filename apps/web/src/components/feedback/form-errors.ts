import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api-error';
import { handleError } from './handle-response';
import { toast } from './toast-store';

/**
 * Show a failed save: a 400's per-field `messages` go under the form's own fields, any other
 * field message and every other failure (409, network, …) becomes an error toast.
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): void {
  if (!isApiError(error) || !error.messages || Object.keys(error.messages).length === 0) {
    handleError(error);
    return;
  }
  let shown = 0;
  for (const [field, message] of Object.entries(error.messages)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: shown === 0 });
      shown++;
    } else toast.error(message);
  }
  if (shown === 0) toast.error(error.message);
}
