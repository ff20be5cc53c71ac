import WarningAmber from '@mui/icons-material/WarningAmber';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmButtonProps {
  /** Runs only on confirm; the dialog closes when it settles. */
  onConfirm: () => unknown | Promise<unknown>;
  title: string;
  text?: string;
  confirmText?: string;
  /** The action is running (e.g. a mutation's isPending): the button is disabled with a spinner. */
  loading?: boolean;
  disabled?: boolean;
  /** The trigger's colour. */
  color?: ButtonProps['color'];
  /** The confirm button's colour (the trigger's unless told). */
  confirmColor?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
  /** An icon-only button (label becomes its tooltip and accessible name). */
  icon?: ReactNode;
  children?: ReactNode;
  'data-testid'?: string;
}

/** Spec §4: a warning dialog with cancel / confirm; disabled with a spinner while loading. */
export function ConfirmButton(props: ConfirmButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const busy = running || props.loading === true;
  const label = props.children ?? props.title;

  const confirm = async () => {
    setRunning(true);
    try {
      await props.onConfirm();
    } finally {
      setRunning(false);
      setOpen(false);
    }
  };

  const spinner = <CircularProgress size={18} color="inherit" />;
  const trigger = props.icon ? (
    <Tooltip title={props.title}>
      <span>
        <IconButton
          aria-label={props.title}
          color={props.color === 'inherit' ? 'default' : props.color}
          disabled={props.disabled || busy}
          onClick={() => setOpen(true)}
          data-testid={props['data-testid']}
        >
          {busy ? spinner : props.icon}
        </IconButton>
      </span>
    </Tooltip>
  ) : (
    <Button
      color={props.color}
      variant={props.variant ?? 'contained'}
      disabled={props.disabled || busy}
      startIcon={busy ? spinner : undefined}
      onClick={() => setOpen(true)}
      data-testid={props['data-testid']}
    >
      {label}
    </Button>
  );

  return (
    <>
      {trigger}
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="confirm-title">
        <DialogContent sx={{ textAlign: 'center', pt: 4 }}>
          <WarningAmber color="warning" sx={{ fontSize: 64 }} />
          <Typography id="confirm-title" variant="h6" sx={{ mt: 1 }}>
            {props.title}
          </Typography>
          {props.text && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {props.text}
            </Typography>
          )}
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'center', pb: 3, gap: 1 }}>
          <Button variant="outlined" color="inherit" onClick={() => setOpen(false)} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button
            variant="contained"
            color={props.confirmColor ?? (props.color === 'inherit' ? 'primary' : (props.color ?? 'primary'))}
            onClick={confirm}
            disabled={busy}
            startIcon={busy ? spinner : undefined}
            data-testid="confirm-action"
          >
            {props.confirmText ?? t('actions.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
