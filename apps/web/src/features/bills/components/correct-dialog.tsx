import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Bill } from '@parking-hub/contracts/bills';
import { VEHICLE_TYPES } from '@parking-hub/contracts/vehicles';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { messageText } from '../../../lib/i18n';
import { useUpdateBill } from '../api/update-bill';
import { type CorrectionValues, correctionBody } from '../correction';

const FIELDS = ['plate', 'vehicleType', 'reason'] as const;

/** Correct a bill's plate or vehicle type (only what changed is sent; the change is audited). */
export function CorrectDialog({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  const { t } = useTranslation(['bills', 'common']);
  const update = useUpdateBill();
  const form = useForm<CorrectionValues>({
    defaultValues: { plate: bill.plate ?? '', vehicleType: bill.vehicleType, reason: '' },
  });
  const { register, handleSubmit, control, formState, setError } = form;
  const submit = handleSubmit(async (values) => {
    const checked = correctionBody(bill, values);
    if ('errors' in checked) {
      for (const [field, message] of Object.entries(checked.errors))
        setError(field as (typeof FIELDS)[number], { message });
      return;
    }
    try {
      handleResponse(await update.mutateAsync(checked.body));
      onClose();
    } catch (error) {
      showFormError(error, setError, FIELDS);
    }
  });
  const err = (name: (typeof FIELDS)[number]) => messageText(formState.errors[name]?.message);
  return (
    <Dialog open onClose={() => !update.isPending && onClose()} aria-labelledby="correct-title">
      <form onSubmit={submit} noValidate data-testid="correct-form">
        <DialogTitle id="correct-title">{t('correct.title', { number: bill.number })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('detail.plate')}
              {...register('plate')}
              error={!!err('plate')}
              helperText={err('plate') || t('correct.plateHint')}
              slotProps={{
                htmlInput: { maxLength: 20, autoCapitalize: 'characters', 'data-testid': 'correct-plate' },
              }}
            />
            <Controller
              control={control}
              name="vehicleType"
              render={({ field }) => (
                <TextField
                  select
                  label={t('detail.vehicleType')}
                  {...field}
                  error={!!err('vehicleType')}
                  helperText={err('vehicleType')}
                  slotProps={{ htmlInput: { 'data-testid': 'correct-vehicle' } }}
                >
                  {VEHICLE_TYPES.map((v) => (
                    <MenuItem key={v} value={v}>
                      {t(`common:vehicles.${v}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={t('correct.reason')}
              {...register('reason')}
              error={!!err('reason')}
              helperText={err('reason')}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={update.isPending} onCancel={onClose} saveTestId="correct-save" />
      </form>
    </Dialog>
  );
}
