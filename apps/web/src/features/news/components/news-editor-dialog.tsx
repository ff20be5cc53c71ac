import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NEWS_AUDIENCES,
  NEWS_BODY_MAX,
  NEWS_PUBLISH,
  type News,
  type NewsAudience,
  newsMessageText,
} from '@parking-hub/contracts/news';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAgentOptions } from '../../../components/agent-options';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { DateTimeField } from '../../../components/filters/date-time-field';
import { FormDialog } from '../../../components/form/form-dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { ImageField, useImageChoice } from '../../../components/image-field';
import { CounterHelper } from '../../../components/messages/text-counter';
import { WhatsappBubble } from '../../../components/messages/whatsapp-bubble';
import { ShopsMultiPicker } from '../../../components/shop-picker/shops-multi-picker';
import { isApiError } from '../../../lib/api-error';
import { messageText } from '../../../lib/i18n';
import { useCreateNews, useUpdateNews } from '../api/save-news';
import { useUploadNewsImage } from '../api/upload-news-image';
import {
  emptyNewsValues,
  NEWS_FORM_FIELDS,
  type NewsFormValues,
  newsBody,
  newsImageProblem,
  newsValues,
} from '../news-form';
import { NewsImage } from './news-image';

/** Audiences an agent may choose: never every shop of the platform. */
const AGENT_AUDIENCES: readonly NewsAudience[] = ['AGENT', 'SHOPS'];

/**
 * Write or edit a news item: title, text, picture, who it goes to and when, beside a preview of
 * the WhatsApp message as the shop will see it. A sent item keeps its audience and time: only its
 * title, text and picture change. The picture is uploaded first, then the item saved with it.
 */
export function NewsEditorDialog({
  news,
  admin,
  onClose,
}: {
  news: News | null;
  admin: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['news', 'common']);
  const sent = news?.status === 'SENT';
  const create = useCreateNews();
  const update = useUpdateNews();
  const upload = useUploadNewsImage();
  const image = useImageChoice(newsImageProblem);
  const agents = useAgentOptions('', admin);
  const form = useForm<NewsFormValues>({
    defaultValues: news ? newsValues(news) : emptyNewsValues(admin),
  });
  const { register, formState, setError, watch } = form;
  const values = watch();
  const errorOf = (name: keyof NewsFormValues) => messageText(formState.errors[name]?.message);

  const submit = form.handleSubmit(async (v) => {
    let imagePath = image.removed ? null : (news?.imagePath ?? null);
    if (image.file) {
      try {
        imagePath = await upload.mutateAsync(image.file);
      } catch (error) {
        image.setError(
          isApiError(error) ? (error.messages?.file ?? error.message) : t('common:errors.unknown'),
        );
        return;
      }
    }
    const parsed = newsBody(sent ? { ...v, publish: 'DRAFT' } : v, imagePath);
    if (!parsed.ok) {
      for (const issue of parsed.issues) {
        const field = String(issue.path[0] ?? '') as Path<NewsFormValues>;
        if ((NEWS_FORM_FIELDS as readonly string[]).includes(field))
          setError(field, { message: issue.message });
      }
      return;
    }
    try {
      const envelope = news
        ? await update.mutateAsync({ ...parsed.body, id: news.id })
        : await create.mutateAsync(parsed.body);
      handleResponse(envelope);
      onClose();
    } catch (error) {
      showFormError(error, setError, NEWS_FORM_FIELDS);
    }
  });

  const busy = formState.isSubmitting;
  const audienceLabel =
    values.audience === 'AGENT'
      ? t('audienceOf.AGENT', { name: agents.data?.find((a) => a.id === values.agentId)?.fullName ?? '…' })
      : values.audience === 'SHOPS'
        ? t('audienceOf.SHOPS', { count: values.shopIds.length })
        : t('audienceOf.ALL');
  const preview = newsMessageText({
    title: values.title || t('fields.title'),
    body: values.body || t('fields.body'),
    link: news ? `${window.location.origin}${news.publicPath}` : t('form.linkSample'),
  });
  const submitLabel = sent
    ? t('actions.save')
    : values.publish === 'NOW'
      ? t('actions.send')
      : values.publish === 'SCHEDULE'
        ? t('actions.schedule')
        : t('actions.saveDraft');

  return (
    <FormDialog
      id="news"
      title={t(news ? 'form.editTitle' : 'form.createTitle')}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <DialogContent dividers>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            // The theme's dialogs are at most 600 px wide: the preview goes under the fields.
            gridTemplateColumns: 'minmax(0, 1fr)',
          }}
        >
          <Stack spacing={2} sx={{ minWidth: 0, pt: 1 }}>
            {sent && <Alert severity="info">{t('form.sentHint')}</Alert>}
            <TextField
              label={t('fields.title')}
              {...register('title')}
              error={!!errorOf('title')}
              helperText={errorOf('title')}
              slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'field-title' } }}
              required
            />
            <TextField
              label={t('fields.body')}
              {...register('body')}
              multiline
              minRows={4}
              maxRows={12}
              error={!!errorOf('body')}
              helperText={
                errorOf('body') ?? (
                  <CounterHelper help={t('form.bodyHint')} length={values.body.length} max={NEWS_BODY_MAX} />
                )
              }
              slotProps={{ htmlInput: { maxLength: NEWS_BODY_MAX, 'data-testid': 'field-body' } }}
              required
            />
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                {t('fields.image')}
              </Typography>
              <ImageField
                choice={image}
                current={news?.imagePath ?? null}
                texts={{
                  choose: t('actions.chooseImage'),
                  change: t('actions.chooseImage'),
                  drop: t('actions.removeImage'),
                  remove: t('actions.removeImage'),
                  hint: t('form.imageHint'),
                }}
                renderPreview={(src) => <NewsImage src={src} title={values.title} size={56} />}
                testId="news-image"
              />
            </Box>
            {!sent && <AudienceFields form={form} admin={admin} agents={agents.data ?? []} news={news} />}
            {!sent && <PublishFields form={form} />}
          </Stack>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('form.preview')}
            </Typography>
            {(image.preview ?? (image.removed ? null : news?.imagePath)) && (
              <Box
                component="img"
                src={image.preview ?? news?.imagePath ?? ''}
                alt=""
                sx={{ width: '100%', maxHeight: 180, objectFit: 'cover', borderRadius: 2, mb: 1 }}
                data-testid="news-preview-image"
              />
            )}
            <WhatsappBubble
              text={preview}
              caption={t('form.previewTo', { audience: audienceLabel })}
              time="09:00"
            />
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {t('form.previewImage')}
            </Typography>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, pt: 1.5 }}>
        <Button onClick={onClose} color="inherit" disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <SubmitButton busy={busy} data-testid="news-save">
          {submitLabel}
        </SubmitButton>
      </DialogActions>
    </FormDialog>
  );
}

