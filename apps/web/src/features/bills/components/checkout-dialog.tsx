import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Bill, BillWithFee } from '@parking-hub/contracts/bills';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeeBreakdown } from '../../../components/fee-breakdown';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { SubmitButton } from '../../../components/form/submit-button';
import { formatKip } from '../../../lib/format';
import { useCheckOutBill } from '../api/check-out-bill';
import { PayQr } from './pay-qr';

type Method = 'CASH' | 'QR';

/** After the check-out: what to collect, and for a lost ticket paid by QR, the QR of the total. */
function Done({ bill }: { bill: Bill }) {
  const { t } = useTranslation(['bills', 'common']);
  const fee = bill.fee ?? 0;
  return (
    <Box sx={{ textAlign: 'center' }} data-testid="checkout-done">
      <CheckCircle color="primary" sx={{ fontSize: 56 }} />
      <Typography color="text.secondary">{t('checkout.collect')}</Typography>
      <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid="checkout-fee">
        {formatKip(fee)}
      </Typography>
      {bill.paymentMethod && <Typography>{t(`common:payment.${bill.paymentMethod}`)}</Typography>}
      {bill.status === 'LOST' && bill.paymentMethod === 'QR' && fee > 0 && (
        <Box sx={{ mt: 2 }}>
          <PayQr body={{ shopId: bill.shopId, amount: fee }} amount={fee} title={t('checkout.lostQr')} />
        </Box>
      )}
    </Box>
  );
}

/** Check a vehicle out (or record a lost ticket): choose cash or Lao QR, see the fee, confirm. */
export function CheckoutDialog({
  found,
  lost,
  onClose,
}: {
  found: BillWithFee;
  lost: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['bills', 'common']);
  const [method, setMethod] = useState<Method>('CASH');
  const [done, setDone] = useState<Bill | null>(null);
  const checkOut = useCheckOutBill();
  const { bill } = found;
  // The server priced both ways when the bill was found: as it is, and with the ticket lost.
  const fee = lost ? found.feeIfLost : found.feeNow;
  const total = fee?.total ?? 0;
  const free = total === 0;

  const confirm = async () => {
    try {
      const envelope = await checkOut.mutateAsync({
        id: bill.id,
        lost,
        paymentMethod: free ? undefined : method,
        // What was shown (and what the QR asked for): the server refuses if the fee moved on since.
        expectedTotal: total,
      });
      handleResponse(envelope);
      if (envelope.data) setDone(envelope.data);
    } catch (error) {
      handleError(error);
    }
  };

  const confirmText = lost
    ? 'checkout.confirmLost'
    : method === 'QR' && !free
      ? 'checkout.confirmQr'
      : 'checkout.confirm';
  return (
    <Dialog open onClose={() => !checkOut.isPending && onClose()} aria-labelledby="checkout-title">
      <DialogTitle id="checkout-title">
        {t(lost ? 'checkout.lostTitle' : 'checkout.title')} #{bill.number}
      </DialogTitle>
      <DialogContent>
        {done ? (
          <Done bill={done} />
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="checkout-form">
            {lost && <Alert severity="warning">{t('checkout.lostText')}</Alert>}
            <Box sx={{ textAlign: 'center' }}>
              <Typography color="text.secondary">
                {t(lost ? 'checkout.feeIfLost' : 'detail.feeNow')}
              </Typography>
              <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid="checkout-fee-now">
                {free ? t('checkout.free') : formatKip(total)}
              </Typography>
            </Box>
            {fee && <FeeBreakdown fee={fee} />}
            {!free && (
              <ToggleButtonGroup
                exclusive
                fullWidth
                color="primary"
                value={method}
                onChange={(_, value: Method | null) => value && setMethod(value)}
                aria-label={t('checkout.method')}
              >
                <ToggleButton value="CASH" data-testid="method-cash">
                  {t('common:payment.CASH')}
                </ToggleButton>
                <ToggleButton value="QR" data-testid="method-qr">
                  {t('common:payment.QR')}
                </ToggleButton>
              </ToggleButtonGroup>
            )}
            {method === 'QR' && !free && !lost && (
              <>
                <PayQr body={{ reference: bill.reference }} amount={total} title={t('checkout.qrTitle')} />
                <Alert severity="info">{t('checkout.qrConfirm')}</Alert>
              </>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {done ? (
          <Button variant="contained" onClick={onClose} data-testid="checkout-close">
            {t('common:actions.close')}
          </Button>
        ) : (
          <>
            <Button color="inherit" onClick={onClose} disabled={checkOut.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <SubmitButton
              type="button"
              busy={checkOut.isPending}
              color={lost ? 'warning' : 'primary'}
              onClick={confirm}
              data-testid="checkout-confirm"
            >
              {t(confirmText)}
            </SubmitButton>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
