import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { BillWithFee } from '@parking-hub/contracts/bills';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { ErrorState } from '../../../components/states';
import { useBillDetail } from '../api/find-bill';
import { PrintTicket } from '../print/print-ticket';
import { usePrintBill } from '../print/use-print-bill';
import { useTicketShop } from '../print/use-ticket-shop';
import { type BillAction, BillActions } from './bill-actions';
import { BillFacts } from './bill-facts';
import { BillStatusChip } from './bill-status-chip';
import { BillTimeline } from './bill-timeline';
import { CancelDialog } from './cancel-dialog';
import { CheckoutDialog } from './checkout-dialog';
import { CorrectDialog } from './correct-dialog';
import { FeeSummary } from './fee-summary';

/** The loaded bill: facts, fee, actions, history, and the dialogs and ticket its actions open. */
function BillDetail({ found }: { found: BillWithFee }) {
  const { bill } = found;
  const [action, setAction] = useState<BillAction | null>(null);
  const printing = usePrintBill(bill.id);
  const shop = useTicketShop(bill);
  const close = () => setAction(null);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <BillFacts bill={bill} />
      <FeeSummary found={found} />
      <BillActions bill={bill} onAction={setAction} onPrint={printing.print} printing={printing.busy} />
      <Divider />
      <BillTimeline id={bill.id} />
      {(action === 'checkout' || action === 'lost') && (
        <CheckoutDialog found={found} lost={action === 'lost'} onClose={close} />
      )}
      {action === 'cancel' && <CancelDialog bill={bill} onClose={close} />}
      {action === 'correct' && <CorrectDialog bill={bill} onClose={close} />}
      {printing.job && <PrintTicket job={printing.job} shop={shop} onDone={printing.done} />}
    </Box>
  );
}

/** A bill over the history (`?bill=<id>`): full screen on a phone; a parked bill's fee refreshes. */
export function BillDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('bills');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const query = useBillDetail(id);
  const bill = query.data?.bill;
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      // The theme gives every dialog a 16 px margin; full screen means the whole screen.
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : undefined } }}
      aria-labelledby="bill-title"
      data-testid="bill-detail"
    >
      <DialogTitle id="bill-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pr: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          {bill ? (
            <Typography variant="h4" component="span" sx={{ fontWeight: 700 }} data-testid="bill-title">
              {t('detail.title', { number: bill.number })}
            </Typography>
          ) : (
            <Skeleton width={180} height={48} />
          )}
          {bill && <BillStatusChip status={bill.status} size="medium" />}
        </Box>
        <IconButton onClick={onClose} aria-label={t('detail.close')} data-testid="bill-close">
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {query.data ? (
          <BillDetail found={query.data} />
        ) : query.error ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          [0, 1, 2, 3].map((i) => <Skeleton key={i} height={56} />)
        )}
      </DialogContent>
    </Dialog>
  );
}
