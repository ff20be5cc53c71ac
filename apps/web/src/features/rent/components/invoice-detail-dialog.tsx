import Close from '@mui/icons-material/Close';
import ContentCopy from '@mui/icons-material/ContentCopy';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Print from '@mui/icons-material/PrintOutlined';
import QrCode from '@mui/icons-material/QrCode2';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { InvoiceDetail, RentPayment } from '@parking-hub/contracts/rent';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/confirm-button';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { toast } from '../../../components/feedback/toast-store';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { ErrorState } from '../../../components/states';
import { formatKip } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import {
  useInvoice,
  usePayInvoice,
  useReversePayment,
  useSendInvoices,
  useVoidInvoice,
} from '../api/rent-api';
import { publicUrl } from '../rent-format';
import { AdjustDialog } from './adjust-dialog';
import { InvoiceDetailBody, type RentRole } from './invoice-detail-body';
import { InvoiceStatusChip } from './invoice-status-chip';
import { PayDialog } from './pay-dialog';
import { ReasonDialog } from './reason-dialog';

export type { RentRole } from './invoice-detail-body';

async function copyLink(path: string, t: (k: string, o?: Record<string, string>) => string) {
  const link = publicUrl(path);
  try {
    await navigator.clipboard.writeText(link);
    toast.success(t('detail.linkCopied'));
  } catch {
    toast.info(t('detail.copyFailed', { link }));
  }
}

