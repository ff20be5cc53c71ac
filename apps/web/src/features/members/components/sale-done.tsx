import CheckCircle from '@mui/icons-material/CheckCircle';
import Print from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import type { PassReceipt } from '@parking-hub/contracts/members';
import { useTranslation } from 'react-i18next';
import { Fact, Facts } from '../../../components/facts';
import { formatKip } from '../../../lib/format';
import { showDay } from '../member-format';
import type { PrintInput } from './use-print-input';

/**
 * A pass sold or renewed: what it bought (the receipt went to the printer already), a reprint on
 * either roll, and the card to print for a new member.
 */
export function SaleDone({
  receipt,
  timeZone,
  print,
  onClose,
}: {
  receipt: PassReceipt;
  timeZone: string;
  print: PrintInput;
  onClose: () => void;
}) {
  const { t } = useTranslation('members');
  const { member, payment } = receipt;
  return (
    <>
      <DialogContent data-testid="sale-done">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
          <CheckCircle color="success" />
          <Typography sx={{ fontWeight: 600 }}>{t(`done.${payment.kind}`)}</Typography>
        </Box>
        <Facts columns={{ xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }}>
          <Fact label={t('fields.number')} strong testId="done-number">
            {member.number}
          </Fact>
          <Fact label={t('fields.fullName')}>{member.fullName}</Fact>
          <Fact label={t('fields.plates')}>{member.plates.join(', ')}</Fact>
          <Fact label={t('fields.period')}>
            {showDay(payment.periodFrom)} – {showDay(payment.periodUntil)}
          </Fact>
          <Fact label={t('fields.validUntil')} strong testId="done-until">
            {showDay(member.validUntil)}
          </Fact>
          <Fact label={t('fields.amount')} testId="done-amount">
            {formatKip(payment.amount)} · {t(`method.${payment.method}`)}
          </Fact>
        </Facts>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('done.printed')}
        </Typography>
      </DialogContent>
      <DialogActions
        sx={{
          px: 3,
          pb: 2,
          display: 'grid',
          gap: 1,
          // Two by two on a phone (both rolls, then the card and close); one row from a tablet up.
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'auto auto auto 1fr auto' },
          '& > :not(style) ~ :not(style)': { ml: 0 },
        }}
      >
        {(['58', '80'] as const).map((paper) => (
          <Button
            key={paper}
            variant="outlined"
            startIcon={<Print />}
            onClick={() => print({ kind: 'receipt', receipt }, timeZone, paper)}
            data-testid={`done-receipt-${paper}`}
          >
            {t('actions.receipt', { paper })}
          </Button>
        ))}
        <Button
          variant="outlined"
          startIcon={<Print />}
          onClick={() => print({ kind: 'card', member, shopName: receipt.shopName }, timeZone)}
          data-testid="done-card"
        >
          {t('actions.printCard')}
        </Button>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Button variant="contained" onClick={onClose} data-testid="done-close">
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </>
  );
}
