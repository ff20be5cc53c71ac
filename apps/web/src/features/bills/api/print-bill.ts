import type { PrintBillBody, printResultSchema } from '@parking-hub/contracts/bills';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { useBillMutation } from './use-bill-mutation';

export type PrintResult = z.infer<typeof printResultSchema>;

/** POST /v1/bill/print: records a PRINT (the first) or a REPRINT, with the paper, before printing. */
export function recordPrint(body: Pick<PrintBillBody, 'id' | 'paper' | 'rollSerial'>) {
  return api.post<PrintResult>('/v1/bill/print', body);
}

export const useRecordPrint = () => useBillMutation(recordPrint);
