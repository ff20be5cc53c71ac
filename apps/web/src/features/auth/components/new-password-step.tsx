import { zodResolver } from '@hookform/resolvers/zod';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Envelope } from '@parking-hub/contracts/envelope';
import { newPasswordSchema } from '@parking-hub/contracts/fields';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showFormError } from '../../../components/feedback/form-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { isApiError } from '../../../lib/api-error';
import { messageText } from '../../../lib/i18n';
import { resetPassword } from '../api/reset-password';
import { needsRestart } from '../reset-errors';

const FIELDS = ['password', 'password_confirmation'] as const;

const formSchema = z
  .object({
    password: newPasswordSchema,
    password_confirmation: z.string().min(1, { error: 'validation.passwordConfirmRequired' }),
  })
  .refine((v) => !v.password_confirmation || v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: 'validation.passwordMismatch',
  });
type PasswordForm = z.infer<typeof formSchema>;

interface Props {
  resetToken: string;
  onDone: (envelope: Envelope<null>) => void;
  onFailure: (error: unknown) => void;
}

/** Step 4: the new password twice. The server's field messages go under the fields. */
export function NewPasswordStep({ resetToken, onDone, onFailure }: Props) {
  const { t } = useTranslation('password-help');
  const [visible, setVisible] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<PasswordForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      onDone(await resetPassword({ resetToken, ...values }));
    } catch (error) {
      const onFields = isApiError(error) && FIELDS.some((f) => error.messages?.[f]);
      if (onFields && !needsRestart(error)) showFormError(error, setError, FIELDS);
      else onFailure(error);
    }
  });

  const err = (name: keyof PasswordForm) => messageText(formState.errors[name]?.message);
  const type = visible ? 'text' : 'password';
  const toggle = (
    <InputAdornment position="end">
      <IconButton
        onClick={() => setVisible((v) => !v)}
        aria-label={t(visible ? 'password.hide' : 'password.show')}
        edge="end"
      >
        {visible ? <VisibilityOff /> : <Visibility />}
      </IconButton>
    </InputAdornment>
  );
  return (
    <form onSubmit={submit} noValidate data-testid="new-password-form">
      <Stack spacing={2}>
        <Typography>{t('password.intro')}</Typography>
        <TextField
          type={type}
          label={t('password.password')}
          {...register('password')}
          autoFocus
          autoComplete="new-password"
          error={!!err('password')}
          helperText={err('password') || t('password.hint')}
          slotProps={{ input: { endAdornment: toggle }, htmlInput: { 'data-testid': 'reset-new-password' } }}
        />
        <TextField
          type={type}
          label={t('password.confirmation')}
          {...register('password_confirmation')}
          autoComplete="new-password"
          error={!!err('password_confirmation')}
          helperText={err('password_confirmation')}
          slotProps={{ htmlInput: { 'data-testid': 'reset-new-password-confirmation' } }}
        />
        <Typography variant="body2" color="text.secondary">
          {t('sessions')}
        </Typography>
        <SubmitButton busy={formState.isSubmitting} size="large" data-testid="reset-save">
          {t('password.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
