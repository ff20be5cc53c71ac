import QrCode from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UpdateCompanyBody } from '@parking-hub/contracts/company';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/i18n';
import {
  COMPANY_QR_FIELDS,
  COMPANY_QR_MAX_LENGTH,
  type CompanyFormValues,
  type CompanyQrField,
  isCompanyQrEmpty,
} from '../company-form';

const NUMERIC: ReadonlySet<CompanyQrField> = new Set(['iin', 'mcc']);

/**
 * The platform's Lao QR receiver: where a shop's rent goes when it pays by the QR on its public
 * invoice. Always open (a SUPER-ADMIN comes here for it); five boxes, all filled or all empty.
 */
export function CompanyQrReceiverFields({
  form,
}: {
  form: UseFormReturn<CompanyFormValues, unknown, UpdateCompanyBody>;
}) {
  const { t } = useTranslation('company');
  const { register, watch, setValue, formState, clearErrors } = form;
  const empty = isCompanyQrEmpty(watch('qrReceiver'));
  const errors = formState.errors.qrReceiver;

  const clear = () => {
    for (const f of COMPANY_QR_FIELDS) setValue(`qrReceiver.${f}`, '', { shouldDirty: true });
    clearErrors('qrReceiver');
  };

  return (
    <Box
      component="fieldset"
      sx={{
        border: 1,
        borderColor: errors ? 'error.main' : 'divider',
        borderRadius: 1,
        m: 0,
        p: { xs: 1.5, sm: 2 },
        minWidth: 0,
      }}
      data-testid="company-qr-receiver"
    >
      <Box component="legend" sx={{ px: 0.5, display: 'flex', alignItems: 'center', gap: 1 }}>
        <QrCode color="primary" fontSize="small" />
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {t('qrReceiver.title')}
        </Typography>
      </Box>
      <Typography
        variant="body2"
        color={empty ? 'text.secondary' : 'success.main'}
        data-testid="company-qr-state"
      >
        {t(empty ? 'qrReceiver.notSet' : 'qrReceiver.set')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('qrReceiver.hint')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {COMPANY_QR_FIELDS.map((f) => {
          const message = messageText(errors?.[f]?.message);
          return (
            <TextField
              key={f}
              label={t(`qrReceiver.${f}`)}
              {...register(`qrReceiver.${f}`)}
              error={!!message}
              helperText={message || t(`qrReceiver.${f}Hint`)}
              autoComplete="off"
              fullWidth
              slotProps={{
                htmlInput: {
                  maxLength: COMPANY_QR_MAX_LENGTH[f],
                  spellCheck: false,
                  ...(NUMERIC.has(f) ? { inputMode: 'numeric' } : {}),
                  'data-testid': `field-qr-${f}`,
                },
              }}
            />
          );
        })}
        {!empty && (
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
            <Button color="inherit" onClick={clear} data-testid="company-qr-clear">
              {t('qrReceiver.clear')}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
