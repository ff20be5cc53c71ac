import { z } from 'zod';
import { newPasswordSchema } from './fields.ts';

/**
 * Forgot password (`/reset-password`): find the account → choose where the code goes → the code by
 * e-mail or WhatsApp → enter it → a new password. Every answer is the same whether or not the
 * account exists (docs/decisions/012-password-recovery.md).
 */

export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_SECONDS = 600;
export const RESET_CODE_MAX_TRIES = 5;
export const RESET_RESEND_SECONDS = 60;

export const RESET_CHANNELS = ['EMAIL', 'WHATSAPP'] as const;
export const resetChannelSchema = z.enum(RESET_CHANNELS, { error: 'validation.invalid' });
export type ResetChannel = z.infer<typeof resetChannelSchema>;

/** The opaque id of one recovery attempt, answered by find-my-account. */
const requestIdSchema = z
  .string({ error: 'errors.resetRequestExpired' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'errors.resetRequestExpired' });

export const findAccountBodySchema = z.object({
  identifier: z
    .string({ error: 'validation.identifierRequired' })
    .trim()
    .min(1, { error: 'validation.identifierRequired' })
    .max(200, { error: 'validation.tooLong' }),
});
export type FindAccountBody = z.infer<typeof findAccountBodySchema>;

/** Where a code can go, shown only masked (`a•••@gmail.com`, `•••• 4521`). */
export const resetDestinationSchema = z.object({ channel: resetChannelSchema, masked: z.string() });
export type ResetDestination = z.infer<typeof resetDestinationSchema>;

export const findAccountResultSchema = z.object({
  requestId: z.string(),
  /** Empty: no e-mail or WhatsApp on file, the page says whom to ask instead. */
  destinations: z.array(resetDestinationSchema),
  expiresInSeconds: z.number().int(),
});
export type FindAccountResult = z.infer<typeof findAccountResultSchema>;

/** `POST /v1/auth/email-send-pin` (e-mail) and `POST /v1/sent-code` (WhatsApp). */
export const sendCodeBodySchema = z.object({ requestId: requestIdSchema });
export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;

export const sendCodeResultSchema = z.object({
  channel: resetChannelSchema,
  masked: z.string(),
  expiresInSeconds: z.number().int(),
  resendInSeconds: z.number().int(),
});
export type SendCodeResult = z.infer<typeof sendCodeResultSchema>;

export const codeSchema = z
  .string({ error: 'validation.codeFormat' })
  .trim()
  .regex(/^\d{6}$/, { error: 'validation.codeFormat' });

export const verifyCodeBodySchema = z.object({ requestId: requestIdSchema, code: codeSchema });
export type VerifyCodeBody = z.infer<typeof verifyCodeBodySchema>;

export const verifyCodeResultSchema = z.object({
  resetToken: z.string(),
  expiresInSeconds: z.number().int(),
});
export type VerifyCodeResult = z.infer<typeof verifyCodeResultSchema>;

/** `POST /v1/user/reset-password`: the last step, with the token a right code gave. */
export const resetPasswordBodySchema = z.object({
  resetToken: z
    .string({ error: 'errors.resetTokenInvalid' })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'errors.resetTokenInvalid' }),
  password: newPasswordSchema,
  password_confirmation: z
    .string({ error: 'validation.passwordConfirmRequired' })
    .min(1, { error: 'validation.passwordConfirmRequired' })
    .max(128),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
