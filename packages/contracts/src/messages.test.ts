import { describe, expect, it } from 'vitest';
import { languageFromHeader, MESSAGES, translate } from './messages';
import { canManageRole, ROLES } from './roles';

describe('messages', () => {
  it('have every key in Lao and English, with the same placeholders', () => {
    const params = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(MESSAGES.en).sort()).toEqual(Object.keys(MESSAGES.lo).sort());
    for (const [key, lo] of Object.entries(MESSAGES.lo)) {
      expect(params(MESSAGES.en[key as keyof typeof MESSAGES.en]), key).toEqual(params(lo));
    }
  });

  it('keep the Lao texts of the specification', () => {
    expect(MESSAGES.lo['errors.forbidden']).toBe('ທ່ານບໍ່ມີສິດໃຊ້ງານ');
    expect(MESSAGES.lo['validation.fullNameRequired']).toBe('ກະລຸນາປ້ອນຊື່ຜູ້ໃຊ້');
    expect(MESSAGES.lo['validation.passwordRequired']).toBe('ກະລຸນາປ້ອນລະຫັດຜ່ານ');
    expect(MESSAGES.lo['validation.passwordConfirmRequired']).toBe('ກະລຸນາຢືນຢັນລະຫັດຜ່ານ');
  });

  it('translate with parameters and pass plain text through', () => {
    expect(translate('en', 'errors.tooManyRequests', { minutes: 3 })).toBe(
      'Too many requests; please try again in 3 minutes',
    );
    expect(translate('lo', 'not a key')).toBe('not a key');
  });

  it('answer in English only when English comes first', () => {
    expect(languageFromHeader(undefined)).toBe('lo');
    expect(languageFromHeader('en-US,en;q=0.9')).toBe('en');
    expect(languageFromHeader('lo-LA,en;q=0.5')).toBe('lo');
    expect(languageFromHeader('fr')).toBe('lo');
  });
});

describe('canManageRole (DESIGN.md §1)', () => {
  it('lets a role manage only lower roles, and SUPER-ADMIN everyone', () => {
    const allowed = ROLES.flatMap((a) => ROLES.filter((t) => canManageRole(a, t)).map((t) => `${a}>${t}`));
    expect(allowed).toEqual([
      'SUPER-ADMIN>SUPER-ADMIN',
      'SUPER-ADMIN>ADMIN',
      'SUPER-ADMIN>AGENT',
      'SUPER-ADMIN>MANAGER',
      'SUPER-ADMIN>SHOP',
      'ADMIN>AGENT',
      'ADMIN>MANAGER',
      'ADMIN>SHOP',
      'AGENT>MANAGER',
      'AGENT>SHOP',
      'MANAGER>SHOP',
    ]);
  });
});
