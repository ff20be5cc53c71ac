import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { MAX_NUMBER_RANGE } from '@parking-hub/contracts/members';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { SHORT_TOAST_DURATION_MS, toast } from '../../../components/feedback/toast-store';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { messageText } from '../../../lib/i18n';
import { useCreateNumbers } from '../api/save-numbers';
import { rangePreview } from '../member-format';
import {
  checkNumbers,
  cleanNumber,
  NUMBERS_FIELDS,
  type NumbersField,
  type NumbersValues,
} from '../member-forms';
import { FORM_IN_DIALOG } from './form-in-dialog';

const EMPTY: NumbersValues = {
  shopId: '',
  mode: 'range',
  number: '',
  prefix: 'M-',
  from: '1',
  to: '',
  digits: '4',
};

/** New card numbers for a shop's pool: a range (prefix, from, to, digits, previewed) or one number. */
export function NumbersDialog({
  open,
  shopId,
  onClose,
}: {
  open: boolean;
  shopId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('members');
  const create = useCreateNumbers();
  const form = useForm<NumbersValues>({ defaultValues: EMPTY });
  const { register, handleSubmit, reset, control, formState, setError, watch } = form;
  useEffect(() => {
    if (open) reset({ ...EMPTY, shopId: shopId ?? '' });
  }, [open, shopId, reset]);

  const v = watch();
  const digits = cleanNumber(v.digits) === '' ? undefined : Number(cleanNumber(v.digits));
  const preview =
    v.mode === 'range' && cleanNumber(v.from) !== '' && cleanNumber(v.to) !== ''
      ? rangePreview(v.prefix, Number(cleanNumber(v.from)), Number(cleanNumber(v.to)), digits)
      : null;

  const submit = handleSubmit(async (values) => {
    const checked = checkNumbers(values);
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.issues))
        setError(field as NumbersField, { message: message as string });
      return;
    }
    try {
      const envelope = await create.mutateAsync(checked.body);
      const r = envelope.data;
      if (r) {
        const text = t('numbers.created', { count: r.created });
        toast.success(
          r.skipped > 0 ? `${text} ${t('numbers.skipped', { count: r.skipped })}` : text,
          SHORT_TOAST_DURATION_MS,
        );
      }
      onClose();
    } catch (error) {
      showFormError(error, setError, NUMBERS_FIELDS);
    }
  });

  const err = (name: NumbersField) => messageText(formState.errors[name]?.message, { max: MAX_NUMBER_RANGE });
  const text = (name: NumbersField, label: string, extra: { numeric?: boolean; helper?: string } = {}) => (
    <TextField
      label={t(label)}
      {...register(name)}
      error={!!err(name)}
      helperText={err(name) || extra.helper}
      sx={{ flex: 1 }}
      slotProps={{
        htmlInput: {
          'data-testid': `numbers-${name}`,
          ...(extra.numeric ? { inputMode: 'numeric' } : { autoCapitalize: 'characters' }),
        },
      }}
    />
  );
  const busy = create.isPending;
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      aria-labelledby="numbers-title"
      fullWidth
      maxWidth="sm"
    >
      <form onSubmit={submit} noValidate data-testid="numbers-form" style={FORM_IN_DIALOG}>
        <DialogTitle id="numbers-title">{t('numbers.title')}</DialogTitle>
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
                    onChange={(s) => field.onChange(s?.id ?? '')}
                    error={err('shopId')}
                    required
                    data-testid="numbers-shop"
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="mode"
              render={({ field }) => (
                <ToggleButtonGroup
                  exclusive
                  fullWidth
                  color="primary"
                  value={field.value}
                  onChange={(_, m: NumbersValues['mode'] | null) => m && field.onChange(m)}
                >
                  <ToggleButton value="range" sx={{ textTransform: 'none' }} data-testid="numbers-mode-range">
                    {t('numbers.range')}
                  </ToggleButton>
                  <ToggleButton value="one" sx={{ textTransform: 'none' }} data-testid="numbers-mode-one">
                    {t('numbers.one')}
                  </ToggleButton>
                </ToggleButtonGroup>
              )}
            />
            {v.mode === 'one' ? (
              text('number', 'fields.number', { helper: t('numbers.oneHint') })
            ) : (
              <>
                <Stack direction="row" spacing={2}>
                  {text('prefix', 'numbers.prefix')}
                  {text('digits', 'numbers.digits', { numeric: true })}
                </Stack>
                <Stack direction="row" spacing={2}>
                  {text('from', 'numbers.from', { numeric: true })}
                  {text('to', 'numbers.to', { numeric: true })}
                </Stack>
                <Alert severity={preview ? 'info' : 'warning'} icon={false} data-testid="numbers-preview">
                  {preview
                    ? t('numbers.preview', { first: preview.first, last: preview.last, count: preview.count })
                    : t('numbers.previewEmpty', { max: MAX_NUMBER_RANGE })}
                </Alert>
              </>
            )}
          </Stack>
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="numbers-save" />
      </form>
    </Dialog>
  );
}