/** The manager pays what is due from the shop's wallet, when the balance covers it. */
function WalletPay({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('rent');
  const pay = usePayInvoice();
  const covers = invoice.walletBalance >= invoice.due;
  return (
    <Alert
      severity={covers ? 'success' : 'info'}
      sx={{ mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      data-testid="wallet-pay"
    >
      <Typography variant="body2" sx={{ mb: covers ? 1 : 0 }}>
        {t(covers ? 'detail.walletCovers' : 'detail.walletShort', {
          balance: formatKip(invoice.walletBalance),
          due: formatKip(invoice.due),
        })}
      </Typography>
      {covers && (
        <ConfirmButton
          title={t('pay.walletConfirm', { amount: formatKip(invoice.due) })}
          text={t('pay.walletText', { after: formatKip(invoice.walletBalance - invoice.due) })}
          loading={pay.isPending}
          onConfirm={async () => {
            try {
              handleResponse(await pay.mutateAsync({ invoiceId: invoice.id, method: 'WALLET' }));
            } catch (error) {
              handleError(error);
            }
          }}
          data-testid="pay-wallet"
        >
          {t('actions.payWallet')}
        </ConfirmButton>
      )}
    </Alert>
  );
}

/**
 * One invoice: facts, lines, sums, payments; the actions the caller's role allows (admins: pay,
 * reverse, adjust, void, send; agents: send; managers: pay from the wallet or by Lao QR), and for
 * everyone the public page (print) and its link.
 */
export function InvoiceDetailDialog({
  invoiceId,
  role,
  onClose,
}: {
  invoiceId: string;
  role: RentRole;
  onClose: () => void;
}) {
  const { t } = useTranslation(['rent', 'common']);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const query = useInvoice(invoiceId);
  const invoice = query.data;
  const [sub, setSub] = useState<'pay' | 'adjust' | 'void' | { reverse: RentPayment } | null>(null);
  const send = useSendInvoices(false);
  const resend = useSendInvoices(true);
  const voidCall = useVoidInvoice();
  const reverse = useReversePayment();

  const payable =
    !!invoice && (invoice.status === 'UNPAID' || invoice.status === 'PARTLY_PAID') && invoice.due > 0;
  const admin = role === 'admin';
  // The server skips a void or fully paid invoice (nothing to ask the shop for): no button for it.
  const canSend =
    !!invoice &&
    (invoice.status === 'UNPAID' || invoice.status === 'PARTLY_PAID') &&
    (admin || role === 'agent');
  const unpaid = invoice?.status === 'UNPAID';

  const doSend = async () => {
    if (!invoice) return;
    const call = invoice.sendCount > 0 ? resend : send;
    try {
      const envelope = await call.mutateAsync({ invoiceId: invoice.id });
      // Nothing queued (the shop has no WhatsApp, or it was paid meanwhile): only the reason below.
      if (envelope.status !== 'success' || (envelope.data?.queued ?? 0) > 0) handleResponse(envelope);
      for (const s of envelope.data?.skipped ?? [])
        toast.warning(
          t('send.skipped', {
            number: s.number,
            reason: t(`send.reason.${s.reason}`, { defaultValue: messageText(s.reason) }),
          }),
        );
    } catch (error) {
      handleError(error);
    }
  };
  const openPublic = (print: boolean) =>
    invoice && window.open(`${invoice.publicPath}${print ? '?print=1' : ''}`, '_blank', 'noopener');

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      // The theme gives every dialog a 16 px margin; full screen means the whole screen.
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : undefined } }}
      aria-labelledby="invoice-title"
    >
      <DialogTitle id="invoice-title" sx={{ pr: 6 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <span data-testid="detail-number">
            {invoice ? t('detail.title', { number: invoice.number }) : '…'}
          </span>
          {invoice && <InvoiceStatusChip status={invoice.status} overdue={invoice.overdue} />}
        </Box>
        <IconButton
          aria-label={t('common:actions.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
          data-testid="detail-close"
        >
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers data-testid="invoice-detail">
        {invoice ? (
          <>
            {role === 'manager' && payable && <WalletPay invoice={invoice} />}
            <InvoiceDetailBody invoice={invoice} role={role} onReverse={(p) => setSub({ reverse: p })} />
          </>
        ) : query.error ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Stack spacing={1}>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        )}
      </DialogContent>
      {invoice && (
        <DialogActions
          sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 1.5, '& > :not(style) ~ :not(style)': { ml: 0 } }}
        >
          <Button startIcon={<Print />} onClick={() => openPublic(true)} data-testid="detail-print">
            {t('actions.print')}
          </Button>
          <Button
            startIcon={<ContentCopy />}
            onClick={() => void copyLink(invoice.publicPath, (k, o) => t(k, o ?? {}))}
            data-testid="detail-copy"
          >
            {t('actions.copyLink')}
          </Button>
          <Button
            startIcon={<OpenInNew />}
            onClick={() => openPublic(false)}
            data-testid="detail-open-public"
          >
            {t('actions.open')}
          </Button>
          <Box sx={{ flex: 1 }} />
          {role === 'manager' && payable && (
            <Button
              variant="outlined"
              startIcon={<QrCode />}
              onClick={() => openPublic(false)}
              data-testid="pay-qr"
            >
              {t('actions.payQr')}
            </Button>
          )}
          {canSend && (
            <Button
              variant="outlined"
              startIcon={<Send />}
              onClick={() => void doSend()}
              disabled={send.isPending || resend.isPending}
              data-testid="detail-send"
            >
              {t(invoice.sendCount > 0 ? 'actions.resend' : 'actions.send')}
            </Button>
          )}
          {admin && unpaid && (
            <Button color="error" onClick={() => setSub('void')} data-testid="detail-void">
              {t('actions.void')}
            </Button>
          )}
          {admin && unpaid && (
            <Button variant="outlined" onClick={() => setSub('adjust')} data-testid="detail-adjust">
              {t('actions.adjust')}
            </Button>
          )}
          {admin && payable && (
            <Button variant="contained" onClick={() => setSub('pay')} data-testid="detail-pay">
              {t('actions.pay')}
            </Button>
          )}
        </DialogActions>
      )}
      {invoice && sub === 'pay' && <PayDialog invoice={invoice} onClose={() => setSub(null)} />}
      {invoice && sub === 'adjust' && <AdjustDialog invoice={invoice} onClose={() => setSub(null)} />}
      {invoice && sub === 'void' && (
        <ReasonDialog
          title={t('void.title', { number: invoice.number })}
          text={t('void.text')}
          busy={voidCall.isPending}
          onSave={async (reason) =>
            handleResponse(await voidCall.mutateAsync({ invoiceId: invoice.id, reason }))
          }
          onClose={() => setSub(null)}
          testId="void-form"
        />
      )}
      {invoice && sub && typeof sub === 'object' && (
        <ReasonDialog
          title={t('reverse.title', { amount: formatKip(sub.reverse.amount) })}
          text={t('reverse.text')}
          busy={reverse.isPending}
          onSave={async (reason) =>
            handleResponse(await reverse.mutateAsync({ paymentId: sub.reverse.id, reason }))
          }
          onClose={() => setSub(null)}
          testId="reverse-form"
        />
      )}
    </Dialog>
  );
}
