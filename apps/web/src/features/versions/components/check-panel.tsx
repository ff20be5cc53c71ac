import { zodResolver } from '@hookform/resolvers/zod';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { APP_PLATFORMS, type AppCheck, type AppCheckQuery } from '@parking-hub/contracts/app-versions';
import type { Envelope } from '@parking-hub/contracts/envelope';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Fact, Facts } from '../../../components/facts';
import { showFormError } from '../../../components/feedback/form-errors';
import { SubmitButton } from '../../../components/form/submit-button';
import { ErrorState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useAppCheck } from '../api/check-app-version';
import { CHECK_FORM_FIELDS, type CheckFormValues, checkFormSchema } from '../version-form';

type Status = 'required' | 'available' | 'upToDate' | 'noRelease';
const SEVERITY: Record<Status, AlertColor> = {
  required: 'error',
  available: 'warning',
  upToDate: 'success',
  noRelease: 'info',
};

function statusOf(answer: AppCheck): Status {
  if (!answer.latest) return 'noRelease';
  if (answer.required) return 'required';
  return answer.updateAvailable ? 'available' : 'upToDate';
}

/** The server's answer: what the phone would be told, why, and the latest release it points to. */
function Answer({ envelope }: { envelope: Envelope<AppCheck> }) {
  const { t } = useTranslation('versions');
  const answer = envelope.data;
  if (!answer) return null;
  const status = statusOf(answer);
  const latest = answer.latest;
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }} data-testid="check-result" data-status={status}>
      <Alert severity={SEVERITY[status]} variant="outlined">
        <AlertTitle data-testid="check-status">{t(`check.status.${status}`)}</AlertTitle>
        <span data-testid="check-message">{envelope.message}</span>
        {answer.reason && (
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="check-reason">
            {t(`check.reason.${answer.reason}`, { min: latest?.minVersion ?? '' })}
          </Typography>
        )}
      </Alert>
      {latest && (
        <Facts columns={{ xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' }}>
          <Fact label={t('check.latest')} testId="check-latest">
            {t('check.versionBuild', { version: latest.version, build: latest.build })}
          </Fact>
          <Fact label={t('fields.releasedAt')}>{formatDateTime(latest.releasedAt)}</Fact>
          <Fact label={t('fields.minVersion')}>{latest.minVersion}</Fact>
          <Fact label={t('fields.storeUrl')}>
            <Link href={latest.storeUrl} target="_blank" rel="noopener noreferrer">
              {t('actions.openStore')}
            </Link>
          </Fact>
          {latest.notes && (
            <Fact label={t('fields.notes')} wide>
              <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                {latest.notes}
              </Box>
            </Fact>
          )}
        </Facts>
      )}
    </Stack>
  );
}

/**
 * Type a phone's platform and version (and build) and see the real answer of the public check
 * (`GET /v1/app/check`), in the screen's language. It follows every change made on the screen.
 */
export function CheckPanel() {
  const { t } = useTranslation('versions');
  const [asked, setAsked] = useState<AppCheckQuery | null>(null);
  const check = useAppCheck(asked);
  const form = useForm<CheckFormValues, unknown, AppCheckQuery>({
    resolver: zodResolver(checkFormSchema) as unknown as Resolver<CheckFormValues, unknown, AppCheckQuery>,
    defaultValues: { platform: 'android', version: '', build: '' },
  });
  const err = (name: keyof CheckFormValues) => messageText(form.formState.errors[name]?.message);

  const submit = form.handleSubmit(async (query) => {
    try {
      await check.fetchFor(query);
      setAsked(query);
    } catch (error) {
      showFormError(error, form.setError, CHECK_FORM_FIELDS);
    }
  });

  let result = (
    <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
      {t('check.waiting')}
    </Typography>
  );
  if (check.query.isPending && asked) result = <Skeleton height={96} />;
  else if (check.query.error)
    result = <ErrorState error={check.query.error} onRetry={() => void check.query.refetch()} />;
  else if (check.query.data) result = <Answer envelope={check.query.data} />;

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby="check-title"
      data-testid="check-panel"
    >
      <Typography id="check-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
        {t('check.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('check.subtitle')}
      </Typography>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr)) auto' },
          maxWidth: 880,
          alignItems: 'start',
          mb: 2,
        }}
      >
        <Controller
          control={form.control}
          name="platform"
          render={({ field }) => (
            <TextField
              select
              label={t('fields.platform')}
              {...field}
              sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
              slotProps={{ htmlInput: { 'data-testid': 'check-platform' } }}
            >
              {APP_PLATFORMS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`platforms.${p}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          label={t('fields.version')}
          required
          {...form.register('version')}
          error={!!err('version')}
          helperText={err('version')}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'check-version' } }}
        />
        <TextField
          label={t('check.build')}
          {...form.register('build')}
          error={!!err('build')}
          helperText={err('build')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'check-build' } }}
        />
        <SubmitButton
          busy={form.formState.isSubmitting}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minHeight: 40 }}
          data-testid="check-submit"
        >
          {t('check.submit')}
        </SubmitButton>
      </Box>
      {result}
    </Paper>
  );
}
