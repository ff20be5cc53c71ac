import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { VIDEO_SOURCES, type Video, type VideoLimits } from '@parking-hub/contracts/videos';
import { useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { toast } from '../../../components/feedback/toast-store';
import { FormDialog } from '../../../components/form/form-dialog';
import { SubmitButton } from '../../../components/form/submit-button';
import { ImageField, useImageChoice } from '../../../components/image-field';
import { ApiError, isApiError } from '../../../lib/api-error';
import { messageText } from '../../../lib/i18n';
import { useSaveVideo } from '../api/save-video';
import { isAbort } from '../api/send-form';
import { posterProblem, videoFileProblem } from '../video-file';
import {
  needsFile,
  VIDEO_FORM_FIELDS,
  type VideoFormOutput,
  type VideoFormValues,
  videoFormData,
  videoFormSchema,
  videoValues,
} from '../video-form';
import { RoleChoice } from './role-choice';
import { UploadProgress, type UploadState } from './upload-progress';
import { VideoFileField } from './video-file-field';
import { VideoPoster } from './video-poster';

const DONE_SHOWN_MS = 700;

/** The file and poster messages of a refused save go under their fields; the rest as usual. */
function splitFileErrors(error: unknown): { file?: string; poster?: string; rest: unknown } {
  if (!isApiError(error) || !error.messages) return { rest: error };
  const { file, poster, ...others } = error.messages;
  if (!file && !poster) return { rest: error };
  const rest =
    Object.keys(others).length > 0
      ? new ApiError({ status: error.status, kind: error.kind, message: error.message, messages: others })
      : null;
  return { file, poster, rest };
}

/**
 * Add or edit a video: an uploaded MP4/WebM (checked by its first bytes and size before it goes,
 * again by the server) or an https link, with a poster, order, roles and whether it is shown. The
 * upload shows its progress and can be cancelled; nothing is kept of a cancelled one.
 */
export function VideoFormDialog({
  video,
  limits,
  onClose,
}: {
  video: Video | null;
  limits: VideoLimits | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['videos', 'common']);
  const save = useSaveVideo();
  const poster = useImageChoice(posterProblem);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [upload, setUpload] = useState<UploadState | null>(null);
  const abort = useRef<AbortController | null>(null);
  const form = useForm<VideoFormValues, unknown, VideoFormOutput>({
    resolver: zodResolver(videoFormSchema as never) as unknown as Resolver<
      VideoFormValues,
      unknown,
      VideoFormOutput
    >,
    defaultValues: videoValues(video),
  });
  const errorOf = (field: keyof VideoFormValues) => {
    const message = form.formState.errors[field]?.message;
    return message ? messageText(String(message)) : undefined;
  };
  const source = form.watch('source');
  const busy = form.formState.isSubmitting;
  const maxMb = limits ? Math.floor(limits.maxBytes / (1024 * 1024)) : null;

  const chooseFile = async (next: File | null) => {
    setFile(null);
    setFileError('');
    if (!next) return;
    const problem = await videoFileProblem(next, limits?.maxBytes);
    if (problem) setFileError(messageText(problem.key, problem.values));
    else setFile(next);
  };

  const submit = form.handleSubmit(async (values) => {
    const files = { file, poster: poster.file, removePoster: poster.removed };
    if (needsFile(values, files, video)) {
      setFileError(messageText('validation.videoSource'));
      return;
    }
    if (fileError || poster.error) return;
    const sending = values.source === 'UPLOAD' && !!file;
    const controller = new AbortController();
    abort.current = controller;
    setUpload(sending ? { phase: 'sending', loaded: 0, total: file.size } : null);
    try {
      const envelope = await save.mutateAsync({
        id: video?.id,
        form: videoFormData(values, files, video),
        signal: controller.signal,
        onProgress: ({ loaded, total }) =>
          sending &&
          setUpload({
            phase: total > 0 && loaded >= total ? 'saving' : 'sending',
            loaded,
            total: total || file.size,
          }),
      });
      abort.current = null;
      handleResponse(envelope);
      if (sending) {
        // The bar stays full for a moment: the person watching it sees the upload finish.
        setUpload((u) => u && { ...u, phase: 'done', loaded: u.total });
        await new Promise((done) => setTimeout(done, DONE_SHOWN_MS));
      }
      onClose();
    } catch (error) {
      setUpload(null);
      if (isAbort(error)) {
        toast.info(t('upload.cancelled'));
        return;
      }
      const split = splitFileErrors(error);
      if (split.file) setFileError(split.file);
      if (split.poster) poster.setError(split.poster);
      if (split.rest) showFormError(split.rest, form.setError, VIDEO_FORM_FIELDS);
    } finally {
      abort.current = null;
    }
  });

  const cancel = () => {
    if (abort.current) abort.current.abort();
    else onClose();
  };

  return (
    <FormDialog
      id="video"
      title={t(video ? 'form.editTitle' : 'form.createTitle')}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="sm"
    >
      <DialogContent dividers>
        <Stack spacing={2.5}>
          <TextField
            label={t('fields.title')}
            required
            disabled={busy}
            {...form.register('title')}
            error={!!errorOf('title')}
            helperText={errorOf('title')}
            slotProps={{ htmlInput: { 'data-testid': 'field-title' } }}
          />
          <TextField
            label={t('fields.description')}
            multiline
            minRows={2}
            disabled={busy}
            {...form.register('description')}
            error={!!errorOf('description')}
            helperText={errorOf('description')}
            slotProps={{ htmlInput: { 'data-testid': 'field-description' } }}
          />
          <Controller
            control={form.control}
            name="source"
            render={({ field }) => (
              <RadioGroup row {...field} aria-label={t('fields.source')}>
                {VIDEO_SOURCES.map((s) => (
                  <FormControlLabel
                    key={s}
                    value={s}
                    disabled={busy}
                    control={
                      <Radio slotProps={{ input: { 'data-testid': `field-source-${s}` } as object }} />
                    }
                    label={t(`source.${s}`)}
                  />
                ))}
              </RadioGroup>
            )}
          />
          {source === 'UPLOAD' ? (
            <VideoFileField
              file={file}
              current={video}
              error={fileError}
              hint={maxMb === null ? t('form.fileHintAny') : t('form.fileHint', { max: maxMb })}
              disabled={busy}
              onChoose={(next) => void chooseFile(next)}
            />
          ) : (
            <TextField
              label={t('fields.url')}
              required
              disabled={busy}
              inputMode="url"
              placeholder="https://"
              {...form.register('url')}
              error={!!errorOf('url')}
              helperText={errorOf('url') ?? t('form.urlHint')}
              slotProps={{ htmlInput: { 'data-testid': 'field-url', inputMode: 'url' } }}
            />
          )}
          <ImageField
            choice={poster}
            current={video?.posterPath ?? null}
            texts={{
              choose: t('form.chooseImage'),
              change: t('form.changeImage'),
              drop: t('form.dropImage'),
              hint: t('form.imageHint'),
              remove: t('form.removeImage'),
            }}
            renderPreview={(src) => (
              <Box sx={{ width: 112, flexShrink: 0, borderRadius: 1, overflow: 'hidden' }}>
                <VideoPoster src={src} source={source} title={form.watch('title')} />
              </Box>
            )}
            testId="poster"
          />
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => (
              <RoleChoice
                value={field.value}
                onChange={field.onChange}
                disabled={busy}
                error={errorOf('roles')}
              />
            )}
          />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
              alignItems: 'center',
            }}
          >
            <TextField
              label={t('fields.sortOrder')}
              inputMode="numeric"
              disabled={busy}
              {...form.register('sortOrder')}
              error={!!errorOf('sortOrder')}
              helperText={errorOf('sortOrder') ?? t('form.orderHint')}
              slotProps={{ htmlInput: { 'data-testid': 'field-order', inputMode: 'numeric' } }}
            />
            <Controller
              control={form.control}
              name="active"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      disabled={busy}
                      onChange={(e) => field.onChange(e.target.checked)}
                      data-testid="field-active"
                    />
                  }
                  label={t('fields.active')}
                />
              )}
            />
          </Box>
          {upload && <UploadProgress state={upload} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={cancel} color="inherit" data-testid="video-form-cancel">
          {t(upload && busy ? 'actions.cancelUpload' : 'common:actions.cancel')}
        </Button>
        <SubmitButton busy={busy} data-testid="video-form-save">
          {t('common:actions.save')}
        </SubmitButton>
      </DialogActions>
    </FormDialog>
  );
}
