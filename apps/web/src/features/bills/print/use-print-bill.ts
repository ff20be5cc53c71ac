import { useCallback, useState } from 'react';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { useRecordPrint } from '../api/print-bill';
import type { PrintJob } from './print-ticket';
import type { Paper } from './ticket-layout';

/**
 * Print a ticket: the print is recorded first (PRINT or REPRINT, with the paper: the print
 * history), then the ticket goes to the printer. Nothing prints when it could not be recorded.
 * A screen of one bill names it here; the gate, which prints each bill it makes, names it per print,
 * with the serial of the roll in its printer when the device knows it (the ticket check).
 */
export function usePrintBill(billId?: string) {
  const record = useRecordPrint();
  const [job, setJob] = useState<PrintJob | null>(null);
  const print = async (paper: Paper, id = billId, rollSerial?: number) => {
    if (!id) return;
    try {
      const envelope = await record.mutateAsync({
        id,
        paper,
        ...(rollSerial === undefined ? {} : { rollSerial }),
      });
      handleResponse(envelope);
      const data = envelope.data;
      if (data) setJob({ id: Date.now(), bill: data.bill, paper, reprint: data.print.kind === 'REPRINT' });
    } catch (error) {
      handleError(error);
    }
  };
  const done = useCallback(() => setJob(null), []);
  return { print, job, done, busy: record.isPending ? record.variables?.paper : undefined };
}
