import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Package } from '@parking-hub/contracts/packages';
import type { ReactNode } from 'react';
import { Controller, type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { messageText } from '../../../lib/i18n';
import { useCreatePackage, useUpdatePackage } from '../api/save-package';
import {
  PACKAGE_FORM_FIELDS,
  type PackageFormOutput,
  type PackageFormValues,
  packageFormSchema,
  packageValues,
} from '../package-form';
import { NumberField } from './kip-field';

export function Pair({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** Create a package (`pkg` null) or edit one; the whole form is sent, the server keeps the rest. */
export function PackageFormDialog({ pkg, onClose }: { pkg: Package | null; onClose: () => void }) {
  const { t } = useTranslation(['packages', 'common']);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const create = useCreatePackage();
  const update = useUpdatePackage();
  const form = useForm<PackageFormValues, unknown, PackageFormOutput>({
    resolver: zodResolver(packageFormSchema) as unknown as Resolver<
      PackageFormValues,
      unknown,
      PackageFormOutput
    >,
    defaultValues: packageValues(pkg),
  });
  const { register, formState, control } = form;
  const err = (name: FieldPath<PackageFormValues>) =>
    messageText((formState.errors as Record<string, { message?: string } | undefined>)[name]?.message);

  const submit = form.handleSubmit(async (output) => {
    try {
      const envelope = pkg
        ? await update.mutateAsync({ id: pkg.id, ...output })
        : await create.mutateAsync(output);
      handleResponse(envelope);
      onClose();
    } catch (error) {
      showFormError(error, form.setError, PACKAGE_FORM_FIELDS);
    }
  });
  const busy = formState.isSubmitting;
  const text = (name: 'nameLo' | 'nameEn') => ({
    ...register(name),
    error: !!err(name),
    helperText: err(name),
    slotProps: { htmlInput: { 'data-testid': `field-${name}` } },
  });
  const num = (name: Exclude<keyof PackageFormValues, 'nameLo' | 'nameEn' | 'active'>, kip = false) => ({
    registration: register(name),
    error: err(name),
    testId: `field-${name}`,
    label: t(`fields.${name}`),
    kip,
  });

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullScreen={phone}
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : undefined } }}
      aria-labelledby="package-form-title"
    >
      <form
        onSubmit={submit}
        noValidate
        data-testid="package-form"
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <DialogTitle id="package-form-title">{pkg ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Pair>
              <TextField label={t('fields.nameLo')} required {...text('nameLo')} />
              <TextField label={t('fields.nameEn')} required {...text('nameEn')} />
            </Pair>
            <NumberField required {...num('monthlyPrice', true)} />
            <Pair>
              <NumberField required {...num('ticketsIncluded')} />
              <NumberField required {...num('extraTicketPrice', true)} />
            </Pair>
            <Pair>
              <NumberField {...num('usersAllowed')} helperText={t('form.noLimitHint')} />
              <NumberField {...num('branchesAllowed')} helperText={t('form.noLimitHint')} />
            </Pair>
            <Controller
              control={control}
              name="active"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      slotProps={{ input: { 'data-testid': 'field-active' } as object }}
                    />
                  }
                  label={t('fields.activeLong')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="package-form-save" />
      </form>
    </Dialog>
  );
}
