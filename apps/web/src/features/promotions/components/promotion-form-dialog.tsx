import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { Envelope } from '@parking-hub/contracts/envelope';
import type { Package } from '@parking-hub/contracts/packages';
import { type AgentCap, DISCOUNT_TYPES, type Promotion } from '@parking-hub/contracts/promotions';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { DateField } from '../../../components/filters/date-field';
import { FormDialog } from '../../../components/form/form-dialog';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { ImageField, useImageChoice } from '../../../components/image-field';
import { dataOf } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatKip } from '../../../lib/format';
import { messageText } from '../../../lib/i18n';
import { useCreatePromotion, useUpdatePromotion } from '../api/save-promotion';
import { useUploadPromotionImage } from '../api/upload-promotion-image';
import {
  emptyPromotionValues,
  PROMOTION_FORM_FIELDS,
  type PromotionFormOutput,
  type PromotionFormValues,
  promotionFormSchema,
  promotionValues,
} from '../promotion-form';
import { promotionImageProblem } from '../promotion-text';
import { AudienceFields } from './audience-fields';
import { DiscountPreview } from './discount-preview';
import { PromotionImage } from './promotion-image';

/** The cap an agent works under, said next to the discount. */
function capHint(t: ReturnType<typeof useTranslation<'promotions'>>['t'], cap: AgentCap | undefined) {
  if (!cap) return undefined;
  return t('cap.hint', {
    percent: cap.maxPercent,
    amount: formatKip(cap.maxAmount),
    months: cap.maxFreeMonths,
    active: cap.maxActive,
  });
}

/**
 * Create or edit a promotion. The picture goes once the promotion is saved (a new one needs its
 * id first); if only the picture fails, the promotion stays saved and the dialog becomes its edit.
 */
