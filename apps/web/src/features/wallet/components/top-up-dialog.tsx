import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TOP_UP_METHODS, type TopUpBody, topUpBodySchema } from '@parking-hub/contracts/finance';
import { positiveKipSchema } from '@parking-hub/contracts/rent';
import { useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showFormError } from '../../../components/feedback/form-errors';
import { toast } from '../../../components/feedback/toast-store';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { formatKip } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { newRandomId } from '../../../lib/random-id';
import { useTopUp } from '../api/save-wallet';
import { kipInput } from '../wallet-format';

/** The contract's body, the amount as a person types it ('1,500,000'). */
const formSchema = topUpBodySchema.extend({ amount: z.preprocess(kipInput, positiveKipSchema) });
type Values = Omit<TopUpBody, 'amount'> & { amount: string };
const FIELDS = ['amount', 'method', 'reference', 'note'] as const;

/**
 * Record money a shop brought in (admins). The idempotency key is made once when the dialog opens:
 * a double click or a retry after a lost answer sends the same key, and the server makes one entry.
 */
export function TopUpDialog({
  shop,
  onClose,
}: {
  shop: { shopId: string; shopName: string; balance: number };
  onClose: () => void;
}) {
  const { t } = useTranslation(['finance', 'common']);
  const save = useTopUp();
  const [key] = useState(newRandomId);
  const sending = useRef(false);
  const form = useForm<Values>({
    resolver: zodResolver(formSchema) as unknown as Resolver<Values>,
    defaultValues: {
      shopId: shop.shopId,
      amount: '',
      method: 'CASH',
      reference: '',
      note: '',
      idempotencyKey: key,
    },
  });
  const { register, handleSubmit, formState, control } = form;
  const err = (f: (typeof FIELDS)[number]) => messageText(formState.errors[f]?.message);

  const submit = handleSubmit(async (values) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const res = await save.mutateAsync(values as unknown as TopUpBody);
      const message = res.message ?? '';
      if (res.data && !res.data.created) toast.info(message || t('wallet.topUp.repeated'));
      else toast.success(message || t('wallet.topUp.done'));
      onClose();
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    } finally {
      sending.current = false;
    }
  });

  const busy = save.isPending;
  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="top-up-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate data-testid="top-up-form">
        <DialogTitle id="top-up-title">{t('wallet.topUp.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('wallet.topUp.shop', { shop: shop.shopName, balance: formatKip(shop.balance) })}
            </Typography>
            <TextField
              label={t('wallet.fields.amount')}
              required
              autoFocus
              {...register('amount')}
              error={!!err('amount')}
              helperText={err('amount') || t('wallet.fields.amountHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'top-up-amount' } }}
            />
            <Controller
              control={control}
              name="method"
              render={({ field }) => (
                <TextField
                  select
                  label={t('wallet.fields.method')}
                  {...field}
                  error={!!err('method')}
                  helperText={err('method')}
                  slotProps={{ htmlInput: { 'data-testid': 'top-up-method' } }}
                >
                  {TOP_UP_METHODS.map((m) => (
                    <MenuItem key={m} value={m}>
                      {t(`wallet.methods.${m}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={t('wallet.fields.reference')}
              {...register('reference')}
              error={!!err('reference')}
              helperText={err('reference') || t('wallet.fields.referenceHint')}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'top-up-reference' } }}
            />
            <TextField
              label={t('wallet.fields.note')}
              multiline
              minRows={2}
              {...register('note')}
              error={!!err('note')}
              helperText={err('note')}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'top-up-note' } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="top-up-save" />
      </form>
    </Dialog>
  );
}
