import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MuiTheme } from '../../app/mui-theme';
import { type AlertVariant, closeAlert, useOpenAlert } from './alert-store';

const icons: Record<AlertVariant, typeof WarningAmber> = {
  success: CheckCircleOutline,
  error: ErrorOutline,
  warning: WarningAmber,
};

/**
 * Renders the alert opened with showAlert(); one at a time. Loaded by FeedbackHost on first use,
 * with the MUI theme (the root has none: decision 005).
 */
export default function AlertDialog() {
  return (
    <MuiTheme>
      <OpenAlert />
    </MuiTheme>
  );
}

function OpenAlert() {
  const { t } = useTranslation();
  const alert = useOpenAlert();
  const id = alert?.id;
  const timer = alert?.timer;

  useEffect(() => {
    if (id === undefined || !timer) return;
    const handle = setTimeout(() => closeAlert(id), timer);
    return () => clearTimeout(handle);
  }, [id, timer]);

  if (!alert) return null;
  const Icon = icons[alert.variant];
  const confirmText = alert.confirmText === undefined ? t('actions.ok') : alert.confirmText;
  return (
    <Dialog
      open
      onClose={() => closeAlert(alert.id)}
      aria-labelledby="alert-title"
      data-testid="alert-dialog"
    >
      <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
        <Icon color={alert.variant} sx={{ fontSize: 64 }} />
        <Typography id="alert-title" variant="h6" sx={{ mt: 1 }}>
          {alert.title}
        </Typography>
        {alert.text && (
          <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
            {alert.text}
          </Typography>
        )}
      </DialogContent>
      {confirmText && (
        <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
          <Button variant="contained" onClick={() => closeAlert(alert.id)} autoFocus>
            {confirmText}
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
