import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { FormEventHandler, ReactNode } from 'react';
import { FULL_SCREEN_PAPER } from '../full-screen';

/**
 * A form in a dialog: full screen on a phone, the form a column of its own so its content scrolls
 * between the title and the actions; closing by the backdrop or Escape waits while it saves.
 * `id` names the form (`<id>-form` is its test id, `<id>-title` its title).
 */
export function FormDialog({
  id,
  title,
  busy,
  onClose,
  onSubmit,
  maxWidth = 'md',
  children,
}: {
  id: string;
  title: ReactNode;
  busy: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  maxWidth?: 'sm' | 'md';
  children: ReactNode;
}) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullScreen={phone}
      maxWidth={maxWidth}
      fullWidth
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : undefined } }}
      aria-labelledby={`${id}-title`}
    >
      <form
        onSubmit={onSubmit}
        noValidate
        data-testid={`${id}-form`}
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        {children}
      </form>
    </Dialog>
  );
}
