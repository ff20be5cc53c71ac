import type { CheckInResult, CreateBillBody } from '@parking-hub/contracts/bills';
import type { VehicleType } from '@parking-hub/contracts/vehicles';
import { useRef, useState } from 'react';
import { isRetryable } from '../../lib/api-error';
import { newRandomId } from '../../lib/random-id';
import { useCreateBill } from './api/create-bill';

export interface CheckInRequest {
  body: CreateBillBody & { requestId: string };
  /** The last try failed without an answer (or with a server error): the user may send it again. */
  error: unknown;
}

/**
 * A check-in tap and its retries. Each tap gets a request id of its own; a retry sends the same
 * body with the same id, so a check-in whose answer was lost is not made twice. While a request
 * is on its way (or failed and not yet retried or dropped) no new one starts: a double tap makes
 * one bill.
 */
export function useCheckIn(onDone: (bill: CheckInResult) => void, onRefused: (error: unknown) => void) {
  const create = useCreateBill();
  const [failed, setFailed] = useState<CheckInRequest | null>(null);
  const busy = useRef(false);

  const send = async (body: CheckInRequest['body']) => {
    if (busy.current) return;
    busy.current = true;
    setFailed(null);
    try {
      const envelope = await create.mutateAsync(body);
      if (envelope.data) onDone(envelope.data);
    } catch (error) {
      // No answer, or the server failed: the bill may or may not exist; only the same id may go again.
      if (isRetryable(error)) setFailed({ body, error });
      else onRefused(error);
    } finally {
      busy.current = false;
    }
  };

  return {
    start(vehicleType: VehicleType, fields: Omit<CreateBillBody, 'vehicleType'>) {
      if (failed) return;
      void send({ ...fields, vehicleType, requestId: newRandomId() });
    },
    retry() {
      if (failed) void send(failed.body);
    },
    drop() {
      setFailed(null);
    },
    pending: create.isPending ? (create.variables?.vehicleType ?? null) : null,
    failed,
  };
}
