import { handleError } from '../../../components/feedback/handle-response';
import { toast } from '../../../components/feedback/toast-store';
import { isApiError } from '../../../lib/api-error';

/**
 * A failed save of a form kept in plain state: a 400's messages for its own fields come back to
 * be shown under them; every other failure (a 409's Lao message, the network) is an error toast.
 */
export function fieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  if (!isApiError(error) || !error.messages || Object.keys(error.messages).length === 0) {
    handleError(error);
    return {};
  }
  const out: Partial<Record<F, string>> = {};
  for (const [field, message] of Object.entries(error.messages)) {
    if ((fields as readonly string[]).includes(field)) out[field as F] = message;
    else toast.error(message);
  }
  if (Object.keys(out).length === 0) toast.error(error.message);
  return out;
}
