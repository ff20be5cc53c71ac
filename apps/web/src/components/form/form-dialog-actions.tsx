import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from './submit-button';

/** Cancel and Save at the foot of a form dialog; both wait while the save runs. */
export function FormDialogActions({
  busy,
  onCancel,
  saveTestId,
}: {
  busy: boolean;
  onCancel: () => void;
  saveTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel} color="inherit" disabled={busy}>
        {t('actions.cancel')}
      </Button>
      <SubmitButton busy={busy} data-testid={saveTestId}>
        {t('actions.save')}
      </SubmitButton>
    </DialogActions>
  );
}
