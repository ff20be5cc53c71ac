import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type InvoiceDetail, PAYMENT_METHODS, payInvoiceBodySchema } from '@parking-hub/contracts/rent';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { DateField } from '../../../components/filters/date-field';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { formatKip } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { newRandomId } from '../../../lib/random-id';
import { usePayInvoice } from '../api/rent-api';
import { paidAtOf, today } from '../rent-format';
import { setIssues } from './zod-issues';

interface FormValues {
  method: string;
  amount: string;
  reference: string;
  paidAt: string;
}
const FIELDS = ['method', 'amount', 'reference', 'paidAt'] as const;

/** An admin records a payment: method, amount (the amount due unless changed), reference and day. */
export function PayDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { t } = useTranslation('rent');
  const pay = usePayInvoice();
  // One key per opening (crypto.randomUUID; its fallback on plain http): a double click or a retry
  // after a lost answer sends the same key, and the server records the payment once.
  const [idempotencyKey] = useState(newRandomId);
  const { register, handleSubmit, control, formState, setError } = useForm<FormValues>({
    defaultValues: { method: 'CASH', amount: String(invoice.due), reference: '', paidAt: today() },
  });
  const submit = handleSubmit(async (v) => {
    const parsed = payInvoiceBodySchema.safeParse({
      invoiceId: invoice.id,
      method: v.method,
      amount: v.amount.trim() === '' ? undefined : v.amount.replaceAll(',', '').trim(),
      reference: v.reference.trim() || undefined,
      paidAt: paidAtOf(v.paidAt),
      idempotencyKey,
    });
    if (!parsed.success) {
      setIssues(parsed.error.issues, FIELDS, setError);
      return;
    }
    try {
      handleResponse(await pay.mutateAsync(parsed.data));
      onClose();
    } catch (error) {
      showFormError(error, setError, FIELDS);
    }
  });
  const err = (name: keyof FormValues) => messageText(formState.errors[name]?.message);
  return (
    <Dialog
      open
      onClose={() => !pay.isPending && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="pay-title"
    >
      <form onSubmit={submit} noValidate data-testid="pay-form">
        <DialogTitle id="pay-title">{t('pay.title', { number: invoice.number })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography data-testid="pay-due">{t('pay.dueNow', { due: formatKip(invoice.due) })}</Typography>
            <Controller
              control={control}
              name="method"
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.method')}
                  required
                  value={field.value}
                  onChange={field.onChange}
                  error={!!err('method')}
                  helperText={
                    err('method') ||
                    (field.value === 'WALLET'
                      ? t('pay.walletBalance', { balance: formatKip(invoice.walletBalance) })
                      : undefined)
                  }
                  slotProps={{ htmlInput: { 'data-testid': 'pay-method' } }}
                >
                  {PAYMENT_METHODS.map((m) => (
                    <MenuItem key={m} value={m}>
                      {t(`method.${m}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={t('fields.amount')}
              {...register('amount')}
              error={!!err('amount')}
              helperText={err('amount') || t('pay.amountHint')}
              slotProps={{ htmlInput: { 'data-testid': 'pay-amount', inputMode: 'numeric' } }}
            />
            <TextField
              label={t('fields.reference')}
              {...register('reference')}
              error={!!err('reference')}
              helperText={err('reference')}
              slotProps={{ htmlInput: { 'data-testid': 'pay-reference', maxLength: 100 } }}
            />
            <Controller
              control={control}
              name="paidAt"
              render={({ field }) => (
                <DateField
                  label={t('fields.paidOn')}
                  value={field.value}
                  onChange={field.onChange}
                  max={today()}
                  testId="pay-paidAt"
                  error={!!err('paidAt')}
                  helperText={err('paidAt')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={pay.isPending} onCancel={onClose} saveTestId="pay-save" />
      </form>
    </Dialog>
  );
}
