import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Member } from '@parking-hub/contracts/members';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { toast } from '../../../components/feedback/toast-store';
import { DateField } from '../../../components/filters/date-field';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { messageText } from '../../../lib/i18n';
import { useUpdateMember } from '../api/save-member';
import { checkEdit, EDIT_FIELDS, type EditField, type EditValues, editValuesOf } from '../member-forms';
import { FORM_IN_DIALOG } from './form-in-dialog';
import { MemberFields } from './member-fields';

/** A manager's edit of a member: details, the period's dates, suspend or reactivate. */
export function EditDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { t } = useTranslation(['members', 'common']);
  const update = useUpdateMember();
  const form = useForm<EditValues>();
  const { register, handleSubmit, reset, control, formState, setError, clearErrors } = form;
  useEffect(() => {
    if (member) reset(editValuesOf(member));
  }, [member, reset]);

  const submit = handleSubmit(async (values) => {
    if (!member) return;
    const checked = checkEdit(member, values);
    if (checked === null) {
      toast.info(t('edit.nothing'));
      return onClose();
    }
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.issues))
        setError(field as EditField, { message: message as string });
      return;
    }
    try {
      handleResponse(await update.mutateAsync(checked.body));
      onClose();
    } catch (error) {
      showFormError(error, setError, EDIT_FIELDS);
    }
  });

  const err = (name: EditField) => messageText(formState.errors[name]?.message);
  const busy = update.isPending;
  return (
    <Dialog
      open={member !== null}
      onClose={() => !busy && onClose()}
      aria-labelledby="edit-title"
      fullWidth
      maxWidth="sm"
    >
      {member && (
        <form onSubmit={submit} noValidate data-testid="edit-form" style={FORM_IN_DIALOG}>
          <DialogTitle id="edit-title">{t('edit.title', { number: member.number })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <MemberFields control={control} err={err} clearError={clearErrors} testId="edit" />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Controller
                  control={control}
                  name="validFrom"
                  render={({ field }) => (
                    <DateField
                      label={t('fields.validFrom')}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      testId="edit-validFrom"
                      error={!!err('validFrom')}
                      helperText={err('validFrom')}
                      sx={{ flex: 1 }}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="validUntil"
                  render={({ field }) => (
                    <DateField
                      label={t('fields.validUntil')}
                      value={field.value ?? ''}
                      onChange={field.onChange}
                      testId="edit-validUntil"
                      error={!!err('validUntil')}
                      helperText={err('validUntil')}
                      sx={{ flex: 1 }}
                    />
                  )}
                />
              </Stack>
              <Controller
                control={control}
                name="suspended"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={!!field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        slotProps={{ input: { 'data-testid': 'edit-suspended' } as object }}
                      />
                    }
                    label={t('edit.suspended')}
                  />
                )}
              />
              <TextField
                label={t('fields.note')}
                multiline
                minRows={2}
                {...register('note')}
                error={!!err('note')}
                helperText={err('note')}
                slotProps={{ htmlInput: { 'data-testid': 'edit-note' } }}
              />
            </Stack>
          </DialogContent>
          <FormDialogActions busy={busy} onCancel={onClose} saveTestId="edit-save" />
        </form>
      )}
    </Dialog>
  );
}
