import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { createChargeBodySchema } from '@parking-hub/contracts/rent';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { formatKip } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { formatMonth, monthsFrom } from '../../../lib/months';
import { newRandomId } from '../../../lib/random-id';
import { useCreateCharge, useFees } from '../api/rent-api';
import { lastMonth, thisMonth } from '../rent-format';
import { setIssues } from './zod-issues';

interface FormValues {
  shopId: string;
  feeId: string;
  descriptionLo: string;
  quantity: string;
  unitPrice: string;
  month: string;
  note: string;
}
const FIELDS = ['shopId', 'feeId', 'descriptionLo', 'quantity', 'unitPrice', 'month', 'note'] as const;
const OWN = 'own';

/** Admins add a one-off charge for a shop: a fee of the fee list (its name and price) or one of their own. */
export function ChargeDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('rent');
  const fees = useFees(true);
  const create = useCreateCharge();
  // One key per opening: a second click or a retry after a lost answer records the charge once.
  const [idempotencyKey] = useState(newRandomId);
  const { register, handleSubmit, control, formState, setError, setValue } = useForm<FormValues>({
    defaultValues: {
      shopId: '',
      feeId: OWN,
      descriptionLo: '',
      quantity: '1',
      unitPrice: '',
      month: thisMonth(),
      note: '',
    },
  });
  const feeId = useWatch({ control, name: 'feeId' });
  const own = feeId === OWN;
  const active = (fees.data ?? []).filter((f) => f.active);

  const submit = handleSubmit(async (v) => {
    const parsed = createChargeBodySchema.safeParse({
      shopId: v.shopId,
      ...(own ? { descriptionLo: v.descriptionLo } : { feeId: v.feeId }),
      quantity: v.quantity.trim() || undefined,
      unitPrice: v.unitPrice.replaceAll(',', '').trim() || undefined,
      month: v.month,
      note: v.note.trim() || undefined,
      idempotencyKey,
    });
    if (!parsed.success) {
      setIssues(parsed.error.issues, FIELDS, setError);
      return;
    }
    try {
      handleResponse(await create.mutateAsync(parsed.data));
      onClose();
    } catch (error) {
      showFormError(error, setError, FIELDS);
    }
  });
  const err = (name: keyof FormValues) => messageText(formState.errors[name]?.message);

  return (
    <Dialog
      open
      onClose={() => !create.isPending && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="charge-title"
    >
      <form onSubmit={submit} noValidate data-testid="charge-form">
        <DialogTitle id="charge-title">{t('charges.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Controller
              control={control}
              name="shopId"
              render={({ field }) => (
                <ShopPicker
                  label={t('fields.shop')}
                  value={field.value || null}
                  onChange={(shop) => field.onChange(shop?.id ?? '')}
                  error={err('shopId')}
                  required
                  data-testid="charge-shop"
                />
              )}
            />
            <Controller
              control={control}
              name="feeId"
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.fee')}
                  value={field.value}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    const fee = active.find((f) => f.id === e.target.value);
                    setValue('unitPrice', fee ? String(fee.amount) : '');
                  }}
                  error={!!err('feeId')}
                  helperText={err('feeId')}
                  slotProps={{ htmlInput: { 'data-testid': 'charge-fee' } }}
                >
                  <MenuItem value={OWN}>{t('charges.ownDescription')}</MenuItem>
                  {active.map((f) => (
                    <MenuItem key={f.id} value={f.id}>
                      {t('charges.feeOption', {
                        name: i18n.language === 'en' ? f.nameEn : f.nameLo,
                        amount: formatKip(f.amount),
                      })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {own && (
              <TextField
                label={t('fields.description')}
                required
                {...register('descriptionLo')}
                error={!!err('descriptionLo')}
                helperText={err('descriptionLo')}
                slotProps={{ htmlInput: { 'data-testid': 'charge-description', maxLength: 200 } }}
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('fields.quantity')}
                {...register('quantity')}
                error={!!err('quantity')}
                helperText={err('quantity')}
                slotProps={{ htmlInput: { 'data-testid': 'charge-quantity', inputMode: 'numeric' } }}
              />
              <TextField
                label={t('fields.unitPrice')}
                required={own}
                {...register('unitPrice')}
                error={!!err('unitPrice')}
                helperText={err('unitPrice')}
                slotProps={{ htmlInput: { 'data-testid': 'charge-unitPrice', inputMode: 'numeric' } }}
              />
            </Stack>
            <Controller
              control={control}
              name="month"
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.invoiceMonth')}
                  value={field.value}
                  onChange={field.onChange}
                  error={!!err('month')}
                  helperText={err('month')}
                  slotProps={{ htmlInput: { 'data-testid': 'charge-month' } }}
                >
                  {monthsFrom(lastMonth(), 13).map((m) => (
                    <MenuItem key={m} value={m}>
                      {formatMonth(m)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={t('fields.note')}
              {...register('note')}
              error={!!err('note')}
              helperText={err('note')}
              slotProps={{ htmlInput: { 'data-testid': 'charge-note', maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={create.isPending} onCancel={onClose} saveTestId="charge-save" />
      </form>
    </Dialog>
  );
}
