import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { createNewsBodySchema, NEWS_BODY_MAX, newsMessageText } from '@parking-hub/contracts/news';
import type { Shop } from '@parking-hub/contracts/shops';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { SubmitButton } from '../../../components/form/submit-button';
import { CounterHelper } from '../../../components/messages/text-counter';
import { WhatsappBubble } from '../../../components/messages/whatsapp-bubble';
import { messageText } from '../../../lib/i18n';
import { useSendShopNews } from '../api/send-shop-news';

interface FormValues {
  title: string;
  body: string;
}

/**
 * News to this shop, sent now (the agent's way to tell their shop; admins write to many on the
 * News screen): by WhatsApp when the shop has a number, and in the shop's app in any case.
 */
export function ShopNewsDialog({ shop, onClose }: { shop: Shop; onClose: () => void }) {
  const { t } = useTranslation(['shops', 'common']);
  const send = useSendShopNews();
  const form = useForm<FormValues>({ defaultValues: { title: '', body: '' } });
  const { register, formState, watch, setError } = form;
  const values = watch();
  const errorOf = (name: keyof FormValues) => messageText(formState.errors[name]?.message, { max: 120 });

  const submit = form.handleSubmit(async (v) => {
    const parsed = createNewsBodySchema.safeParse({
      ...v,
      audience: 'SHOPS',
      shopIds: [shop.id],
      publish: 'NOW',
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'title' || field === 'body') setError(field, { message: issue.message });
      }
      return;
    }
    try {
      handleResponse(await send.mutateAsync(parsed.data));
      onClose();
    } catch (error) {
      showFormError(error, setError, ['title', 'body']);
    }
  });

  return (
    <Dialog
      open
      onClose={() => !send.isPending && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="shop-news-title"
    >
      <form onSubmit={submit} noValidate data-testid="shop-news-form">
        <DialogTitle id="shop-news-title">{t('news.title', { shop: shop.name })}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {shop.whatsapp ? t('news.hint') : t('news.hintNoWhatsapp')}
          </Typography>
          <TextField
            label={t('news.fieldTitle')}
            {...register('title')}
            error={!!errorOf('title')}
            helperText={errorOf('title')}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'shop-news-title-field' } }}
            required
          />
          <TextField
            label={t('news.fieldBody')}
            {...register('body')}
            multiline
            minRows={3}
            error={!!errorOf('body')}
            helperText={
              errorOf('body') ?? <CounterHelper help="" length={values.body.length} max={NEWS_BODY_MAX} />
            }
            slotProps={{ htmlInput: { maxLength: NEWS_BODY_MAX, 'data-testid': 'shop-news-body-field' } }}
            required
          />
          {shop.whatsapp && (
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('news.preview')}
              </Typography>
              <WhatsappBubble
                text={newsMessageText({
                  title: values.title || t('news.fieldTitle'),
                  body: values.body || t('news.fieldBody'),
                  link: 'https://…/news/…',
                })}
                time="09:00"
              />
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={send.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <SubmitButton busy={send.isPending} data-testid="shop-news-send">
            {t('news.send')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
