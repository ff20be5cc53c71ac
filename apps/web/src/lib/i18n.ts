import { LANGUAGES, type Language, MESSAGES } from '@parking-hub/contracts/messages';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from './config';
import { storage } from './storage';

type Bundle = Record<string, unknown>;
type Bundles = Record<Language, Record<string, Bundle>>;

/** Namespaces bundled with the entry; bigger, page-only ones (privacy) are added by their page. */
const lo = import.meta.glob<Bundle>(['../locales/lo/*.json', '!../locales/lo/privacy.json'], {
  eager: true,
  import: 'default',
});
const en = import.meta.glob<Bundle>(['../locales/en/*.json', '!../locales/en/privacy.json'], {
  eager: true,
  import: 'default',
});

function byNamespace(modules: Record<string, Bundle>): Record<string, Bundle> {
  return Object.fromEntries(
    Object.entries(modules).map(([file, bundle]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), bundle]),
  );
}

/** 'validation.fullNameRequired' → { validation: { fullNameRequired } }, so `api:validation.x` resolves. */
export function nestMessages(messages: Record<string, string>): Bundle {
  const root: Record<string, Record<string, string>> = {};
  for (const [key, text] of Object.entries(messages)) {
    const [group = '', name = ''] = key.split('.', 2);
    root[group] ??= {};
    root[group][name] = text;
  }
  return root;
}

const resources: Bundles = {
  lo: { ...byNamespace(lo), api: nestMessages(MESSAGES.lo) },
  en: { ...byNamespace(en), api: nestMessages(MESSAGES.en) },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function initialLanguage(): Language {
  const stored = storage.get(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : 'lo';
}

i18n.on('languageChanged', (lng) => {
  if (!isLanguage(lng)) return;
  document.documentElement.lang = lng;
  storage.set(LANGUAGE_STORAGE_KEY, lng);
});

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'lo',
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources.lo),
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The UI language, sent as Accept-Language so the server answers in it. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'lo';
}

export function changeLanguage(lng: Language): Promise<unknown> {
  return i18n.changeLanguage(lng);
}

/** Adds a page's own namespace (e.g. the long privacy policy) when that page loads. */
export function addNamespace(ns: string, bundles: Record<Language, Bundle>): void {
  for (const lng of LANGUAGES) {
    if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, bundles[lng]);
  }
}

/** Text of a zod issue or server field message: a message key is translated, plain text shown as is. */
export function messageText(message: string | undefined): string {
  if (!message) return '';
  return i18n.exists(`api:${message}`) ? i18n.t(`api:${message}`) : message;
}

export { i18n };
