import { z } from 'zod';
import { roleSchema } from './fields.ts';

export const loginBodySchema = z.object({
  username: z
    .string({ error: 'validation.usernameRequired' })
    .trim()
    .min(1, { error: 'validation.usernameRequired' })
    .max(200, { error: 'validation.tooLong' }),
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, { error: 'validation.passwordRequired' })
    .max(1024, { error: 'validation.tooLong' }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The session fields of spec §3; shop fields are null for users without a shop. */
export const sessionUserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  username: z.string(),
  fullName: z.string(),
  /** Where a forgotten-password code can go (the account dialog edits them). */
  email: z.string().nullable(),
  whatsapp: z.string().nullable(),
  role: roleSchema,
  shopId: z.string().nullable(),
  shopName: z.string().nullable(),
  address: z.string().nullable(),
  conditions: z.string().nullable(),
  priceMotorbike: z.number().int(),
  priceCar: z.number().int(),
  logoPath: z.string().nullable(),
  openShop: z.string().nullable(),
  closeShop: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const meBodySchema = z.object({
  brand: z.string().trim().max(100).optional(),
});
export type MeBody = z.infer<typeof meBodySchema>;

export const meResultSchema = z.object({ user: sessionUserSchema });
