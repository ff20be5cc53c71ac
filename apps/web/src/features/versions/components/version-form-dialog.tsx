import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  APP_NOTES_MAX,
  APP_PLATFORMS,
  type AppPlatform,
  type AppVersion,
} from '@parking-hub/contracts/app-versions';
import { type ReactNode, useEffect, useRef } from 'react';
import { Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { DateField } from '../../../components/filters/date-field';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { ApiError, isApiError } from '../../../lib/api-error';
import { messageText } from '../../../lib/i18n';
import { useAppVersions } from '../api/get-app-versions';
import { useCreateAppVersion, useUpdateAppVersion } from '../api/save-app-version';
import {
  formField,
  VERSION_FORM_FIELDS,
  type VersionFormOutput,
  type VersionFormValues,
  versionBody,
  versionFormSchema,
  versionValues,
} from '../version-form';

/** The phone keypad for each box: digits and dots for versions, digits for the build. */
const INPUT_MODE = { version: 'decimal', build: 'numeric', minVersion: 'decimal', storeUrl: 'url' } as const;

function Row({ children, columns = 2 }: { children: ReactNode; columns?: number }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: `repeat(${columns}, minmax(0, 1fr))` },
        alignItems: 'start',
      }}
    >
      {children}
    </Box>
  );
}

/** The server names the release time `releasedAt`; the form shows it under the day. */
function onFormFields(error: unknown): unknown {
  if (!isApiError(error) || !error.messages) return error;
  const messages = Object.fromEntries(Object.entries(error.messages).map(([f, m]) => [formField(f), m]));
  return new ApiError({ status: error.status, kind: error.kind, message: error.message, messages });
}

/**
 * Add a release (`item` null) or edit one. A new one starts from the platform's latest: its
 * minimum supported version and store link, released now.
 */
export function VersionFormDialog({
  item,
  platform,
  latest,
  onClose,
}: {
  item: AppVersion | null;
  platform: AppPlatform;
  latest: AppVersion | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['versions', 'common']);
  const create = useCreateAppVersion();
  const update = useUpdateAppVersion();
  const form = useForm<VersionFormValues, unknown, VersionFormOutput>({
    resolver: zodResolver(versionFormSchema) as unknown as Resolver<
      VersionFormValues,
      unknown,
      VersionFormOutput
    >,
    defaultValues: versionValues(item, platform, latest),
  });
  const { register, formState, control } = form;
  // A new release takes its platform's latest minimum and store link; choosing the other platform
  // takes that one's (unless the box was changed by hand), never Android's link on an iOS release.
  const chosen = form.watch('platform');
  const latestOfChosen = useAppVersions({ platform: chosen, page: 1 });
  const filled = useRef({ platform, minVersion: latest?.minVersion ?? '', storeUrl: latest?.storeUrl ?? '' });
  useEffect(() => {
    if (item || chosen === filled.current.platform || !latestOfChosen.isSuccess) return;
    const next = latestOfChosen.data.data?.find((r) => r.platform === chosen && r.latest);
    for (const name of ['minVersion', 'storeUrl'] as const) {
      const now = form.getValues(name);
      if (now === '' || now === filled.current[name]) form.setValue(name, next?.[name] ?? '');
    }
    filled.current = { platform: chosen, minVersion: next?.minVersion ?? '', storeUrl: next?.storeUrl ?? '' };
  }, [item, chosen, latestOfChosen.isSuccess, latestOfChosen.data, form]);
  const err = (name: FieldPath<VersionFormValues>) =>
    messageText((formState.errors as Record<string, { message?: string } | undefined>)[name]?.message);

  const submit = form.handleSubmit(async (output) => {
    try {
      const { platform: _kept, ...changes } = versionBody(output);
      const envelope = item
        ? await update.mutateAsync({ id: item.id, ...changes })
        : await create.mutateAsync(versionBody(output));
      handleResponse(envelope);
      onClose();
    } catch (error) {
      showFormError(onFormFields(error), form.setError, VERSION_FORM_FIELDS);
    }
  });
  const busy = formState.isSubmitting;
  const text = (name: 'version' | 'build' | 'minVersion' | 'storeUrl', hint?: string) => ({
    ...register(name),
    error: !!err(name),
    helperText: err(name) || hint,
    slotProps: { htmlInput: { 'data-testid': `field-${name}`, inputMode: INPUT_MODE[name] } },
  });
  const notes = (name: 'notesLo' | 'notesEn') => {
    const length = form.watch(name).length;
    return {
      ...register(name),
      multiline: true,
      minRows: 2,
      error: !!err(name) || length > APP_NOTES_MAX,
      helperText:
        err(name) ||
        t('form.notesCount', {
          count: length.toLocaleString('en-US'),
          max: APP_NOTES_MAX.toLocaleString('en-US'),
        }),
      slotProps: { htmlInput: { 'data-testid': `field-${name}` } },
    };
  };

  return (
    <FormDialog
      id="version"
      title={item ? t('form.editTitle', { version: item.version }) : t('form.createTitle')}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <DialogContent dividers>
        <Stack spacing={2}>
          <Row columns={3}>
            <Controller
              control={control}
              name="platform"
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.platform')}
                  {...field}
                  disabled={!!item}
                  error={!!err('platform')}
                  helperText={err('platform')}
                  slotProps={{ htmlInput: { 'data-testid': 'field-platform' } }}
                >
                  {APP_PLATFORMS.map((p) => (
                    <MenuItem key={p} value={p}>
                      {t(`platforms.${p}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField label={t('fields.version')} required {...text('version', t('form.versionHint'))} />
            <TextField label={t('fields.build')} required {...text('build', t('form.buildHint'))} />
          </Row>
          <Row>
            <TextField
              label={t('fields.minVersion')}
              required
              {...text('minVersion', t('form.minVersionHint'))}
            />
            <Controller
              control={control}
              name="forceUpdate"
              render={({ field }) => (
                <Box>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        slotProps={{ input: { 'data-testid': 'field-forceUpdate' } as object }}
                      />
                    }
                    label={t('fields.forceUpdate')}
                  />
                  <FormHelperText sx={{ mt: 0 }}>{t('form.forceUpdateHint')}</FormHelperText>
                </Box>
              )}
            />
          </Row>
          <TextField label={t('fields.storeUrl')} required {...text('storeUrl', t('form.storeUrlHint'))} />
          <Row>
            <Controller
              control={control}
              name="releasedDate"
              render={({ field }) => (
                <DateField
                  label={t('fields.releasedDate')}
                  value={field.value}
                  onChange={field.onChange}
                  testId="field-releasedDate"
                  error={!!err('releasedDate')}
                  helperText={err('releasedDate') || t('form.releasedHint')}
                />
              )}
            />
            <TextField
              label={t('fields.releasedTime')}
              placeholder="HH:mm"
              {...register('releasedTime')}
              error={!!err('releasedTime')}
              helperText={err('releasedTime')}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': 'field-releasedTime' },
              }}
            />
          </Row>
          <TextField label={t('fields.notesLo')} {...notes('notesLo')} />
          <TextField label={t('fields.notesEn')} {...notes('notesEn')} />
        </Stack>
      </DialogContent>
      <FormDialogActions busy={busy} onCancel={onClose} saveTestId="version-form-save" />
    </FormDialog>
  );
}
