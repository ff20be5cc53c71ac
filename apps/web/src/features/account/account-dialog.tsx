import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/feedback/form-errors';
import { handleResponse } from '../../components/feedback/handle-response';
import { FormDialogActions } from '../../components/form/form-dialog-actions';
import { messageText } from '../../lib/i18n';
import { useSession } from '../../lib/session-store';
import { useLogout } from '../auth/api/logout';
import { type AccountForm, accountFormSchema } from './account-form';
import { useUpdateProfile } from './api/update-profile';

/** Spec §4: loaded with the current user id and name, empty passwords; saving signs out. */
export function AccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { userId, fullName } = useSession();
  const logout = useLogout();
  const mutation = useUpdateProfile();
  const form = useForm<AccountForm>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: { userId, fullName, changePassword: false, password: '', password_confirmation: '' },
  });
  const { register, handleSubmit, reset, watch, setValue, clearErrors, formState } = form;
  const changePassword = watch('changePassword');

  useEffect(() => {
    if (open) reset({ userId, fullName, changePassword: false, password: '', password_confirmation: '' });
  }, [open, userId, fullName, reset]);

  const toggle = (checked: boolean) => {
    setValue('changePassword', checked);
    setValue('password', '');
    setValue('password_confirmation', '');
    clearErrors(['password', 'password_confirmation']);
  };

  const submit = handleSubmit(async (values) => {
    try {
      const envelope = await mutation.mutateAsync({
        userId: values.userId,
        fullName: values.fullName,
        ...(values.changePassword
          ? { password: values.password, password_confirmation: values.password_confirmation }
          : {}),
      });
      handleResponse(envelope);
      reset();
      onClose();
      await logout();
    } catch (error) {
      showFormError(error, form.setError, ['fullName', 'password', 'password_confirmation']);
    }
  });

  const err = (name: keyof AccountForm) => messageText(formState.errors[name]?.message);
  const busy = mutation.isPending;
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} aria-labelledby="account-title">
      <form onSubmit={submit} noValidate data-testid="account-form">
        <DialogTitle id="account-title">{t('account.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <input type="hidden" {...register('userId')} />
            <TextField
              label={t('account.fullName')}
              {...register('fullName')}
              error={!!err('fullName')}
              helperText={err('fullName')}
              autoComplete="name"
              required
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={changePassword}
                  onChange={(e) => toggle(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'change-password' } as object }}
                />
              }
              label={t('account.changePassword')}
            />
            <TextField
              type="password"
              label={t('account.password')}
              {...register('password')}
              disabled={!changePassword}
              error={!!err('password')}
              helperText={err('password')}
              autoComplete="new-password"
            />
            <TextField
              type="password"
              label={t('account.passwordConfirmation')}
              {...register('password_confirmation')}
              disabled={!changePassword}
              error={!!err('password_confirmation')}
              helperText={err('password_confirmation')}
              autoComplete="new-password"
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="account-save" />
      </form>
    </Dialog>
  );
}