export function PromotionFormDialog({
  promotion,
  onClose,
  admin,
  today,
  packages,
  cap,
}: {
  promotion: Promotion | null;
  onClose: () => void;
  admin: boolean;
  today: string;
  packages: Package[];
  cap: AgentCap | undefined;
}) {
  const { t, i18n } = useTranslation(['promotions', 'common']);
  const [saved, setSaved] = useState<Promotion | null>(promotion);
  const image = useImageChoice(promotionImageProblem);
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const upload = useUploadPromotionImage();
  const form = useForm<PromotionFormValues, unknown, PromotionFormOutput>({
    resolver: zodResolver(promotionFormSchema as never) as unknown as Resolver<
      PromotionFormValues,
      unknown,
      PromotionFormOutput
    >,
    defaultValues: promotion ? promotionValues(promotion) : emptyPromotionValues(today, !admin),
  });
  const errorOf = (field: keyof PromotionFormValues) => {
    const message = form.formState.errors[field]?.message;
    return message ? messageText(String(message)) : undefined;
  };

  const save = async (
    body: PromotionFormOutput,
  ): Promise<{ saved: Promotion; envelope: Envelope<Promotion> }> => {
    const envelope = saved
      ? await update.mutateAsync({ id: saved.id, ...body, ...(image.removed ? { imagePath: null } : {}) })
      : await create.mutateAsync(body);
    return { saved: dataOf(envelope), envelope };
  };

  const submit = form.handleSubmit(async (body) => {
    let result: Awaited<ReturnType<typeof save>>;
    try {
      result = await save(body);
    } catch (error) {
      showFormError(error, form.setError, PROMOTION_FORM_FIELDS);
      return;
    }
    handleResponse(result.envelope);
    setSaved(result.saved);
    if (image.file) {
      try {
        await upload.mutateAsync({ id: result.saved.id, file: image.file });
      } catch (error) {
        image.setError(
          isApiError(error) ? (error.messages?.file ?? error.message) : t('common:errors.unknown'),
        );
        return;
      }
    }
    onClose();
  });

  const busy = form.formState.isSubmitting;
  const type = form.watch('discountType');
  const packageName = (p: Package) => (i18n.language?.startsWith('en') ? p.nameEn : p.nameLo);
  const byId = new Map(packages.map((p) => [p.id, p]));
  return (
    <FormDialog
      id="promotion"
      title={t(saved ? 'form.editTitle' : 'form.createTitle')}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <DialogContent dividers>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          }}
        >
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            {saved && !promotion && (
              <Alert severity="info" data-testid="promotion-form-saved">
                {t('form.savedImageFailed')}
              </Alert>
            )}
            <ImageField
              choice={image}
              current={saved?.imagePath ?? null}
              texts={{
                choose: t('form.chooseImage'),
                change: t('form.changeImage'),
                drop: t('form.dropImage'),
                hint: t('form.imageHint'),
                remove: t('form.removeImage'),
              }}
              renderPreview={(src) => <PromotionImage src={src} title={form.watch('title')} size={72} />}
              testId="image"
            />
            <TextField
              label={t('fields.title')}
              required
              {...form.register('title')}
              error={!!errorOf('title')}
              helperText={errorOf('title')}
              slotProps={{ htmlInput: { 'data-testid': 'field-title' } }}
            />
            <TextField
              label={t('fields.body')}
              multiline
              minRows={2}
              {...form.register('body')}
              error={!!errorOf('body')}
              helperText={errorOf('body')}
              slotProps={{ htmlInput: { 'data-testid': 'field-body' } }}
            />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              <Controller
                control={form.control}
                name="discountType"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('fields.discountType')}
                    {...field}
                    slotProps={{ htmlInput: { 'data-testid': 'field-discount-type' } }}
                  >
                    {DISCOUNT_TYPES.map((d) => (
                      <MenuItem key={d} value={d}>
                        {t(`discountType.${d}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <TextField
                label={t(`valueLabel.${type}`)}
                required
                inputMode="numeric"
                {...form.register('discountValue')}
                error={!!errorOf('discountValue')}
                helperText={errorOf('discountValue') ?? (admin ? undefined : capHint(t, cap))}
                slotProps={{ htmlInput: { 'data-testid': 'field-discount-value', inputMode: 'numeric' } }}
              />
              <Controller
                control={form.control}
                name="validFrom"
                render={({ field }) => (
                  <DateField
                    label={t('fields.validFrom')}
                    value={field.value}
                    onChange={field.onChange}
                    testId="field-valid-from"
                    error={!!errorOf('validFrom')}
                    helperText={errorOf('validFrom')}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="validUntil"
                render={({ field }) => (
                  <DateField
                    label={t('fields.validUntil')}
                    value={field.value}
                    onChange={field.onChange}
                    testId="field-valid-until"
                    error={!!errorOf('validUntil')}
                    helperText={errorOf('validUntil')}
                  />
                )}
              />
            </Box>
            <Controller
              control={form.control}
              name="packageIds"
              render={({ field }) => (
                <Autocomplete<Package, true>
                  multiple
                  options={packages}
                  value={field.value.map((id) => byId.get(id)).filter((p): p is Package => !!p)}
                  onChange={(_, chosen) => field.onChange(chosen.map((p) => p.id))}
                  getOptionLabel={packageName}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('fields.packages')}
                      placeholder={field.value.length === 0 ? t('form.allPackages') : undefined}
                      error={!!errorOf('packageIds')}
                      helperText={errorOf('packageIds') ?? t('form.packagesHint')}
                      slotProps={{
                        ...params.slotProps,
                        inputLabel: { shrink: true },
                        htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'field-packages' },
                      }}
                    />
                  )}
                />
              )}
            />
            <AudienceFields form={form} admin={admin} knownShops={promotion?.shops ?? []} />
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
                alignItems: 'center',
              }}
            >
              <TextField
                label={t('fields.maxUses')}
                inputMode="numeric"
                {...form.register('maxUses')}
                error={!!errorOf('maxUses')}
                helperText={errorOf('maxUses') ?? t('form.maxUsesHint')}
                slotProps={{ htmlInput: { 'data-testid': 'field-max-uses', inputMode: 'numeric' } }}
              />
              <Controller
                control={form.control}
                name="active"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                        data-testid="field-active"
                      />
                    }
                    label={t('fields.active')}
                  />
                )}
              />
            </Box>
          </Stack>
          <Box sx={{ minWidth: 0 }}>
            <DiscountPreview
              packages={packages}
              packageIds={form.watch('packageIds')}
              type={type}
              value={form.watch('discountValue')}
            />
          </Box>
        </Box>
      </DialogContent>
      <FormDialogActions busy={busy} onCancel={onClose} saveTestId="promotion-form-save" />
    </FormDialog>
  );
}
