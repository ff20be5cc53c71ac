import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import LocalParking from '@mui/icons-material/LocalParking';
import ReportProblem from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BillStatus } from '@parking-hub/contracts/bills';
import { useTranslation } from 'react-i18next';

const LOOK: Record<BillStatus, { bg: string; Icon: typeof Block }> = {
  PARKED: { bg: 'primary.main', Icon: LocalParking },
  CLOSED: { bg: 'secondary.main', Icon: CheckCircle },
  LOST: { bg: 'warning.main', Icon: ReportProblem },
  CANCELLED: { bg: 'grey.700', Icon: Block },
};

/** The status in large type on a coloured band, the first thing a customer reads. */
export function ReceiptStatus({ status, number }: { status: BillStatus; number: number }) {
  const { t } = useTranslation('receipt');
  const { bg, Icon } = LOOK[status];
  return (
    <Box sx={{ bgcolor: bg, color: '#fff', px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Icon sx={{ fontSize: 36 }} />
      <Box sx={{ minWidth: 0 }}>
        <Box component="p" sx={{ m: 0, typography: 'h6', fontWeight: 600 }} data-testid="receipt-status">
          {t(`status.${status}`)}
        </Box>
        <Typography variant="body2" sx={{ opacity: 0.9 }}>
          {t('billNumber', { number })}
        </Typography>
      </Box>
    </Box>
  );
}
