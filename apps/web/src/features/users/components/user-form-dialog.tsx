import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { canManageRole, ROLES, type Role, SHOP_ROLES } from '@parking-hub/contracts/roles';
import { createUserBodySchema, type User, updateUserBodySchema } from '@parking-hub/contracts/users';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/feedback/form-errors';
import { handleResponse } from '../../../components/feedback/handle-response';
import { FormDialogActions } from '../../../components/form/form-dialog-actions';
import { ShopPicker } from '../../../components/shop-picker/shop-picker';
import { messageText } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';

interface FormValues {
  id: string;
  username: string;
  fullName: string;
  phone: string;
  email: string;
  whatsapp: string;
  password: string;
  role: Role;
  shopId: string;
}
const FIELDS = ['username', 'fullName', 'phone', 'email', 'whatsapp', 'password', 'role', 'shopId'] as const;

function emptyValues(role: Role | undefined): FormValues {
  return {
    id: '',
    username: '',
    fullName: '',
    phone: '',
    email: '',
    whatsapp: '',
    password: '',
    role: role ?? 'SHOP',
    shopId: '',
  };
}

function valuesOf(user: User): FormValues {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    phone: user.phone ?? '',
    email: user.email ?? '',
    whatsapp: user.whatsapp ?? '',
    password: '',
    role: user.role,
    shopId: user.shopId ?? '',
  };
}

/** Create a user (user = null) or edit one; roles offered are those the signed-in user may manage. */
export function UserFormDialog({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: User | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const session = useSession();
  const actorRole = session.role as Role;
  const self = user?.id === session.userId;
  const roles = ROLES.filter((r) => canManageRole(actorRole, r) || (self && r === user?.role));
  const defaultRole = roles.at(-1);
  const create = useCreateUser();
  const update = useUpdateUser();
  const form = useForm<FormValues>({
    // The create schema has no id: zod drops the form's empty one.
    resolver: zodResolver(
      user ? updateUserBodySchema : createUserBodySchema,
    ) as unknown as Resolver<FormValues>,
    defaultValues: emptyValues(defaultRole),
  });
  const { register, handleSubmit, reset, control, watch, setValue, formState } = form;
  const role = watch('role');
  const needsShop = (SHOP_ROLES as readonly string[]).includes(role);

  useEffect(() => {
    if (open) reset(user ? valuesOf(user) : emptyValues(defaultRole));
  }, [open, user, reset, defaultRole]);

  const submit = handleSubmit(async (values) => {
    try {
      const body = { ...values, shopId: needsShop ? values.shopId : null };
      const envelope = user
        ? await update.mutateAsync({ ...body, id: user.id })
        : await create.mutateAsync(body);
      handleResponse(envelope);
      onClose();
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    }
  });

  const err = (name: keyof FormValues) => messageText(formState.errors[name]?.message);
  const busy = create.isPending || update.isPending;
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} aria-labelledby="user-form-title">
      <form onSubmit={submit} noValidate data-testid="user-form">
        <DialogTitle id="user-form-title">{t(user ? 'form.editTitle' : 'form.createTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('fields.fullName')}
              required
              {...register('fullName')}
              error={!!err('fullName')}
              helperText={err('fullName')}
              slotProps={{ htmlInput: { 'data-testid': 'field-fullName' } }}
            />
            <TextField
              label={t('fields.username')}
              required
              {...register('username')}
              error={!!err('username')}
              helperText={err('username') || t('form.usernameHint')}
              autoComplete="off"
              slotProps={{
                htmlInput: { autoCapitalize: 'none', spellCheck: false, 'data-testid': 'field-username' },
              }}
            />
            <TextField
              label={t('fields.phone')}
              type="tel"
              {...register('phone')}
              error={!!err('phone')}
              helperText={err('phone')}
              slotProps={{ htmlInput: { 'data-testid': 'field-phone' } }}
            />
            <TextField
              label={t('fields.email')}
              type="email"
              {...register('email')}
              error={!!err('email')}
              helperText={err('email') || t('form.emailHint')}
              slotProps={{ htmlInput: { 'data-testid': 'field-email' } }}
            />
            <TextField
              label={t('fields.whatsapp')}
              type="tel"
              {...register('whatsapp')}
              error={!!err('whatsapp')}
              helperText={err('whatsapp') || t('form.whatsappHint')}
              autoComplete="off"
              slotProps={{ htmlInput: { 'data-testid': 'field-whatsapp' } }}
            />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <TextField
                  select
                  label={t('fields.role')}
                  required
                  {...field}
                  onChange={(e) => {
                    field.onChange(e);
                    if (!(SHOP_ROLES as readonly string[]).includes(e.target.value)) setValue('shopId', '');
                  }}
                  disabled={self}
                  error={!!err('role')}
                  helperText={err('role')}
                  slotProps={{ htmlInput: { 'data-testid': 'field-role' } }}
                >
                  {roles.map((r) => (
                    <MenuItem key={r} value={r}>
                      {t(`common:roles.${r}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {needsShop && (
              <Controller
                control={control}
                name="shopId"
                render={({ field }) => (
                  <ShopPicker
                    label={t('fields.shop')}
                    required
                    value={field.value || null}
                    initialName={user?.shopName}
                    onChange={(shop) => field.onChange(shop?.id ?? '')}
                    error={err('shopId')}
                    disabled={self}
                    data-testid="field-shop"
                  />
                )}
              />
            )}
            <TextField
              type="password"
              label={t(user ? 'form.newPassword' : 'fields.password')}
              required={!user}
              {...register('password')}
              error={!!err('password')}
              helperText={err('password') || (user ? t('form.newPasswordHint') : t('form.passwordHint'))}
              autoComplete="new-password"
              slotProps={{ htmlInput: { 'data-testid': 'field-password' } }}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions busy={busy} onCancel={onClose} saveTestId="user-form-save" />
      </form>
    </Dialog>
  );
}
