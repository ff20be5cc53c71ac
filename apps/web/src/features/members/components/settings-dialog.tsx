import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { updateMembershipSettingsBodySchema } from '@parking-hub/contracts/members';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { ErrorState } from '../../../components/states';
import { messageText } from '../../../lib/i18n';
import { useMembershipSettings, useSaveMembershipSettings } from '../api/get-plans';
import { fieldErrors } from './field-errors';
import { FORM_IN_DIALOG } from './form-in-dialog';

/** A shop's member settings (managers and above): staff may sell passes; days of the reminder. */
export function SettingsDialog({
  shopId,
  shopName,
  onClose,
}: {
  shopId: string | null;
  shopName: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['members', 'common']);
  const open = shopId !== null;
  const settings = useMembershipSettings(shopId, open);
  const save = useSaveMembershipSettings();
  const [staffSell, setStaffSell] = useState(false);
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (settings.data) {
      setStaffSell(settings.data.staffSellPasses);
      setDays(String(settings.data.reminderDays));
      setError(undefined);
    }
  }, [settings.data]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = updateMembershipSettingsBodySchema.safeParse({
      shopId,
      staffSellPasses: staffSell,
      reminderDays: days.trim(),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    try {
      handleResponse(await save.mutateAsync(parsed.data));
      onClose();
    } catch (e) {
      setError(fieldErrors(e, ['reminderDays'] as const).reminderDays);
    }
  };

  const busy = save.isPending;
  return (
    <Dialog
      open={open}
      onClose={() => !busy && onClose()}
      aria-labelledby="settings-title"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate data-testid="settings-form" style={FORM_IN_DIALOG}>
        <DialogTitle id="settings-title">{t('settings.title')}</DialogTitle>
        <DialogContent>
          {shopName && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {shopName}
            </Typography>
          )}
          {settings.error && !settings.data ? (
            <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
          ) : !settings.data ? (
            <Skeleton height={120} />
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <FormControlLabel
                control={
                  <Switch
                    checked={staffSell}
                    onChange={(e) => setStaffSell(e.target.checked)}
                    slotProps={{ input: { 'data-testid': 'settings-staff-sell' } as object }}
                  />
                }
                label={t('settings.staffSell')}
              />
              <TextField
                type="number"
                label={t('settings.reminderDays')}
                value={days}
                onChange={(e) => {
                  setDays(e.target.value);
                  setError(undefined);
                }}
                error={!!error}
                helperText={error ? messageText(error) : t('settings.reminderHint')}
                slotProps={{
                  htmlInput: { min: 0, max: 60, inputMode: 'numeric', 'data-testid': 'settings-days' },
                }}
              />
            </Stack>
          )}
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="settings-save" />
      </form>
    </Dialog>
  );
}