type Form = ReturnType<typeof useForm<NewsFormValues>>;

/** Who it goes to: every shop, an agent's shops, or chosen shops (an agent: their own or chosen of theirs). */
function AudienceFields({
  form,
  admin,
  agents,
  news,
}: {
  form: Form;
  admin: boolean;
  agents: { id: string; fullName: string }[];
  news: News | null;
}) {
  const { t } = useTranslation('news');
  const audience = form.watch('audience');
  const errorOf = (name: keyof NewsFormValues) => messageText(form.formState.errors[name]?.message);
  const known = (news?.shopIds ?? []).map((id, i) => ({ id, name: news?.shopNames[i] ?? '…' }));
  return (
    <>
      <Controller
        control={form.control}
        name="audience"
        render={({ field }) => (
          <TextField
            select
            label={t('fields.audience')}
            {...field}
            helperText={admin ? undefined : t('form.agentOnly')}
            slotProps={{ htmlInput: { 'data-testid': 'field-audience' } }}
          >
            {(admin ? NEWS_AUDIENCES : AGENT_AUDIENCES).map((a) => (
              <MenuItem key={a} value={a}>
                {t(`audience.${a}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {admin && audience === 'AGENT' && (
        <Controller
          control={form.control}
          name="agentId"
          render={({ field }) => (
            <TextField
              select
              label={t('fields.agent')}
              {...field}
              error={!!errorOf('agentId')}
              helperText={errorOf('agentId')}
              slotProps={{
                select: { displayEmpty: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'field-agent' },
              }}
            >
              <MenuItem value="">{t('form.chooseAgent')}</MenuItem>
              {agents.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {a.fullName}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {audience === 'SHOPS' && (
        <Controller
          control={form.control}
          name="shopIds"
          render={({ field }) => (
            <ShopsMultiPicker
              value={field.value}
              onChange={field.onChange}
              known={known}
              label={t('fields.shops')}
              error={errorOf('shopIds')}
              helperText={t('form.shopsHint')}
              noOptionsText={t('form.noShops')}
              testId="field-shops"
            />
          )}
        />
      )}
    </>
  );
}

/** When: kept as a draft, sent now, or at a set time (dd/mm/yyyy HH:mm). */
function PublishFields({ form }: { form: Form }) {
  const { t } = useTranslation('news');
  const publish = form.watch('publish');
  const error = messageText(form.formState.errors.publishAt?.message);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {t('fields.publish')}
      </Typography>
      <Controller
        control={form.control}
        name="publish"
        render={({ field }) => (
          <RadioGroup row {...field} data-testid="field-publish">
            {NEWS_PUBLISH.map((p) => (
              <FormControlLabel
                key={p}
                value={p}
                control={<Radio size="small" />}
                label={t(`publish.${p}`)}
                data-testid={`publish-${p}`}
              />
            ))}
          </RadioGroup>
        )}
      />
      {publish === 'SCHEDULE' && (
        <Controller
          control={form.control}
          name="publishAt"
          render={({ field }) => (
            <DateTimeField
              label={t('fields.publishAt')}
              value={field.value}
              onChange={field.onChange}
              error={!!error}
              helperText={error}
              testId="field-publish-at"
            />
          )}
        />
      )}
    </Box>
  );
}
