import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Company, CompanyImageKind, UpdateCompanyBody } from '@parking-hub/contracts/company';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { SubmitButton } from '../../../components/form/submit-button';
import { type ImageChoice, ImageField, useImageChoice } from '../../../components/image-field';
import { dataOf } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { messageText } from '../../../lib/i18n';
import { useUpdateCompany } from '../api/update-company';
import { useChangeCompanyImage } from '../api/upload-company-image';
import {
  COMPANY_ERROR_FIELDS,
  COMPANY_MAX_LENGTH,
  type CompanyFactField,
  type CompanyFormValues,
  companyFormSchema,
  companyImageProblem,
  companyValues,
} from '../company-form';
import { CompanyImage } from './company-image';
import { CompanyQrReceiverFields } from './company-qr-receiver';

const resolver = zodResolver(companyFormSchema) as unknown as Resolver<
  CompanyFormValues,
  unknown,
  UpdateCompanyBody
>;

/** Inputs side by side from a small tablet up, stacked on a phone. */
const pairSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/** What to say under a picture whose upload failed: the server's word on the file, or why. */
function imageErrorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.messages?.file ?? error.message;
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * SUPER-ADMIN's form: the facts, then the logo and the payment QR. Save sends the facts, then
 * each picture chosen (or removed); a picture that fails keeps its error under it, the facts stay saved.
 */
export function CompanyEditor({ company }: { company: Company }) {
  const { t } = useTranslation(['company', 'common']);
  const update = useUpdateCompany();
  const changeImage = useChangeCompanyImage();
  const images: Record<CompanyImageKind, ImageChoice> = {
    logo: useImageChoice(companyImageProblem),
    qr: useImageChoice(companyImageProblem),
  };
  const form = useForm<CompanyFormValues, unknown, UpdateCompanyBody>({
    resolver,
    defaultValues: companyValues(company),
  });
  const { register, formState } = form;

  /** Sends the pictures chosen or removed; the last profile answered, and whether all went. */
  const sendImages = async (saved: Company): Promise<{ latest: Company; ok: boolean }> => {
    let latest = saved;
    let ok = true;
    for (const kind of ['logo', 'qr'] as const) {
      const choice = images[kind];
      if (!choice.file && !choice.removed) continue;
      try {
        latest = dataOf(await changeImage.mutateAsync({ kind, file: choice.file }));
        choice.reset();
      } catch (error) {
        choice.setError(imageErrorText(error, t('common:errors.unknown')));
        ok = false;
      }
    }
    return { latest, ok };
  };

  const submit = form.handleSubmit(async (body) => {
    let envelope: Awaited<ReturnType<typeof update.mutateAsync>>;
    try {
      envelope = await update.mutateAsync(body);
    } catch (error) {
      showFormError(error, form.setError, COMPANY_ERROR_FIELDS);
      return;
    }
    const { latest } = await sendImages(dataOf(envelope));
    form.reset(companyValues(latest));
    handleResponse(envelope);
  });

  const err = (name: CompanyFactField) => messageText(formState.errors[name]?.message);
  const field = (name: CompanyFactField, hint?: string) => ({
    ...register(name),
    label: t(`fields.${name}`),
    error: !!err(name),
    helperText: err(name) || hint,
    fullWidth: true,
    slotProps: { htmlInput: { maxLength: COMPANY_MAX_LENGTH[name], 'data-testid': `field-${name}` } },
  });
  const imageField = (kind: CompanyImageKind, current: string | null, size: number) => (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t(`fields.${kind}`)}
      </Typography>
      <ImageField
        choice={images[kind]}
        current={current}
        texts={{
          choose: t(`images.choose.${kind}`),
          change: t(`images.change.${kind}`),
          drop: t('images.drop'),
          remove: t('images.remove'),
          hint: images[kind].removed ? t('images.removedHint') : t('images.hint'),
        }}
        renderPreview={(src) => (
          <CompanyImage
            kind={kind}
            src={src}
            alt={t(`images.${kind}Alt`, { name: company.companyName ?? '' })}
            size={size}
          />
        )}
        testId={`company-${kind}`}
      />
    </Box>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        data-testid="company-form"
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <TextField {...field('companyName')} required autoComplete="organization" />
        <Box sx={pairSx}>
          <TextField {...field('branch')} />
          <TextField {...field('email')} type="email" autoComplete="email" />
        </Box>
        <Box sx={pairSx}>
          <TextField {...field('telephone', t('hints.telephone'))} type="tel" autoComplete="tel" />
          <TextField {...field('whatsapp', t('hints.whatsapp'))} type="tel" />
        </Box>
        <TextField {...field('address')} multiline minRows={2} autoComplete="street-address" />
        <Box sx={{ ...pairSx, mt: 1 }}>
          {imageField('logo', company.logoPath, 64)}
          {imageField('qr', company.qrImagePath, 96)}
        </Box>
        <CompanyQrReceiverFields form={form} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <SubmitButton busy={formState.isSubmitting} data-testid="company-save" sx={{ minWidth: 120 }}>
            {t('common:actions.save')}
          </SubmitButton>
        </Box>
      </Box>
    </Paper>
  );
}
