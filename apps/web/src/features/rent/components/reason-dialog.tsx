import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { isApiError } from '../../../lib/api-error';
import { messageText } from '../../../lib/i18n';

/** The rule of contracts/rent's reasons: 3 to 500 characters once trimmed. */
export function reasonError(reason: string): string | undefined {
  const n = reason.trim().length;
  if (n < 3) return 'validation.reasonRequired';
  if (n > 500) return 'validation.tooLong';
  return undefined;
}

/** A confirmation that needs a reason (void an invoice, reverse a payment); the call runs on save. */
export function ReasonDialog({
  title,
  text,
  busy,
  onSave,
  onClose,
  testId,
}: {
  title: string;
  text: string;
  busy: boolean;
  /** Resolves when done (the dialog closes); throws an ApiError to show. */
  onSave: (reason: string) => Promise<unknown>;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('rent');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = reasonError(reason);
    if (problem) {
      setError(messageText(problem));
      return;
    }
    try {
      await onSave(reason.trim());
      onClose();
    } catch (err) {
      // The server's word on the reason goes under the field; anything else is a toast.
      if (isApiError(err) && err.messages?.reason) setError(err.messages.reason);
      else handleError(err);
    }
  };
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${testId}-title`}
    >
      <form onSubmit={submit} noValidate data-testid={testId}>
        <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {text}
          </Typography>
          <TextField
            label={t('fields.reason')}
            required
            fullWidth
            multiline
            minRows={2}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={error || t('adjust.reasonHint')}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-reason`, maxLength: 500 } }}
          />
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId={`${testId}-save`} />
      </form>
    </Dialog>
  );
}
