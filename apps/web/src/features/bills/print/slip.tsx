import Box from '@mui/material/Box';
import { type ReactNode, useMemo } from 'react';
import { FONT_FAMILY } from '../../../app/theme';
import { qrShape } from './qr-path';
import { type Paper, TICKET_SIZES } from './ticket-layout';

const QUIET = 2;

/** A dashed line across a slip. */
export const slipRule = { borderTop: '0.3mm dashed #000', my: '2mm' } as const;

/**
 * A thermal-roll slip (the parking ticket, a pass receipt, a membership card): millimetres and
 * points so it looks the same on any printer, black on white, centred.
 */
export function Slip({ paper, testId, children }: { paper: Paper; testId: string; children: ReactNode }) {
  const size = TICKET_SIZES[paper];
  return (
    <Box
      data-testid={testId}
      data-paper={paper}
      sx={{
        width: `${size.paperMm}mm`,
        px: `${(size.paperMm - size.printMm) / 2}mm`,
        py: '3mm',
        boxSizing: 'border-box',
        color: '#000',
        bgcolor: '#fff',
        fontFamily: FONT_FAMILY,
        fontSize: `${size.textPt}pt`,
        lineHeight: 1.35,
        textAlign: 'center',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  );
}

/** A text as a QR code in vectors, made in the browser (crisp at any print resolution). */
export function SlipQr({ text, sizeMm, testId }: { text: string; sizeMm: number; testId: string }) {
  const { size, path } = useMemo(() => qrShape(text), [text]);
  const box = size + QUIET * 2;
  return (
    <svg
      viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`}
      width={`${sizeMm}mm`}
      height={`${sizeMm}mm`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={text}
      data-testid={testId}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
