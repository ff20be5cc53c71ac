import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GenerateInvoicesResult } from '@parking-hub/contracts/rent';
import type { ShopOption } from '@parking-hub/contracts/shops';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError, handleResponse } from '../../../components/feedback/handle-response';
import { SubmitButton } from '../../../components/form/submit-button';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { formatMonth } from '../../../lib/months';
import { useGenerateInvoices } from '../api/rent-api';
import { invoiceableMonths } from '../rent-format';

function Result({ result }: { result: GenerateInvoicesResult }) {
  const { t } = useTranslation('rent');
  const row = (label: string, n: number, testId: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{label}</span>
      <Box component="strong" data-testid={testId}>
        {n.toLocaleString('en-US')}
      </Box>
    </Box>
  );
  return (
    <Alert severity="success" sx={{ '& .MuiAlert-message': { width: '100%' } }} data-testid="generate-result">
      <Typography sx={{ fontWeight: 600, mb: 1 }}>
        {t('generate.result', { month: formatMonth(result.month) })}
      </Typography>
      {row(t('generate.created'), result.created, 'generate-created')}
      {row(t('generate.existing'), result.existing, 'generate-existing')}
      {row(t('generate.skipped'), result.skipped, 'generate-skipped')}
      {result.numbers.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t('generate.numbers', {
            numbers: result.numbers.slice(0, 20).join(', ') + (result.numbers.length > 20 ? ', …' : ''),
          })}
        </Typography>
      )}
    </Alert>
  );
}

/** Admins make a month's invoices now: every shop, or the shops chosen; the answer says what was made. */
export function GenerateDialog({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (month: string) => void;
}) {
  const { t } = useTranslation(['rent', 'common']);
  const months = invoiceableMonths();
  const [month, setMonth] = useState(months[0] as string);
  const [shops, setShops] = useState<ShopOption[]>([]);
  const [result, setResult] = useState<GenerateInvoicesResult | null>(null);
  const generate = useGenerateInvoices();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      const envelope = await generate.mutateAsync({
        month,
        ...(shops.length > 0 ? { shopIds: shops.map((s) => s.id) } : {}),
      });
      handleResponse(envelope);
      if (envelope.data) setResult(envelope.data);
      onDone(month);
    } catch (error) {
      handleError(error);
    }
  };

  return (
    <Dialog
      open
      onClose={() => !generate.isPending && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="generate-title"
    >
      <form onSubmit={submit} noValidate data-testid="generate-form">
        <DialogTitle id="generate-title">{t('generate.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('generate.hint')}
            </Typography>
            <TextField
              select
              label={t('fields.month')}
              value={month}
              onChange={(e) => {
                setMonth(e.target.value);
                setResult(null);
              }}
              slotProps={{ htmlInput: { 'data-testid': 'generate-month' } }}
            >
              {months.map((m) => (
                <MenuItem key={m} value={m}>
                  {formatMonth(m)}
                </MenuItem>
              ))}
            </TextField>
            <ShopPicker
              label={t('generate.shops')}
              placeholder={t('generate.allShops')}
              shrinkLabel
              value={null}
              onChange={(shop) => {
                if (shop && !shops.some((s) => s.id === shop.id)) setShops([...shops, shop]);
                setResult(null);
              }}
              data-testid="generate-shop"
            />
            {shops.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="generate-shops">
                {shops.map((s) => (
                  <Chip
                    key={s.id}
                    label={s.name}
                    onDelete={() => setShops(shops.filter((x) => x.id !== s.id))}
                    sx={{ maxWidth: '100%' }}
                  />
                ))}
              </Box>
            )}
            {result && <Result result={result} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button
            color="inherit"
            onClick={onClose}
            disabled={generate.isPending}
            data-testid="generate-close"
          >
            {t(result ? 'actions.done' : 'common:actions.cancel')}
          </Button>
          <SubmitButton busy={generate.isPending} data-testid="generate-save">
            {t('actions.make')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
