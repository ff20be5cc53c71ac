import { describe, expect, it } from 'vitest';

// A localStorage for the node test environment.
const data = new Map<string, string>();
Object.assign(globalThis, {
  window: {
    localStorage: {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    },
  },
});
const { formatPhone, rememberPublicCompany, whatsappLink } = await import('./public-company');

describe('public company', () => {
  it('spaces Lao numbers as people write them and leaves others alone', () => {
    expect(formatPhone('02055551234')).toBe('020 5555 1234');
    expect(formatPhone('2055551234')).toBe('020 5555 1234');
    expect(formatPhone('021555123')).toBe('021 555 123');
    expect(formatPhone('0305551234')).toBe('030 555 1234');
    expect(formatPhone('+8562055551234')).toBe('+856 20 5555 1234');
    expect(formatPhone('+66812345678')).toBe('+66812345678');
    expect(formatPhone('hello')).toBe('hello');
  });

  it('links a WhatsApp number to its chat', () => {
    expect(whatsappLink('+8562055551234')).toBe('https://wa.me/8562055551234');
  });

  it('keeps only the public fields of a saved profile, in localStorage for the next load', () => {
    rememberPublicCompany({
      companyName: 'ບໍລິສັດ ທົດສອບ',
      branch: null,
      logoPath: '/uploads/company/a.png',
      telephone: '021555123',
      whatsapp: '+8562055551234',
      email: 'info@example.la',
      address: null,
      // A signed-in profile carries more: none of it is kept for public pages.
      ...{ qrImagePath: '/uploads/company/qr.png', updatedAt: '2026-11-22T07:05:00Z' },
    });
    const kept = JSON.parse(data.get('PARKING_HUB_COMPANY') ?? 'null');
    expect(kept).toEqual({
      companyName: 'ບໍລິສັດ ທົດສອບ',
      branch: null,
      logoPath: '/uploads/company/a.png',
      telephone: '021555123',
      whatsapp: '+8562055551234',
      email: 'info@example.la',
      address: null,
    });
  });
});
