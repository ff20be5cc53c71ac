import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { financeSettingsBodySchema } from '@parking-hub/contracts/finance';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { ErrorState } from '../../../components/states';
import { messageText } from '../../../lib/i18n';
import { useFinanceSettings, useSaveFinanceSettings } from '../api/finance-settings';

type Field = 'dueDay' | 'defaultCommissionBp';

/** Percent as typed ('10', '12.5') in basis points; what is not a number stays as it is, to be refused. */
const toBp = (text: string) => {
  const n = Number(text.replace(/[\s%]/g, '').replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? text : Math.round(n * 100 * 1e6) / 1e6;
};

/** The invoices' due day (day of the next month) and the default commission of agents (admins). */
export function FinanceSettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const settings = useFinanceSettings(true);
  const save = useSaveFinanceSettings();
  const [dueDay, setDueDay] = useState('');
  const [percent, setPercent] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  useEffect(() => {
    if (!settings.data) return;
    setDueDay(String(settings.data.dueDay));
    setPercent(String(settings.data.defaultCommissionBp / 100));
  }, [settings.data]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = financeSettingsBodySchema.safeParse({
      dueDay: dueDay.trim(),
      defaultCommissionBp: toBp(percent),
    });
    if (!parsed.success)
      return setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
    try {
      handleResponse(await save.mutateAsync(parsed.data));
      onClose();
    } catch (error) {
      showFormError(error, (f, e) => setErrors((prev) => ({ ...prev, [f]: e.message })), [
        'dueDay',
        'defaultCommissionBp',
      ]);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      aria-labelledby="finance-settings-title"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate data-testid="finance-settings-form">
        <DialogTitle id="finance-settings-title">{t('accounting.settings.title')}</DialogTitle>
        <DialogContent dividers>
          {settings.error && !settings.data ? (
            <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
          ) : !settings.data ? (
            <Skeleton height={140} />
          ) : (
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                {t('accounting.settings.explain')}
              </Typography>
              <TextField
                label={t('accounting.settings.dueDay')}
                value={dueDay}
                onChange={(e) => {
                  setDueDay(e.target.value);
                  setErrors((p) => ({ ...p, dueDay: undefined }));
                }}
                error={!!errors.dueDay}
                helperText={messageText(errors.dueDay) || t('accounting.settings.dueDayHint')}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'settings-due-day' } }}
              />
              <TextField
                label={t('accounting.settings.commission')}
                value={percent}
                onChange={(e) => {
                  setPercent(e.target.value);
                  setErrors((p) => ({ ...p, defaultCommissionBp: undefined }));
                }}
                error={!!errors.defaultCommissionBp}
                helperText={
                  messageText(errors.defaultCommissionBp) || t('accounting.settings.commissionHint')
                }
                slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'settings-commission' } }}
              />
            </Stack>
          )}
        </DialogContent>
        <FormDialogActions busy={save.isPending} onCancel={onClose} saveTestId="finance-settings-save" />
      </form>
    </Dialog>
  );
}
