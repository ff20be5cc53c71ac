import { emailSchema, fullNameSchema, optionalText, whatsappSchema } from '@parking-hub/contracts/fields';
import type { UpdateProfileBody } from '@parking-hub/contracts/users';
import { z } from 'zod';

/**
 * The account dialog's form (spec §3, §5): the name is required; with "change password" ticked
 * both password fields are. Whether they match is the server's answer (spec §5). E-mail and
 * WhatsApp may be empty (none); a WhatsApp number comes out in E.164.
 */
export const accountFormSchema = z
  .object({
    userId: z.string(),
    fullName: fullNameSchema,
    email: optionalText(emailSchema),
    whatsapp: optionalText(whatsappSchema),
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

export type ContactField = 'email' | 'whatsapp';
export const CONTACT_FIELDS: readonly ContactField[] = ['email', 'whatsapp'];

export type AccountForm = z.output<typeof accountFormSchema>;
/** What the fields hold: text, where a valid form gives null for an empty e-mail or WhatsApp. */
export type AccountFormInput = Omit<AccountForm, ContactField> & Record<ContactField, string>;

/**
 * The profile call's body. E-mail and WhatsApp go only when changed from what was loaded (omitted
 * means unchanged, null clears); when the current values could not be loaded, only a value typed
 * in is sent, so an empty field never clears what is on file unseen.
 */
export function profileBody(
  values: AccountForm,
  changed: Partial<Record<ContactField, boolean>>,
  loaded: boolean,
): UpdateProfileBody {
  const body: UpdateProfileBody = { userId: values.userId, fullName: values.fullName };
  for (const field of CONTACT_FIELDS) {
    const value = values[field] ?? null;
    if (changed[field] && (loaded || value !== null)) body[field] = value;
  }
  if (values.changePassword) {
    body.password = values.password;
    body.password_confirmation = values.password_confirmation;
  }
  return body;
}
