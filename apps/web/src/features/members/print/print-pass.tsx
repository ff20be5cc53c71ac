import type { Member, PassReceipt } from '@parking-hub/contracts/members';
import { useCallback, useState } from 'react';
import { storage } from '../../../lib/storage';
import { PrintPortal } from '../../bills/print/print-ticket';
import type { Paper } from '../../bills/print/ticket-layout';
import type { PrintInput } from '../components/use-print-input';
import { MemberCardSlip } from './member-card';
import { PassReceiptSlip } from './pass-receipt';

/** What goes to the printer: a pass receipt or a membership card, on the device's roll. */
export type PassPrintJob = { id: number; paper: Paper; timeZone: string } & (
  | { kind: 'receipt'; receipt: PassReceipt }
  | { kind: 'card'; member: Member; shopName: string }
);

/** The gate's choice of roll on this device (58 mm unless 80 was chosen there). */
const PAPER_KEY = 'gatePaper';
export const devicePaper = (): Paper => (storage.get(PAPER_KEY) === '80' ? '80' : '58');

/** A print queue of one: `print` lays the slip out and calls the browser's print. */
export function usePassPrint() {
  const [job, setJob] = useState<PassPrintJob | null>(null);
  const print: PrintInput = useCallback(
    (input, timeZone, paper = devicePaper()) => setJob({ ...input, id: Date.now(), paper, timeZone }),
    [],
  );
  const done = useCallback(() => setJob(null), []);
  return { job, print, done };
}

/** The slip of the last print job, printed as the parking ticket is (sized to the roll). */
export function PrintPass({ job, onDone }: { job: PassPrintJob; onDone: () => void }) {
  return (
    <PrintPortal job={job} paper={job.paper} onDone={onDone}>
      {job.kind === 'receipt' ? (
        <PassReceiptSlip receipt={job.receipt} paper={job.paper} timeZone={job.timeZone} />
      ) : (
        <MemberCardSlip member={job.member} shopName={job.shopName} paper={job.paper} />
      )}
    </PrintPortal>
  );
}
