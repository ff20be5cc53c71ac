import Box from '@mui/material/Box';
import type { Bill } from '@parking-hub/contracts/bills';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { Slip, SlipQr, slipRule } from './slip';
import { type Paper, TICKET_SIZES } from './ticket-layout';
import type { TicketShop } from './use-ticket-shop';

/** One parking ticket for a thermal printer, in millimetres and points: black on white, nothing else. */
export function Ticket(props: { bill: Bill; shop: TicketShop; paper: Paper; reprint: boolean; url: string }) {
  const { t } = useTranslation(['bills', 'common']);
  const { bill, shop } = props;
  const size = TICKET_SIZES[props.paper];
  const small = { fontSize: `${size.smallPt}pt` };
  return (
    <Slip paper={props.paper} testId="ticket">
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
      <Box sx={slipRule} />
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
        <SlipQr text={props.url} sizeMm={size.qrMm} testId="ticket-qr" />
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
      <Box sx={slipRule} />
      <Box sx={small}>{t('ticket.footer')}</Box>
    </Slip>
  );
}
