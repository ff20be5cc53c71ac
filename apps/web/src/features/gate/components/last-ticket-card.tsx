import Print from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CheckInResult } from '@parking-hub/contracts/bills';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { Paper as PaperSize } from '../../bills/print/ticket-layout';
import { MemberNotice } from './member-notice';

/**
 * The ticket just issued at this gate, what the check-in found of a member, and a reprint button
 * per paper (recorded as REPRINT).
 */
export function LastTicketCard({
  bill,
  timeZone,
  onPrint,
  printing,
}: {
  bill: CheckInResult;
  timeZone: string;
  onPrint: (paper: PaperSize) => void;
  printing: PaperSize | undefined;
}) {
  const { t } = useTranslation(['gate', 'common']);
  const vehicle = [t(`common:vehicles.${bill.vehicleType}`), bill.plate].filter(Boolean).join(' · ');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="gate-last-ticket">
      <Typography variant="body2" color="text.secondary">
        {t('last.title')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography component="p" sx={{ fontSize: 28, fontWeight: 700 }} data-testid="gate-last-number">
          #{bill.number}
        </Typography>
        <Typography>{t('last.line', { vehicle, time: formatDateTime(bill.checkInAt, timeZone) })}</Typography>
      </Box>
      {bill.member && <MemberNotice member={bill.member} />}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {(['58', '80'] as const).map((paper) => (
          <Button
            key={paper}
            variant="outlined"
            startIcon={printing === paper ? <CircularProgress size={18} /> : <Print />}
            disabled={printing !== undefined}
            onClick={() => onPrint(paper)}
            data-testid={`gate-reprint-${paper}`}
          >
            {t('last.reprint', { paper })}
          </Button>
        ))}
      </Box>
    </Paper>
  );
}
