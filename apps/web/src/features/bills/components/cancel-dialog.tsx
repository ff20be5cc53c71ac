import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type Bill, updateBillBodySchema } from '@parking-hub/contracts/bills';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { SubmitButton } from '../../../components/form/submit-button';
import { messageText } from '../../../lib/i18n';
import { useUpdateBill } from '../api/update-bill';

interface CancelValues {
  action: 'CANCEL';
  id: string;
  reason: string;
}

/** Cancel a bill: the reason is required (kept with the bill and shown in the cancelled-bills report). */
export function CancelDialog({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  const { t } = useTranslation(['bills', 'common']);
  const update = useUpdateBill();
  const form = useForm<CancelValues>({
    resolver: zodResolver(updateBillBodySchema) as unknown as Resolver<CancelValues>,
    defaultValues: { action: 'CANCEL', id: bill.id, reason: '' },
  });
  const { register, handleSubmit, formState } = form;
  const submit = handleSubmit(async (values) => {
    try {
      handleResponse(await update.mutateAsync(values));
      onClose();
    } catch (error) {
      showFormError(error, form.setError, ['reason']);
    }
  });
  const error = messageText(formState.errors.reason?.message);
  return (
    <Dialog open onClose={() => !update.isPending && onClose()} aria-labelledby="cancel-title">
      <form onSubmit={submit} noValidate data-testid="cancel-form">
        <DialogTitle id="cancel-title">{t('cancel.title', { number: bill.number })}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('cancel.text')}
          </Alert>
          <TextField
            label={t('cancel.reason')}
            required
            multiline
            minRows={2}
            autoFocus
            {...register('reason')}
            error={!!error}
            helperText={error || t('cancel.reasonHint')}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'cancel-reason' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose} disabled={update.isPending}>
            {t('cancel.back')}
          </Button>
          <SubmitButton busy={update.isPending} color="error" data-testid="cancel-submit">
            {t('cancel.submit')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
