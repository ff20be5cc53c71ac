import type { PublicCompany } from '@parking-hub/contracts/company';
import { useEffect, useState } from 'react';
import { api } from './api-client';
import { storage } from './storage';

/**
 * The company as public pages show it (the footer, the e-receipt): `GET /public/company`, asked
 * once per page load and kept here and in localStorage, so a reload shows the last copy at once.
 * Plain module state, not TanStack Query: the footer is on the login route, which must stay small
 * (decision 005).
 */
const STORAGE_KEY = 'PARKING_HUB_COMPANY';

function stored(): PublicCompany | null {
  try {
    const value = JSON.parse(storage.get(STORAGE_KEY) ?? 'null') as PublicCompany | null;
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

let company = stored();
let asked = false;
const listeners = new Set<(company: PublicCompany) => void>();

/** Keep a newer copy (an answer of the public call, or the profile just saved) and show it. */
export function rememberPublicCompany(next: PublicCompany): void {
  const { companyName, branch, logoPath, telephone, whatsapp, email, address } = next;
  company = { companyName, branch, logoPath, telephone, whatsapp, email, address };
  storage.set(STORAGE_KEY, JSON.stringify(company));
  for (const listener of listeners) listener(company);
}

/** GET /public/company, once per page load. */
function ask(): void {
  if (asked) return;
  asked = true;
  // Offline or failing: the stored copy (or nothing) stays; the footer is no place for errors.
  api.get<PublicCompany>('/public/company').then(
    (e) => e.data && rememberPublicCompany(e.data),
    () => {},
  );
}

// A public page (the footer on its first screen) asks as soon as this code runs, not after the
// first render: the answer comes sooner on a slow link. The signed-in area has no footer.
const startPath = typeof window === 'undefined' ? undefined : window.location?.pathname;
if (startPath !== undefined && !startPath.startsWith('/app')) ask();

/** The company for a public page: the last known copy at once (or null), refreshed once per load. */
export function usePublicCompany(): PublicCompany | null {
  const [current, setCurrent] = useState(company);
  useEffect(() => {
    listeners.add(setCurrent);
    ask();
    // The answer may have come between the first render and this effect.
    setCurrent(company);
    return () => {
      listeners.delete(setCurrent);
    };
  }, []);
  return current;
}

/** A Lao number spaced as people write it: 020 5555 1234, 021 555 123, +856 20 5555 1234. */
export function formatPhone(value: string): string {
  const match = /^(\+?856|0)?([2-9]\d)(\d{6,8})$/.exec(value);
  if (!match) return value;
  const [, prefix, area = '', rest = ''] = match;
  const half = rest.length >> 1;
  return `${prefix && prefix !== '0' ? '+856 ' : '0'}${area} ${rest.slice(0, half)} ${rest.slice(half)}`;
}

/** The chat link of a WhatsApp number kept in E.164 (`+8562055551234` → https://wa.me/8562055551234). */
export const whatsappLink = (e164: string) => `https://wa.me/${e164.replace(/\D/g, '')}`;
