import { describe, expect, it } from 'vitest';
import { type AccountForm, accountFormSchema, profileBody } from './account-form';

const base = {
  userId: 'u1',
  fullName: 'ບຸນມີ',
  email: '',
  whatsapp: '',
  changePassword: false,
  password: '',
  password_confirmation: '',
};
const parse = (values: Partial<typeof base>): AccountForm => accountFormSchema.parse({ ...base, ...values });

describe('the account form', () => {
  it('normalises a Lao WhatsApp number and reads empty contacts as none', () => {
    const values = parse({ whatsapp: '020 5555 1234', email: ' Me@Example.com ' });
    expect(values.whatsapp).toBe('+8562055551234');
    expect(values.email).toBe('me@example.com');
    expect(parse({}).email).toBeNull();
  });

  it('refuses a bad WhatsApp number or e-mail with their Lao message keys', () => {
    const result = accountFormSchema.safeParse({ ...base, whatsapp: '12', email: 'nope' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error?.issues.map((i) => [i.path[0], i.message]) ?? []);
    expect(messages).toEqual({ whatsapp: 'validation.whatsappFormat', email: 'validation.emailFormat' });
  });

  it('sends a contact only when it changed; empty clears it', () => {
    const values = parse({ email: 'me@example.com', whatsapp: '' });
    expect(profileBody(values, {}, true)).toEqual({ userId: 'u1', fullName: 'ບຸນມີ' });
    expect(profileBody(values, { email: true, whatsapp: true }, true)).toEqual({
      userId: 'u1',
      fullName: 'ບຸນມີ',
      email: 'me@example.com',
      whatsapp: null,
    });
  });

  it('never clears what it could not load', () => {
    const values = parse({ email: 'me@example.com', whatsapp: '' });
    expect(profileBody(values, { email: true, whatsapp: true }, false)).toEqual({
      userId: 'u1',
      fullName: 'ບຸນມີ',
      email: 'me@example.com',
    });
  });

  it('adds the password pair when the box is ticked', () => {
    const values = parse({
      changePassword: true,
      password: 'new-pass-1',
      password_confirmation: 'new-pass-1',
    });
    expect(profileBody(values, {}, true)).toMatchObject({
      password: 'new-pass-1',
      password_confirmation: 'new-pass-1',
    });
  });
});
