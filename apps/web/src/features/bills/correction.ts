import { type Bill, updateBillBodySchema } from '@parking-hub/contracts/bills';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import type { UpdateBillInput } from './api/update-bill';

export interface CorrectionValues {
  plate: string;
  vehicleType: VehicleType;
  reason: string;
}

/** Plates compare as the server stores them: spaces folded, upper case. */
const plateKey = (plate: string | null) => (plate ?? '').trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * The `CORRECT` body with only what changed (the server refuses a correction that changes
 * nothing), checked by the contract's schema; or the field messages to show.
 */
export function correctionBody(
  bill: Pick<Bill, 'id' | 'plate' | 'vehicleType'>,
  values: CorrectionValues,
): { body: UpdateBillInput } | { errors: Record<string, string> } {
  const body: UpdateBillInput = {
    action: 'CORRECT',
    id: bill.id,
    ...(plateKey(values.plate) !== plateKey(bill.plate) ? { plate: values.plate } : {}),
    ...(values.vehicleType !== bill.vehicleType ? { vehicleType: values.vehicleType } : {}),
    reason: values.reason,
  };
  const parsed = updateBillBodySchema.safeParse(body);
  if (parsed.success) return { body };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'plate')] ??= issue.message;
  return { errors };
}
