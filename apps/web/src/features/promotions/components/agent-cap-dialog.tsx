import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AgentCap, agentCapSchema } from '@parking-hub/contracts/promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { messageText } from '../../../lib/i18n';
import { useUpdateAgentCap } from '../api/agent-cap';

const FIELDS = ['maxPercent', 'maxAmount', 'maxFreeMonths', 'maxActive'] as const;
type Field = (typeof FIELDS)[number];

/** Admins set how far agents' promotions may go: the highest discount of each kind, how many running. */
export function AgentCapDialog({ cap, onClose }: { cap: AgentCap; onClose: () => void }) {
  const { t } = useTranslation('promotions');
  const save = useUpdateAgentCap();
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(FIELDS.map((f) => [f, String(cap[f])])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = agentCapSchema.safeParse(
      Object.fromEntries(FIELDS.map((f) => [f, values[f].replace(/,/g, '').trim() || undefined])),
    );
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => [String(i.path[0]), messageText(i.message, { max: 100 })]),
        ),
      );
      return;
    }
    try {
      handleResponse(await save.mutateAsync(parsed.data));
      onClose();
    } catch (error) {
      showFormError(error, (field, e) => setErrors((prev) => ({ ...prev, [field]: e.message })), FIELDS);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      aria-labelledby="cap-title"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={submit} noValidate data-testid="cap-form">
        <DialogTitle id="cap-title">{t('cap.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t('cap.explain')}
            </Typography>
            {FIELDS.map((f) => (
              <TextField
                key={f}
                label={t(`cap.${f}`)}
                value={values[f]}
                onChange={(e) => setValues((prev) => ({ ...prev, [f]: e.target.value }))}
                error={!!errors[f]}
                helperText={errors[f]}
                slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': `cap-${f}` } }}
              />
            ))}
          </Stack>
        </DialogContent>
        <FormDialogActions busy={save.isPending} onCancel={onClose} saveTestId="cap-save" />
      </form>
    </Dialog>
  );
}
