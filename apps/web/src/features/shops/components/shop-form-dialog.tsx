import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Envelope } from '@parking-hub/contracts/envelope';
import type { Shop } from '@parking-hub/contracts/shops';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { FULL_SCREEN_PAPER } from '../../../components/full-screen';
import { dataOf } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session-store';
import { useCreateBranch } from '../api/create-branch';
import { useCreateShop } from '../api/create-shop';
import { useUpdateShop } from '../api/update-shop';
import { useUploadShopLogo } from '../api/upload-shop-logo';
import { lockedFields } from '../shop-access';
import {
  branchValues,
  changedFields,
  emptyShopValues,
  SHOP_FORM_FIELDS,
  type ShopFormOutput,
  type ShopFormValues,
  shopFormSchema,
  shopValues,
  withoutFields,
} from '../shop-form';
import { LogoField, useLogoChoice } from './logo-field';
import { QrReceiverFields } from './qr-receiver-fields';
import { ShopFormFields } from './shop-form-fields';

export type ShopFormTarget =
  | { kind: 'create' }
  | { kind: 'edit'; shop: Shop }
  | { kind: 'branch'; parent: Shop };

function initialValues(target: ShopFormTarget): ShopFormValues {
  if (target.kind === 'edit') return shopValues(target.shop);
  if (target.kind === 'branch') return branchValues(target.parent);
  return emptyShopValues();
}

/** What to say under the logo when its upload failed: the server's word on the file, or why. */
function logoErrorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.messages?.file ?? error.message;
  return error instanceof Error && error.message ? error.message : fallback;
}

type Saved = { shop: Shop; envelope: Envelope<Shop> | null };

/**
 * Create a shop, add a branch, or edit one. An edit sends only what changed. The logo goes once
 * the shop is saved (a new shop needs its id first); if only the logo fails, the shop stays saved
 * and the dialog turns into its edit, so trying again cannot create it twice.
 */
export function ShopFormDialog({ target, onClose }: { target: ShopFormTarget; onClose: () => void }) {
  const { t } = useTranslation(['shops', 'common']);
  const role = useSession((s) => s.role);
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [saved, setSaved] = useState<Shop | null>(target.kind === 'edit' ? target.shop : null);
  const logo = useLogoChoice();
  const create = useCreateShop();
  const branch = useCreateBranch();
  const update = useUpdateShop();
  const upload = useUploadShopLogo();
  const parent = target.kind === 'branch' ? target.parent : null;
  const locked = lockedFields(role, saved ?? (parent ? { parentId: parent.id } : null));
  const form = useForm<ShopFormValues, unknown, ShopFormOutput>({
    resolver: zodResolver(shopFormSchema) as unknown as Resolver<ShopFormValues, unknown, ShopFormOutput>,
    defaultValues: initialValues(target),
  });

  const save = async (output: ShopFormOutput): Promise<Saved> => {
    const body = withoutFields(output, locked);
    if (saved) {
      const changes = changedFields(saved, body);
      if (Object.keys(changes).length === 0) return { shop: saved, envelope: null };
      const envelope = await update.mutateAsync({ id: saved.id, ...changes });
      return { shop: dataOf(envelope), envelope };
    }
    const envelope = parent
      ? await branch.mutateAsync({ ...(body as ShopFormOutput), parentId: parent.id })
      : await create.mutateAsync(body as ShopFormOutput);
    return { shop: dataOf(envelope), envelope };
  };

  const submit = form.handleSubmit(async (output) => {
    let result: Saved;
    try {
      result = await save(output);
    } catch (error) {
      showFormError(error, form.setError, SHOP_FORM_FIELDS);
      return;
    }
    if (result.envelope) handleResponse(result.envelope);
    setSaved(result.shop);
    if (logo.file) {
      try {
        const envelope = await upload.mutateAsync({ id: result.shop.id, file: logo.file });
        if (!result.envelope) handleResponse(envelope);
      } catch (error) {
        logo.setError(logoErrorText(error, t('common:errors.unknown')));
        return;
      }
    }
    onClose();
  });

  const busy = form.formState.isSubmitting;
  const title = saved ? t('form.editTitle') : parent ? t('form.branchTitle') : t('form.createTitle');
  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      fullScreen={phone}
      slotProps={{ paper: { sx: phone ? FULL_SCREEN_PAPER : undefined } }}
      aria-labelledby="shop-form-title"
    >
      <form
        onSubmit={submit}
        noValidate
        data-testid="shop-form"
        style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
      >
        <DialogTitle id="shop-form-title">
          {title}
          {parent && !saved && (
            <Typography variant="body2" color="text.secondary">
              {t('branchOf', { name: parent.name })}
            </Typography>
          )}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {saved && target.kind !== 'edit' && (
              <Alert severity="info" data-testid="shop-form-saved">
                {t('form.savedLogoFailed')}
              </Alert>
            )}
            <LogoField logo={logo} current={saved?.logoPath ?? null} name={form.watch('name')} />
            <ShopFormFields form={form} shop={saved} locked={locked} />
            <QrReceiverFields form={form} />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="shop-form-save" />
      </form>
    </Dialog>
  );
}
