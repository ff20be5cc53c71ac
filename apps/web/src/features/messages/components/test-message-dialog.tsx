import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { whatsappSchema } from '@parking-hub/contracts/fields';
import { type OutboxMessage, WHATSAPP_TEXT_MAX } from '@parking-hub/contracts/messaging';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { SubmitButton } from '../../../components/form/submit-button';
import { CounterHelper } from '../../../components/messages/text-counter';
import { messageText } from '../../../lib/i18n';
import { useTestWhatsapp } from '../api/test-whatsapp';
import { SentMessage } from './sent-message';

/** The server's rules, with an empty text meaning "the test template". */
const formSchema = z.object({
  to: whatsappSchema,
  text: z.string().trim().max(WHATSAPP_TEXT_MAX, { error: 'validation.messageTooLong' }),
});
interface FormValues {
  to: string;
  text: string;
}
const FIELDS = ['to', 'text'] as const;
const EMPTY: FormValues = { to: '', text: '' };

/** A test message to a number: the form, then the row it made, followed as it goes out. */
export function TestMessageDialog({
  open,
  onClose,
  onOpenMessage,
}: {
  open: boolean;
  onClose: () => void;
  onOpenMessage: (id: string) => void;
}) {
  const { t } = useTranslation(['messages', 'common']);
  const send = useTestWhatsapp();
  const [sent, setSent] = useState<OutboxMessage | null>(null);
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema) as unknown as Resolver<FormValues>,
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, watch, reset } = form;
  const length = watch('text').length;
  const busy = send.isPending;

  const close = () => {
    if (busy) return;
    onClose();
    setSent(null);
    reset(EMPTY);
  };
  const again = () => {
    setSent(null);
    reset(EMPTY);
  };
  const submit = handleSubmit(async ({ to, text }) => {
    try {
      const envelope = await send.mutateAsync({ to, ...(text ? { text } : {}) });
      handleResponse(envelope);
      if (envelope.data) setSent(envelope.data);
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    }
  });
  const err = (name: keyof FormValues) =>
    messageText(formState.errors[name]?.message, { max: WHATSAPP_TEXT_MAX });

  return (
    <Dialog open={open} onClose={close} aria-labelledby="test-title" data-testid="test-dialog">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="test-title">{t('test.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('test.to')}
              type="tel"
              required
              placeholder="020 5555 1234"
              {...register('to')}
              disabled={Boolean(sent)}
              error={!!err('to')}
              helperText={err('to') || t('test.toHint')}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'test-to', inputMode: 'tel' },
              }}
            />
            <TextField
              label={t('test.text')}
              multiline
              minRows={3}
              maxRows={10}
              {...register('text')}
              disabled={Boolean(sent)}
              error={!!err('text') || length > WHATSAPP_TEXT_MAX}
              helperText={<CounterHelper help={err('text') || t('test.textHint')} length={length} />}
              slotProps={{ htmlInput: { 'data-testid': 'test-text' } }}
            />
            {sent && <SentMessage sent={sent} onOpen={onOpenMessage} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} color="inherit" disabled={busy} data-testid="test-close">
            {t(sent ? 'common:actions.close' : 'common:actions.cancel')}
          </Button>
          {sent ? (
            <Button variant="outlined" onClick={again} data-testid="test-again">
              {t('test.again')}
            </Button>
          ) : (
            <SubmitButton busy={busy} data-testid="test-send">
              {t('test.send')}
            </SubmitButton>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
