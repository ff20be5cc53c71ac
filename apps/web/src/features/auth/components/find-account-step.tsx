import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type FindAccountBody,
  type FindAccountResult,
  findAccountBodySchema,
} from '@parking-hub/contracts/password-reset';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/form/submit-button';
import { dataOf } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { messageText } from '../../../lib/i18n';
import { findAccount } from '../api/find-account';

interface Props {
  identifier: string;
  onFound: (result: FindAccountResult, identifier: string) => void;
  onFailure: (error: unknown) => void;
}

/** Step 1: one field, the user name, phone number or e-mail of the account. */
export function FindAccountStep({ identifier, onFound, onFailure }: Props) {
  const { t } = useTranslation('password-help');
  const { register, handleSubmit, setError, formState } = useForm<FindAccountBody>({
    resolver: zodResolver(findAccountBodySchema),
    defaultValues: { identifier },
  });

  const submit = handleSubmit(async (values) => {
    try {
      onFound(dataOf(await findAccount(values)), values.identifier);
    } catch (error) {
      const message = isApiError(error) ? error.messages?.identifier : undefined;
      if (message) setError('identifier', { type: 'server', message }, { shouldFocus: true });
      else onFailure(error);
    }
  });

  const error = messageText(formState.errors.identifier?.message);
  return (
    <form onSubmit={submit} noValidate data-testid="find-account-form">
      <Stack spacing={2}>
        <Typography>{t('find.intro')}</Typography>
        <TextField
          label={t('find.identifier')}
          {...register('identifier')}
          autoFocus
          autoComplete="username"
          error={!!error}
          helperText={error}
          slotProps={{
            htmlInput: { autoCapitalize: 'none', spellCheck: false, 'data-testid': 'reset-identifier' },
          }}
        />
        <SubmitButton busy={formState.isSubmitting} size="large" data-testid="reset-find">
          {t('find.submit')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
