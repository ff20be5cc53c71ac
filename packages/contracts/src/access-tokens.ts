import { z } from 'zod';
import { pagingSchema } from './envelope.ts';
import { idSchema, roleSchema, searchSchema } from './fields.ts';

export const SESSION_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED'] as const;
export const sessionStatusSchema = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

export const listAccessTokensBodySchema = pagingSchema.extend({
  userId: idSchema.optional(),
  status: sessionStatusSchema.optional(),
  q: searchSchema,
});
export type ListAccessTokensBody = z.infer<typeof listAccessTokensBodySchema>;

export const accessTokenSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  fullName: z.string(),
  role: roleSchema,
  brand: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: sessionStatusSchema,
  current: z.boolean(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const sessionIdParamsSchema = z.object({ sessionId: idSchema });
