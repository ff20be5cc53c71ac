import type { PAPER_WIDTHS } from '@parking-hub/contracts/bills';

export type Paper = (typeof PAPER_WIDTHS)[number];

/**
 * Thermal rolls print narrower than they are: a 58 mm head prints about 48 mm, an 80 mm head
 * about 72 mm. Sizes are in millimetres and points so the ticket looks the same on any printer.
 */
export interface TicketSize {
  paperMm: number;
  printMm: number;
  numberPt: number;
  textPt: number;
  smallPt: number;
  qrMm: number;
  logoMm: number;
}

export const TICKET_SIZES: Record<Paper, TicketSize> = {
  '58': { paperMm: 58, printMm: 48, numberPt: 34, textPt: 9, smallPt: 7, qrMm: 30, logoMm: 14 },
  '80': { paperMm: 80, printMm: 72, numberPt: 46, textPt: 11, smallPt: 8, qrMm: 40, logoMm: 18 },
};

const MM_PER_CSS_PX = 25.4 / 96;

export function pxToMm(px: number): number {
  return px * MM_PER_CSS_PX;
}

/**
 * The page of one ticket: as wide as the roll and as long as the ticket (measured), so the
 * printer feeds exactly one ticket and cuts there. `size: 58mm auto` is not valid CSS, hence the
 * measured length; a few millimetres more for the cutter.
 */
export function pageRule(paper: Paper, ticketHeightMm: number): string {
  const length = Math.max(40, Math.ceil(ticketHeightMm + 4));
  return `@page { size: ${TICKET_SIZES[paper].paperMm}mm ${length}mm; margin: 0; }`;
}

export const TICKET_ROOT_ID = 'ph-ticket';

/**
 * On screen the ticket is laid out off-page (so it can be measured before printing); on paper it
 * is the only thing: the app, its dialogs and toasts are all other children of <body>.
 */
export const TICKET_MEDIA_CSS = `
@media screen { #${TICKET_ROOT_ID} { position: fixed; left: -10000px; top: 0; visibility: hidden; } }
@media print {
  html, body { background: #fff !important; height: auto !important; overflow: visible !important; }
  body > *:not(#${TICKET_ROOT_ID}) { display: none !important; }
  #${TICKET_ROOT_ID} { position: static; visibility: visible; }
}`;
