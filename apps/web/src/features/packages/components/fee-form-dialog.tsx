import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Fee } from '@parking-hub/contracts/packages';
import { Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { messageText } from '../../../lib/i18n';
import { useCreateFee, useUpdateFee } from '../api/save-fee';
import {
  FEE_FORM_FIELDS,
  type FeeFormOutput,
  type FeeFormValues,
  feeFormSchema,
  feeValues,
} from '../package-form';
import { NumberField } from './kip-field';
import { Pair } from './package-form-dialog';

/** Add a fee (`fee` null) or edit its names, amount and active flag; a fee's code never changes. */
export function FeeFormDialog({ fee, onClose }: { fee: Fee | null; onClose: () => void }) {
  const { t } = useTranslation(['packages', 'common']);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreateFee();
  const update = useUpdateFee();
  const form = useForm<FeeFormValues, unknown, FeeFormOutput>({
    resolver: zodResolver(feeFormSchema(!fee)) as unknown as Resolver<FeeFormValues, unknown, FeeFormOutput>,
    defaultValues: feeValues(fee),
  });
  const { register, formState, control } = form;
  const err = (name: FieldPath<FeeFormValues>) =>
    messageText((formState.errors as Record<string, { message?: string } | undefined>)[name]?.message);
  const text = (name: 'code' | 'nameLo' | 'nameEn') => ({
    ...register(name),
    error: !!err(name),
    helperText: err(name),
    slotProps: { htmlInput: { 'data-testid': `fee-${name}` } },
  });

  const submit = form.handleSubmit(async ({ code, ...output }) => {
    try {
      const envelope = fee
        ? await update.mutateAsync({ id: fee.id, ...output })
        : await create.mutateAsync({ code, ...output });
      handleResponse(envelope);
      onClose();
    } catch (error) {
      showFormError(error, form.setError, FEE_FORM_FIELDS);
    }
  });
  const busy = formState.isSubmitting;

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullScreen={phone}
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : undefined } }}
      aria-labelledby="fee-form-title"
    >
      <form
        onSubmit={submit}
        noValidate
        data-testid="fee-form"
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <DialogTitle id="fee-form-title">{fee ? t('fees.editTitle') : t('fees.createTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t('fields.code')}
              required
              disabled={!!fee}
              {...text('code')}
              helperText={err('code') || t('fees.codeHint')}
            />
            <Pair>
              <TextField label={t('fields.nameLo')} required {...text('nameLo')} />
              <TextField label={t('fields.nameEn')} required {...text('nameEn')} />
            </Pair>
            <NumberField
              required
              kip
              label={t('fields.amount')}
              registration={register('amount')}
              error={err('amount')}
              testId="fee-amount"
            />
            <Controller
              control={control}
              name="active"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label={t('fees.activeLong')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="fee-form-save" />
      </form>
    </Dialog>
  );
}
