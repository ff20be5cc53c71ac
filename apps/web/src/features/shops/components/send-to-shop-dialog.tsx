import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messageTextSchema, WHATSAPP_TEXT_MAX } from '@parking-hub/contracts/messaging';
import type { Shop } from '@parking-hub/contracts/shops';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { toast } from '../../../components/feedback/toast-store';
import { SubmitButton } from '../../../components/form/submit-button';
import { CounterHelper } from '../../../components/messages/text-counter';
import { messageText } from '../../../lib/i18n';
import { useSendToShops } from '../api/send-to-shop';

const formSchema = z.object({ text: messageTextSchema });
interface FormValues {
  text: string;
}

/** '+8562055551234' → '+856 20 5555 1234' (how people read a Lao number); others as stored. */
const readable = (e164: string) => {
  const lao = /^\+856(20|30)(\d{4})(\d{3,4})$/.exec(e164);
  return lao ? `+856 ${lao[1]} ${lao[2]} ${lao[3]}` : e164;
};

/** A WhatsApp text to one shop's number; the shop reads it with Parking Hub's name and its own. */
export function SendToShopDialog({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  const { t } = useTranslation(['shops', 'common']);
  const send = useSendToShops();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema) as unknown as Resolver<FormValues>,
    defaultValues: { text: '' },
  });
  const { register, handleSubmit, formState, watch } = form;
  const length = watch('text').length;
  const busy = send.isPending;
  const key = formState.errors.text?.message;
  const error = messageText(key, { max: WHATSAPP_TEXT_MAX });

  const submit = handleSubmit(async ({ text }) => {
    try {
      const envelope = await send.mutateAsync({ shopIds: [shop.id], text });
      handleResponse(envelope);
      for (const s of envelope.data?.skipped ?? [])
        toast.warning(t('messages.skipped', { name: s.shopName }));
      onClose();
    } catch (err) {
      showFormError(err, form.setError, ['text']);
    }
  });

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      aria-labelledby="send-shop-title"
      data-testid="send-shop-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="send-shop-title" sx={{ overflowWrap: 'anywhere' }}>
          {t('messages.dialogTitle', { name: shop.name })}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="send-shop-to">
            {t('messages.to', { number: readable(shop.whatsapp ?? '') })}
          </Typography>
          <TextField
            label={t('messages.text')}
            required
            multiline
            minRows={4}
            maxRows={12}
            autoFocus
            {...register('text')}
            error={!!error || length > WHATSAPP_TEXT_MAX}
            helperText={<CounterHelper help={error || t('messages.textHint')} length={length} />}
            slotProps={{ htmlInput: { 'data-testid': 'send-shop-text' } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton busy={busy} data-testid="send-shop-submit">
            {t('messages.sendButton')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
