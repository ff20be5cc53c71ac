import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../components/feedback/form-errors';
import { handleResponse } from '../../components/feedback/handle-response';
import { FormDialogActions } from '../../components/form/form-dialog-actions';
import { messageText } from '../../lib/i18n';
import { useSession } from '../../lib/session-store';
import { useLogout } from '../auth/api/logout';
import {
  type AccountForm,
  type AccountFormInput,
  accountFormSchema,
  CONTACT_FIELDS,
  profileBody,
} from './account-form';
import { useOwnContacts } from './api/get-own-contacts';
import { useUpdateProfile } from './api/update-profile';

const FIELDS = ['fullName', 'email', 'whatsapp', 'password', 'password_confirmation'] as const;

/**
 * Spec §4: loaded with the current user id and name, empty passwords; saving signs out. E-mail and
 * WhatsApp (where a forgotten-password code goes) load from the users list and are sent when changed.
 */
export function AccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { userId, fullName } = useSession();
  const logout = useLogout();
  const mutation = useUpdateProfile();
  const contacts = useOwnContacts(open);
  const form = useForm<AccountFormInput, unknown, AccountForm>({
    resolver: zodResolver(accountFormSchema) as unknown as Resolver<AccountFormInput, unknown, AccountForm>,
    defaultValues: emptyValues(userId, fullName),
  });
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    getFieldState,
    watch,
    setValue,
    clearErrors,
    formState,
  } = form;
  const changePassword = watch('changePassword');
  const loading = contacts.isPending && contacts.fetchStatus !== 'idle';
  const loaded = contacts.isSuccess;

  useEffect(() => {
    if (open) reset(emptyValues(userId, fullName));
  }, [open, userId, fullName, reset]);

  // The current values arrive after the dialog opens: fill the fields the user has not touched.
  useEffect(() => {
    if (!open || !contacts.data) return;
    for (const field of CONTACT_FIELDS) {
      if (!getFieldState(field).isDirty) resetField(field, { defaultValue: contacts.data[field] ?? '' });
    }
  }, [open, contacts.data, resetField, getFieldState]);

  const toggle = (checked: boolean) => {
    setValue('changePassword', checked);
    setValue('password', '');
    setValue('password_confirmation', '');
    clearErrors(['password', 'password_confirmation']);
  };

  const submit = handleSubmit(async (values) => {
    try {
      const envelope = await mutation.mutateAsync(profileBody(values, formState.dirtyFields, loaded));
      handleResponse(envelope);
      reset();
      onClose();
      await logout();
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    }
  });

  const err = (name: keyof AccountFormInput) => messageText(formState.errors[name]?.message);
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
            <TextField
              type="email"
              label={t('account.email')}
              {...register('email')}
              disabled={loading}
              error={!!err('email')}
              helperText={err('email')}
              autoComplete="email"
              slotProps={{ htmlInput: { 'data-testid': 'account-email' } }}
            />
            <TextField
              type="tel"
              label={t('account.whatsapp')}
              {...register('whatsapp')}
              disabled={loading}
              error={!!err('whatsapp')}
              helperText={err('whatsapp') || t('account.whatsappHint')}
              autoComplete="tel"
              slotProps={{ htmlInput: { 'data-testid': 'account-whatsapp' } }}
            />
            <Typography variant="body2" color="text.secondary" data-testid="account-contacts-hint">
              {t('account.contactsHint')}
              {!loading && !loaded && ` ${t('account.contactsUnknown')}`}
            </Typography>
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

function emptyValues(userId: string, fullName: string): AccountFormInput {
  return {
    userId,
    fullName,
    email: '',
    whatsapp: '',
    changePassword: false,
    password: '',
    password_confirmation: '',
  };
}
