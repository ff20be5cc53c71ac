import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AgentRate, commissionRateBodySchema } from '@parking-hub/contracts/finance';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { EmptyState, ErrorState } from '../../../components/states';
import { isApiError } from '../../../lib/api-error';
import { messageText } from '../../../lib/i18n';
import { useAgentRates, useSaveAgentRate } from '../api/save-compensation';
import { percentInput, percentOfBp } from '../compensation-format';

/** One agent's own rate, or the platform's default (switch off). */
function RateEditDialog({ rate, onClose }: { rate: AgentRate; onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const save = useSaveAgentRate();
  const [own, setOwn] = useState(rate.rateBp !== null);
  const [text, setText] = useState(rate.rateBp === null ? '' : String(rate.rateBp / 100));
  const [error, setError] = useState<string>();
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = commissionRateBodySchema.safeParse({
      agentId: rate.agentId,
      ratePercent: own ? (percentInput(text) ?? Number.NaN) : null,
    });
    if (!parsed.success) return setError(messageText(parsed.error.issues[0]?.message));
    try {
      handleResponse(await save.mutateAsync(parsed.data));
      onClose();
    } catch (e) {
      setError(isApiError(e) ? (Object.values(e.messages ?? {})[0] ?? e.message) : String(e));
    }
  };
  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      aria-labelledby="rate-title"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate data-testid="rate-form">
        <DialogTitle id="rate-title">
          {t('compensation.rates.editTitle', { agent: rate.agentName })}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <FormControlLabel
              control={
                <Switch
                  checked={own}
                  onChange={(e) => {
                    setOwn(e.target.checked);
                    setError(undefined);
                  }}
                  slotProps={{ input: { 'data-testid': 'rate-own' } as object }}
                />
              }
              label={t('compensation.rates.own')}
            />
            <TextField
              label={t('compensation.rates.percent')}
              value={own ? text : ''}
              disabled={!own}
              placeholder={own ? undefined : t('compensation.rates.usesDefault')}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
              error={!!error}
              helperText={error || t('compensation.rates.percentHint')}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'rate-percent' } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={save.isPending} onCancel={onClose} saveTestId="rate-save" />
      </form>
    </Dialog>
  );
}

/** Every agent's commission rate (their own, or the default), each editable (admins). */
export function RatesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['finance', 'common']);
  const rates = useAgentRates();
  const [editing, setEditing] = useState<AgentRate | null>(null);
  let body: React.ReactNode;
  if (rates.error && !rates.data)
    body = <ErrorState error={rates.error} onRetry={() => void rates.refetch()} />;
  else if (!rates.data) body = [0, 1, 2].map((i) => <Skeleton key={i} height={40} />);
  else if (rates.data.length === 0) body = <EmptyState title={t('compensation.rates.none')} />;
  else
    body = (
      <Stack divider={<Box sx={{ borderTop: 1, borderColor: 'divider' }} />}>
        {rates.data.map((r) => (
          <Box
            key={r.agentId}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1, minWidth: 0 }}
            data-testid="rate-row"
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{r.agentName}</Typography>
              <Typography variant="body2" color="text.secondary" data-testid="rate-value">
                {r.rateBp === null
                  ? t('compensation.rates.default', { rate: percentOfBp(r.effectiveBp) })
                  : percentOfBp(r.rateBp)}
              </Typography>
            </Box>
            <Button size="small" startIcon={<Edit />} onClick={() => setEditing(r)} data-testid="rate-edit">
              {t('common:actions.edit')}
            </Button>
          </Box>
        ))}
      </Stack>
    );
  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="rates-title">
        <DialogTitle id="rates-title">{t('compensation.rates.title')}</DialogTitle>
        <DialogContent dividers data-testid="rates-list">
          {body}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        </DialogActions>
      </Dialog>
      {editing && <RateEditDialog rate={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
