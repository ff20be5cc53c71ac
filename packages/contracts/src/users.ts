import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import {
  emailSchema,
  fullNameSchema,
  idSchema,
  newPasswordSchema,
  optionalText,
  phoneSchema,
  roleSchema,
  searchSchema,
  usernameSchema,
  whatsappSchema,
} from './fields.ts';
import { SHOP_ROLES } from './roles.ts';

export const USER_STATUSES = ['ACTIVE', 'SUSPENDED', 'DELETED'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  whatsapp: z.string().nullable(),
  role: roleSchema,
  status: userStatusSchema,
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const listUsersBodySchema = pagingSchema.extend({
  q: searchSchema,
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  shopId: idSchema.optional(),
});
export type ListUsersBody = z.infer<typeof listUsersBodySchema>;

const roleField = z.enum(roleSchema.options, { error: 'validation.roleRequired' });
const shopField = optionalText(idSchema);

/** MANAGER and SHOP users belong to a shop; the other roles never do. */
function shopMatchesRole(value: { role?: string; shopId?: string | null }, ctx: z.RefinementCtx) {
  if (!value.role) return;
  if ((SHOP_ROLES as readonly string[]).includes(value.role) && !value.shopId) {
    ctx.addIssue({ code: 'custom', path: ['shopId'], message: 'validation.shopRequired' });
  }
}

export const createUserBodySchema = z
  .object({
    username: usernameSchema,
    fullName: fullNameSchema,
    phone: optionalText(phoneSchema),
    email: optionalText(emailSchema),
    whatsapp: optionalText(whatsappSchema),
    password: newPasswordSchema,
    role: roleField,
    shopId: shopField,
  })
  .superRefine(shopMatchesRole);
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** Edit another user. A password here is a reset by a manager: it revokes the user's sessions. */
export const updateUserBodySchema = z
  .object({
    id: idSchema,
    username: usernameSchema,
    fullName: fullNameSchema,
    phone: optionalText(phoneSchema),
    email: optionalText(emailSchema),
    whatsapp: optionalText(whatsappSchema),
    role: roleField,
    shopId: shopField,
    password: optionalText(newPasswordSchema),
  })
  .superRefine(shopMatchesRole);
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/**
 * The account dialog (spec §4, §5): own name, and a new password when the box is ticked. E-mail and
 * WhatsApp (where a forgotten-password code can go) change only when sent; empty clears them.
 */
export const updateProfileBodySchema = z.object({
  userId: idSchema,
  fullName: fullNameSchema,
  email: optionalText(emailSchema),
  whatsapp: optionalText(whatsappSchema),
  password: optionalText(newPasswordSchema),
  password_confirmation: optionalText(z.string().max(128)),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const updatePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'validation.currentPasswordRequired' })
    .min(1, { error: 'validation.currentPasswordRequired' })
    .max(1024),
  password: newPasswordSchema,
  password_confirmation: z
    .string({ error: 'validation.passwordConfirmRequired' })
    .min(1, { error: 'validation.passwordConfirmRequired' })
    .max(128),
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

export const updateStatusBodySchema = z.object({
  u_id: idSchema,
  status: z.enum(['ACTIVE', 'SUSPENDED'], { error: 'validation.invalid' }),
});
export type UpdateStatusBody = z.infer<typeof updateStatusBodySchema>;

export const userIdParamsSchema = z.object({ id: idSchema });
export const userUidParamsSchema = z.object({ u_id: idSchema });
