import { fullNameSchema } from '@parking-hub/contracts/fields';
import { z } from 'zod';

/**
 * The account dialog's form (spec §3, §5): the name is required; with "change password" ticked
 * both password fields are. Whether they match is the server's answer (spec §5).
 */
export const accountFormSchema = z
  .object({
    userId: z.string(),
    fullName: fullNameSchema,
    changePassword: z.boolean(),
    password: z.string(),
    password_confirmation: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.changePassword) return;
    if (!v.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.passwordRequired' });
    else if (v.password.length < 8)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.passwordTooShort' });
    if (!v.password_confirmation)
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'validation.passwordConfirmRequired',
      });
  });

export type AccountForm = z.infer<typeof accountFormSchema>;
