import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type PassReceipt, passPeriod } from '@parking-hub/contracts/members';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { messageText } from '../../../lib/i18n';
import { useShopPlans } from '../api/get-plans';
import { useSellPass } from '../api/save-member';
import {
  amountText,
  checkSell,
  planPrice,
  SELL_FIELDS,
  type SellField,
  type SellValues,
} from '../member-forms';
import { useShopDay } from '../use-shop-day';
import { FORM_IN_DIALOG } from './form-in-dialog';
import { MemberFields } from './member-fields';
import { NumberPicker } from './number-picker';
import { SaleDone } from './sale-done';
import { SaleFields } from './sale-fields';
import type { PrintInput } from './use-print-input';

const EMPTY: SellValues = {
  shopId: '',
  numberId: '',
  fullName: '',
  phone: '',
  plates: [],
  vehicleType: 'MOTORBIKE',
  months: '1',
  method: 'CASH',
  amount: '',
  note: '',
};

/**
 * Sell a pass: a new member on a free card of the shop, with their first payment. The receipt
 * prints as soon as the sale is recorded; the dialog then shows what was sold.
 */
export function SellDialog({
  open,
  shopId,
  onClose,
  print,
}: {
  open: boolean;
  /** The shop sold at; null lets the user pick one (admins and agents with no shop chosen). */
  shopId: string | null;
  onClose: () => void;
  print: PrintInput;
}) {
  const { t } = useTranslation(['members', 'common']);
  // At the counter on a phone the sale takes the whole screen.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const sell = useSellPass();
  const [done, setDone] = useState<PassReceipt | null>(null);
  const form = useForm<SellValues>({ defaultValues: EMPTY });
  const { register, handleSubmit, reset, control, formState, setError, watch, setValue, clearErrors } = form;
  useEffect(() => {
    if (open) {
      reset({ ...EMPTY, shopId: shopId ?? '' });
      setDone(null);
    }
  }, [open, shopId, reset]);

  const shop = watch('shopId') || null;
  const vehicleType = watch('vehicleType');
  const sale = { months: watch('months'), method: watch('method'), amount: watch('amount') };
  const plans = useShopPlans(shop, open && !!shop);
  const day = useShopDay(shop);
  const price = planPrice(plans, vehicleType, Number(sale.months));
  // A new vehicle type or the plans arriving: the amount is that length's price again.
  useEffect(() => {
    const p = planPrice(plans, vehicleType, Number(form.getValues('months')));
    setValue('amount', amountText(p));
  }, [plans, vehicleType, setValue, form]);

  const submit = handleSubmit(async (values) => {
    const checked = checkSell(values, price);
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.issues))
        setError(field as SellField, { message: message as string });
      return;
    }
    try {
      const envelope = await sell.mutateAsync(checked.body);
      handleResponse(envelope);
      if (envelope.data) {
        setDone(envelope.data);
        print({ kind: 'receipt', receipt: envelope.data }, day.timeZone);
      } else onClose();
    } catch (error) {
      showFormError(error, setError, SELL_FIELDS);
    }
  });

  const err = (name: SellField) => messageText(formState.errors[name]?.message);
  const busy = sell.isPending;
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      aria-labelledby="sell-title"
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : undefined } }}
      data-testid="sell-dialog"
    >
      <DialogTitle id="sell-title">{t('sell.title')}</DialogTitle>
      {done ? (
        <SaleDone receipt={done} timeZone={day.timeZone} print={print} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate data-testid="sell-form" style={FORM_IN_DIALOG}>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {!shopId && (
                <Controller
                  control={control}
                  name="shopId"
                  render={({ field }) => (
                    <ShopPicker
                      label={t('fields.shop')}
                      value={field.value || null}
                      onChange={(s) => {
                        field.onChange(s?.id ?? '');
                        setValue('numberId', '');
                      }}
                      error={err('shopId')}
                      required
                      data-testid="sell-shop"
                    />
                  )}
                />
              )}
              {shop ? (
                <Controller
                  control={control}
                  name="numberId"
                  render={({ field }) => (
                    <NumberPicker
                      key={shop}
                      shopId={shop}
                      value={field.value || null}
                      onChange={(row) => {
                        field.onChange(row?.id ?? '');
                        clearErrors('numberId');
                      }}
                      error={err('numberId')}
                    />
                  )}
                />
              ) : null}
              <MemberFields control={control} err={err} clearError={clearErrors} testId="member" />
              <SaleFields
                plans={plans}
                vehicleType={vehicleType}
                value={sale}
                onChange={(next) => {
                  for (const [k, v] of Object.entries(next)) setValue(k as keyof typeof sale, v as never);
                  clearErrors(['months', 'method', 'amount']);
                }}
                errors={{ months: err('months'), method: err('method'), amount: err('amount') }}
                period={shop ? passPeriod(null, day.today, Number(sale.months)) : null}
              />
              <TextField
                label={t('fields.note')}
                {...register('note')}
                error={!!err('note')}
                helperText={err('note')}
                slotProps={{ htmlInput: { 'data-testid': 'member-note' } }}
              />
            </Stack>
          </DialogContent>
          <FormDialogActions busy={busy} onCancel={onClose} saveTestId="sell-save" />
        </form>
      )}
    </Dialog>
  );
}
