import WarningAmber from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import type { Member } from '@parking-hub/contracts/members';
import { useTranslation } from 'react-i18next';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { useCancelMember } from '../api/save-member';

/** Cancel a membership (kept, never deleted): the card goes back to the free pool. */
export function CancelDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { t } = useTranslation(['members', 'common']);
  const cancel = useCancelMember();
  const busy = cancel.isPending;
  const confirm = async () => {
    if (!member) return;
    try {
      handleResponse(await cancel.mutateAsync(member.id));
      onClose();
    } catch (error) {
      handleError(error);
    }
  };
  return (
    <Dialog open={member !== null} onClose={() => !busy && onClose()} aria-labelledby="cancel-member-title">
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <WarningAmber color="warning" sx={{ fontSize: 64 }} />
        <Typography id="cancel-member-title" variant="h6" sx={{ mt: 1 }}>
          {t('cancel.title', { number: member?.number ?? '' })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('cancel.text', { name: member?.fullName ?? '' })}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1 }}>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={busy}>
          {t('common:actions.no')}
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
          data-testid="confirm-action"
        >
          {t('cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
