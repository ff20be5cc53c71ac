import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AdjustWalletBody, adjustWalletBodySchema } from '@parking-hub/contracts/finance';
import { useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toast } from '../../../components/feedback/toast-store';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { isApiError } from '../../../lib/api-error';
import { formatKip } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { newRandomId } from '../../../lib/random-id';
import { useAdjustWallet } from '../api/save-wallet';
import { kipInput } from '../wallet-format';

const formSchema = adjustWalletBodySchema.extend({
  amount: z.preprocess(kipInput, adjustWalletBodySchema.shape.amount),
});
type Values = Omit<AdjustWalletBody, 'amount'> & { amount: string };
const FIELDS = ['amount', 'reason'] as const;

/**
 * Correct a wallet (admins): a new ADJUSTMENT entry, added (+) or taken off (−), with its reason.
 * A refusal the server explains (the balance would go below 0) stays in the dialog to read.
 */
export function AdjustDialog({
  shop,
  onClose,
}: {
  shop: { shopId: string; shopName: string; balance: number };
  onClose: () => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const save = useAdjustWallet();
  const [key] = useState(newRandomId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sending = useRef(false);
  const form = useForm<Values>({
    resolver: zodResolver(formSchema) as unknown as Resolver<Values>,
    defaultValues: { shopId: shop.shopId, amount: '', reason: '', idempotencyKey: key },
  });
  const { register, handleSubmit, formState } = form;
  const err = (f: (typeof FIELDS)[number]) => messageText(formState.errors[f]?.message);

  const submit = handleSubmit(async (values) => {
    if (sending.current) return;
    sending.current = true;
    setRefusal(null);
    try {
      const res = await save.mutateAsync(values as unknown as AdjustWalletBody);
      toast.success(res.message ?? t('wallet.adjust.done'));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.messages ?? {}) : [];
      const own = fields.filter(([f]) => (FIELDS as readonly string[]).includes(f));
      for (const [f, message] of own)
        form.setError(f as (typeof FIELDS)[number], { type: 'server', message });
      if (own.length === 0) setRefusal(error instanceof Error ? error.message : t('common:errors.unknown'));
    } finally {
      sending.current = false;
    }
  });

  const busy = save.isPending;
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="adjust-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate data-testid="adjust-form">
        <DialogTitle id="adjust-title">{t('wallet.adjust.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('wallet.topUp.shop', { shop: shop.shopName, balance: formatKip(shop.balance) })}
            </Typography>
            <Alert severity="info">{t('wallet.adjust.explain')}</Alert>
            {refusal && (
              <Alert severity="error" data-testid="adjust-refused">
                {refusal}
              </Alert>
            )}
            <TextField
              label={t('wallet.fields.signedAmount')}
              required
              autoFocus
              {...register('amount')}
              error={!!err('amount')}
              helperText={err('amount') || t('wallet.fields.signedAmountHint')}
              slotProps={{ htmlInput: { inputMode: 'text', 'data-testid': 'adjust-amount' } }}
            />
            <TextField
              label={t('wallet.fields.reason')}
              required
              multiline
              minRows={2}
              {...register('reason')}
              error={!!err('reason')}
              helperText={err('reason') || t('wallet.fields.reasonHint')}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'adjust-reason' } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="adjust-save" />
      </form>
    </Dialog>
  );
}
