import ExpandMore from '@mui/icons-material/ExpandMore';
import QrCode from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/i18n';
import { isQrEmpty, QR_FIELDS, type ShopForm } from '../shop-form';

const INPUT: Record<(typeof QR_FIELDS)[number], { inputMode?: 'numeric'; maxLength: number }> = {
  iin: { inputMode: 'numeric', maxLength: 8 },
  receiverId: { maxLength: 32 },
  merchantName: { maxLength: 25 },
  merchantCity: { maxLength: 15 },
  mcc: { inputMode: 'numeric', maxLength: 4 },
};

/**
 * Where Lao QR payments go: five fields, all or none, folded away unless set. An error inside
 * opens the section so it is seen; "clear" empties it, which removes the receiver on save.
 */
export function QrReceiverFields({ form }: { form: ShopForm }) {
  const { t } = useTranslation('shops');
  const { register, watch, setValue, formState } = form;
  const qr = watch('qrReceiver');
  const empty = isQrEmpty(qr);
  const [open, setOpen] = useState(!empty);
  const errors = formState.errors.qrReceiver;

  useEffect(() => {
    if (errors) setOpen(true);
  }, [errors]);

  const clear = () => {
    for (const f of QR_FIELDS) setValue(`qrReceiver.${f}`, '', { shouldDirty: true });
    form.clearErrors('qrReceiver');
  };

  return (
    <Box sx={{ border: 1, borderColor: errors ? 'error.main' : 'divider', borderRadius: 1 }}>
      <ButtonBase
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="shop-qr-fields"
        sx={{
          width: '100%',
          justifyContent: 'flex-start',
          gap: 1.5,
          p: 1.5,
          borderRadius: 1,
          textAlign: 'left',
        }}
        data-testid="qr-toggle"
      >
        <QrCode color="primary" />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('form.qrTitle')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t(empty ? 'form.qrNotSet' : 'form.qrSet')}
          </Typography>
        </Box>
        <ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />
      </ButtonBase>
      <Collapse in={open} id="shop-qr-fields">
        <Box
          sx={{ display: 'grid', gap: 2, p: 1.5, pt: 0.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1' }}>
            {t('form.qrHint')}
          </Typography>
          {QR_FIELDS.map((f) => {
            const message = messageText(errors?.[f]?.message);
            return (
              <TextField
                key={f}
                label={t(`qr.${f}`)}
                {...register(`qrReceiver.${f}`)}
                error={!!message}
                helperText={message || t(`qr.${f}Hint`)}
                autoComplete="off"
                slotProps={{
                  htmlInput: { ...INPUT[f], spellCheck: false, 'data-testid': `field-qr-${f}` },
                }}
              />
            );
          })}
          {!empty && (
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
              <Button color="inherit" onClick={clear} data-testid="qr-clear">
                {t('form.qrClear')}
              </Button>
            </Box>
          )}
        </Box>
      </Collapse>
    </Box>
  );
}
