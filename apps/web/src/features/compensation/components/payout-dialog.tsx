import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type CompensationRow,
  type PayCompensationBody,
  payCompensationBodySchema,
} from '@parking-hub/contracts/finance';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { formatKip } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { formatMonth } from '../../../lib/months';
import { usePayCompensation } from '../api/save-compensation';

const FIELDS = ['reference', 'note'] as const;

/** Pay out an agent's pending commissions of a month (admins): the transfer's reference is required. */
export function PayoutDialog({ row, onClose }: { row: CompensationRow; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const pay = usePayCompensation();
  const form = useForm<PayCompensationBody>({
    resolver: zodResolver(payCompensationBodySchema) as unknown as Resolver<PayCompensationBody>,
    defaultValues: { agentId: row.agentId, month: row.month, reference: '', note: '' },
  });
  const { register, handleSubmit, formState } = form;
  const err = (f: (typeof FIELDS)[number]) => messageText(formState.errors[f]?.message);
  const submit = handleSubmit(async (values) => {
    try {
      handleResponse(await pay.mutateAsync({ ...values, note: values.note || undefined }));
      onClose();
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    }
  });
  return (
    <Dialog
      open
      onClose={() => !pay.isPending && onClose()}
      aria-labelledby="payout-title"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate data-testid="payout-form">
        <DialogTitle id="payout-title">{t('compensation.payout.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Alert severity="info" data-testid="payout-summary">
              {t('compensation.payout.summary', {
                agent: row.agentName,
                month: formatMonth(row.month),
                amount: formatKip(row.payable),
              })}
              {row.payable !== row.pending && (
                <>
                  <br />
                  {t('compensation.payout.earlier', {
                    pending: formatKip(row.pending),
                    amount: formatKip(row.payable),
                  })}
                </>
              )}
            </Alert>
            <TextField
              label={t('compensation.payout.reference')}
              required
              autoFocus
              {...register('reference')}
              error={!!err('reference')}
              helperText={err('reference') || t('compensation.payout.referenceHint')}
              slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'payout-reference' } }}
            />
            <TextField
              label={t('compensation.payout.note')}
              multiline
              minRows={2}
              {...register('note')}
              error={!!err('note')}
              helperText={err('note')}
              slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'payout-note' } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={pay.isPending} onCancel={onClose} saveTestId="payout-save" />
      </form>
    </Dialog>
  );
}
