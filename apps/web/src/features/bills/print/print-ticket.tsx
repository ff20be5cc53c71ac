import type { Bill } from '@parking-hub/contracts/bills';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Ticket } from './ticket';
import { type Paper, pageRule, pxToMm, TICKET_MEDIA_CSS, TICKET_ROOT_ID } from './ticket-layout';
import type { TicketShop } from './use-ticket-shop';

export interface PrintJob {
  /** A new job (even of the same bill and paper) prints again. */
  id: number;
  bill: Bill;
  paper: Paper;
  reprint: boolean;
}

const IMAGE_WAIT_MS = 3_000;

/** The logo must be on the page before the printer takes it; a broken or slow one is not waited for. */
function imagesLoaded(root: HTMLElement): Promise<unknown> {
  const loads = [...root.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined));
  const timeout = new Promise((resolve) => setTimeout(resolve, IMAGE_WAIT_MS));
  return Promise.race([Promise.all(loads), timeout]);
}

export function receiptUrl(reference: string): string {
  return `${window.location.origin}/bill/${encodeURIComponent(reference)}`;
}

/**
 * A slip as the only child of <body> that paper shows: the page is sized to the roll and the
 * slip (measured once laid out, logo and fonts loaded), then the browser's print runs. A new `job`
 * (even of the same slip) prints again; `onDone` runs after the print dialog closes.
 */
export function PrintPortal({
  job,
  paper,
  onDone,
  children,
}: {
  job: unknown;
  paper: Paper;
  onDone: () => void;
  children: ReactNode;
}) {
  const [host] = useState(() => {
    const el = document.createElement('div');
    el.id = TICKET_ROOT_ID;
    return el;
  });
  // The page size is known only once the slip is laid out: written straight into this sheet.
  const pageStyle = useRef<HTMLStyleElement>(null);

  useEffect(() => {
    document.body.appendChild(host);
    return () => host.remove();
  }, [host]);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await imagesLoaded(host);
      await document.fonts?.ready;
      if (cancelled || !pageStyle.current || !job) return;
      pageStyle.current.textContent = pageRule(paper, pxToMm(host.getBoundingClientRect().height));
      // Gone once printed: a later Ctrl+P prints the screen, never an unrecorded copy of the slip.
      window.addEventListener('afterprint', onDone, { once: true });
      window.print();
    })();
    return () => {
      cancelled = true;
      window.removeEventListener('afterprint', onDone);
    };
  }, [host, job, paper, onDone]);

  return createPortal(
    <>
      <style>{TICKET_MEDIA_CSS}</style>
      <style ref={pageStyle} />
      {children}
    </>,
    host,
  );
}

/** The ticket of the last print job, printed on its roll. */
export function PrintTicket({ job, shop, onDone }: { job: PrintJob; shop: TicketShop; onDone: () => void }) {
  return (
    <PrintPortal job={job} paper={job.paper} onDone={onDone}>
      <Ticket
        bill={job.bill}
        shop={shop}
        paper={job.paper}
        reprint={job.reprint}
        url={receiptUrl(job.bill.reference)}
      />
    </PrintPortal>
  );
}
