import type { Bill } from '@parking-hub/contracts/bills';
import { useEffect, useRef, useState } from 'react';
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
 * The ticket of the last print job, as the only child of <body> that paper shows; the page is
 * sized to the roll and the ticket, then the browser's print runs.
 */
export function PrintTicket({ job, shop, onDone }: { job: PrintJob; shop: TicketShop; onDone: () => void }) {
  const [host] = useState(() => {
    const el = document.createElement('div');
    el.id = TICKET_ROOT_ID;
    return el;
  });
  // The page size is known only once the ticket is laid out: written straight into this sheet.
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
      if (cancelled || !pageStyle.current) return;
      pageStyle.current.textContent = pageRule(job.paper, pxToMm(host.getBoundingClientRect().height));
      // Gone once printed: a later Ctrl+P prints the screen, never an unrecorded copy of the ticket.
      window.addEventListener('afterprint', onDone, { once: true });
      window.print();
    })();
    return () => {
      cancelled = true;
      window.removeEventListener('afterprint', onDone);
    };
  }, [host, job, onDone]);

  return createPortal(
    <>
      <style>{TICKET_MEDIA_CSS}</style>
      <style ref={pageStyle} />
      <Ticket
        bill={job.bill}
        shop={shop}
        paper={job.paper}
        reprint={job.reprint}
        url={receiptUrl(job.bill.reference)}
      />
    </>,
    host,
  );
}
