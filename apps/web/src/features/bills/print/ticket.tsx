import Box from '@mui/material/Box';
import type { Bill } from '@parking-hub/contracts/bills';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_FAMILY } from '../../../app/theme';
import { formatDateTime } from '../../../lib/format';
import { qrShape } from './qr-path';
import { type Paper, TICKET_SIZES } from './ticket-layout';
import type { TicketShop } from './use-ticket-shop';

const QUIET = 2;
const rule = { borderTop: '0.3mm dashed #000', my: '2mm' } as const;

/** The receipt URL as a QR code: the customer scans it for the e-receipt, the staff scanner reads it back. */
function TicketQr({ url, sizeMm }: { url: string; sizeMm: number }) {
  const { size, path } = useMemo(() => qrShape(url), [url]);
  const box = size + QUIET * 2;
  return (
    <svg
      viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`}
      width={`${sizeMm}mm`}
      height={`${sizeMm}mm`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={url}
      data-testid="ticket-qr"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}

/** One parking ticket for a thermal printer, in millimetres and points: black on white, nothing else. */
export function Ticket(props: { bill: Bill; shop: TicketShop; paper: Paper; reprint: boolean; url: string }) {
  const { t } = useTranslation(['bills', 'common']);
  const { bill, shop } = props;
  const size = TICKET_SIZES[props.paper];
  const small = { fontSize: `${size.smallPt}pt` };
  return (
    <Box
      data-testid="ticket"
      data-paper={props.paper}
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
      {shop.logoPath && (
        <Box
          component="img"
          src={shop.logoPath}
          alt=""
          sx={{
            maxHeight: `${size.logoMm}mm`,
            maxWidth: '60%',
            filter: 'grayscale(1)',
            display: 'block',
            mx: 'auto',
            mb: '1mm',
          }}
        />
      )}
      <Box sx={{ fontWeight: 600, fontSize: `${size.textPt + 3}pt` }}>{shop.name}</Box>
      {shop.address && <Box sx={small}>{shop.address}</Box>}
      {shop.phone && <Box sx={small}>{shop.phone}</Box>}
      <Box sx={rule} />
      <Box sx={small}>{t('ticket.number')}</Box>
      <Box
        sx={{ fontSize: `${size.numberPt}pt`, fontWeight: 600, lineHeight: 1.05 }}
        data-testid="ticket-number"
      >
        {bill.number}
      </Box>
      {props.reprint && (
        <Box sx={{ ...small, border: '0.3mm solid #000', display: 'inline-block', px: '2mm', my: '1mm' }}>
          {t('ticket.reprint')}
        </Box>
      )}
      <Box sx={{ fontWeight: 600, fontSize: `${size.textPt + 2}pt` }}>
        {t(`common:vehicles.${bill.vehicleType}`)}
        {bill.plate && ` · ${bill.plate}`}
      </Box>
      <Box>
        {t('ticket.checkIn')}: {formatDateTime(bill.checkInAt, shop.timezone)}
      </Box>
      <Box sx={{ mt: '2mm', lineHeight: 0 }}>
        <TicketQr url={props.url} sizeMm={size.qrMm} />
      </Box>
      <Box sx={{ fontFamily: 'monospace', fontSize: `${size.textPt}pt`, letterSpacing: '0.3mm' }}>
        {bill.reference}
      </Box>
      <Box sx={small}>{t('ticket.scan')}</Box>
      {shop.conditions && (
        <Box
          sx={{ ...small, textAlign: 'left', whiteSpace: 'pre-line', mt: '2mm' }}
          data-testid="ticket-conditions"
        >
          {shop.conditions}
        </Box>
      )}
      <Box sx={rule} />
      <Box sx={small}>{t('ticket.footer')}</Box>
    </Box>
  );
}
