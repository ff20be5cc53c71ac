import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type InvoiceDetail,
  type InvoiceLineKind,
  updateInvoiceBodySchema,
} from '@parking-hub/contracts/rent';
import { type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { formatKip } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useUpdateInvoice } from '../api/rent-api';
import { totalOf } from '../rent-format';

interface LineValues {
  kind: InvoiceLineKind;
  descriptionLo: string;
  descriptionEn: string;
  quantity: string;
  unitPrice: string;
  refId: string | null;
}
interface FormValues {
  lines: LineValues[];
  reason: string;
}

function NewTotal({
  control,
  was,
}: {
  control: ReturnType<typeof useForm<FormValues>>['control'];
  was: number;
}) {
  const { t } = useTranslation('rent');
  const lines = useWatch({ control, name: 'lines' });
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 1,
        flexWrap: 'wrap',
      }}
    >
      <Typography sx={{ fontWeight: 600 }}>{t('adjust.newTotal')}</Typography>
      <Typography sx={{ fontWeight: 700, fontSize: 20 }} data-testid="adjust-total">
        {formatKip(totalOf(lines))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ width: '100%', textAlign: 'right' }}>
        {t('adjust.was', { total: formatKip(was) })}
      </Typography>
    </Box>
  );
}

/** An admin edits an unpaid invoice's lines (description, quantity, unit price; add, remove) with a reason. */
export function AdjustDialog({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const { t } = useTranslation(['rent', 'common']);
  const update = useUpdateInvoice();
  const { register, handleSubmit, control, formState, setError } = useForm<FormValues>({
    defaultValues: {
      lines: invoice.lines.map((l) => ({
        kind: l.kind,
        descriptionLo: l.descriptionLo,
        descriptionEn: l.descriptionEn,
        quantity: String(l.quantity),
        unitPrice: String(l.unitPrice),
        refId: l.refId,
      })),
      reason: '',
    },
  });
  const lines = useFieldArray({ control, name: 'lines' });
  const fields = (): FieldPath<FormValues>[] => [
    'reason',
    ...lines.fields.flatMap((_, i) =>
      (['descriptionLo', 'quantity', 'unitPrice'] as const).map((f) => `lines.${i}.${f}` as const),
    ),
  ];

  const submit = handleSubmit(async (v) => {
    const parsed = updateInvoiceBodySchema.safeParse({
      invoiceId: invoice.id,
      reason: v.reason,
      lines: v.lines.map((l) => ({
        kind: l.kind,
        descriptionLo: l.descriptionLo,
        ...(l.descriptionEn.trim() ? { descriptionEn: l.descriptionEn } : {}),
        quantity: l.quantity.replaceAll(',', '').trim(),
        unitPrice: l.unitPrice.replaceAll(',', '').trim(),
        refId: l.refId,
      })),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.') as FieldPath<FormValues>;
        if (fields().includes(path)) setError(path, { message: issue.message });
        // The total past the cap: said by the new total, not under the reason.
        else if (path === 'lines') setError('root.total', { message: issue.message });
        else setError('reason', { message: issue.message });
      }
      return;
    }
    try {
      handleResponse(await update.mutateAsync(parsed.data));
      onClose();
    } catch (error) {
      showFormError(error, setError, fields());
    }
  });

  const errorOf = (path: FieldPath<FormValues>) => {
    const parts = path.split('.');
    // biome-ignore lint/suspicious/noExplicitAny: walking react-hook-form's nested errors by path
    let node: any = formState.errors;
    for (const p of parts) node = node?.[p];
    return messageText(node?.message);
  };

  return (
    <Dialog
      open
      onClose={() => !update.isPending && onClose()}
      fullWidth
      maxWidth="md"
      aria-labelledby="adjust-title"
    >
      <form onSubmit={submit} noValidate data-testid="adjust-form">
        <DialogTitle id="adjust-title">{t('adjust.title', { number: invoice.number })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('adjust.hint')}
          </Typography>
          <Stack spacing={1.5}>
            {lines.fields.map((line, i) => (
              <Paper
                key={line.id}
                variant="outlined"
                sx={{
                  p: 1.5,
                  display: 'grid',
                  gap: 1.5,
                  gridTemplateColumns: {
                    xs: 'minmax(0, 1fr) minmax(0, 1fr) auto',
                    sm: 'minmax(0, 3fr) minmax(0, 1fr) minmax(0, 1.4fr) auto',
                  },
                  alignItems: 'start',
                }}
                data-testid="adjust-line"
              >
                <TextField
                  label={t('fields.description')}
                  size="small"
                  {...register(`lines.${i}.descriptionLo`)}
                  error={!!errorOf(`lines.${i}.descriptionLo`)}
                  helperText={errorOf(`lines.${i}.descriptionLo`)}
                  sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                  slotProps={{ htmlInput: { 'data-testid': 'line-description', maxLength: 200 } }}
                />
                <TextField
                  label={t('fields.quantity')}
                  size="small"
                  {...register(`lines.${i}.quantity`)}
                  error={!!errorOf(`lines.${i}.quantity`)}
                  helperText={errorOf(`lines.${i}.quantity`)}
                  slotProps={{ htmlInput: { 'data-testid': 'line-quantity', inputMode: 'numeric' } }}
                />
                <TextField
                  label={t('fields.unitPrice')}
                  size="small"
                  {...register(`lines.${i}.unitPrice`)}
                  error={!!errorOf(`lines.${i}.unitPrice`)}
                  helperText={errorOf(`lines.${i}.unitPrice`)}
                  slotProps={{ htmlInput: { 'data-testid': 'line-unitPrice', inputMode: 'text' } }}
                />
                <Tooltip title={t('actions.removeLine')}>
                  <span>
                    <IconButton
                      aria-label={t('actions.removeLine')}
                      onClick={() => lines.remove(i)}
                      disabled={lines.fields.length <= 1}
                      data-testid="line-remove"
                    >
                      <DeleteOutline />
                    </IconButton>
                  </span>
                </Tooltip>
              </Paper>
            ))}
            <Box>
              <Button
                startIcon={<Add />}
                onClick={() =>
                  lines.append({
                    kind: 'ADJUSTMENT',
                    descriptionLo: '',
                    descriptionEn: '',
                    quantity: '1',
                    unitPrice: '',
                    refId: null,
                  })
                }
                data-testid="line-add"
              >
                {t('actions.addLine')}
              </Button>
            </Box>
            <NewTotal control={control} was={invoice.total} />
            {formState.errors.root?.total ? (
              <Typography role="alert" color="error" variant="body2" data-testid="adjust-total-error">
                {messageText(formState.errors.root.total.message)}
              </Typography>
            ) : null}
            <TextField
              label={t('fields.reason')}
              required
              multiline
              minRows={2}
              {...register('reason')}
              error={!!errorOf('reason')}
              helperText={errorOf('reason') || t('adjust.reasonHint')}
              slotProps={{ htmlInput: { 'data-testid': 'adjust-reason', maxLength: 500 } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={update.isPending} onCancel={onClose} saveTestId="adjust-save" />
      </form>
    </Dialog>
  );
}
