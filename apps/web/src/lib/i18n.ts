import { LANGUAGES, type Language } from '@parking-hub/contracts/languages';
import { lo as LAO_MESSAGES } from '@parking-hub/contracts/messages-lo';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from './config';
import { storage } from './storage';

type Bundle = Record<string, unknown>;

/**
 * Namespaces the shell needs on every page ship with the entry; every other namespace is a
 * separate chunk, loaded with the screen that uses it (the router's `ns`), so adding screens
 * never grows the login route.
 */
export const EAGER_NAMESPACES = ['common', 'screens'] as const;

const eager = import.meta.glob<Bundle>(['../locales/*/common.json', '../locales/*/screens.json'], {
  eager: true,
  import: 'default',
});
const lazy = import.meta.glob<Bundle>(
  ['../locales/*/*.json', '!../locales/*/common.json', '!../locales/*/screens.json'],
  {
    import: 'default',
  },
);

const fileOf = (lng: string, ns: string) => `../locales/${lng}/${ns}.json`;

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

/** The API's texts: Lao with the entry, English (the second language) loaded when it is chosen. */
function bundlesOf(lng: Language): Record<string, Bundle> {
  const out: Record<string, Bundle> = lng === 'lo' ? { api: nestMessages(LAO_MESSAGES) } : {};
  for (const ns of EAGER_NAMESPACES) {
    const bundle = eager[fileOf(lng, ns)];
    if (bundle) out[ns] = bundle;
  }
  return out;
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    if (ns === 'api' && lng === 'en') {
      import('@parking-hub/contracts/messages-en').then(
        (m) => callback(null, nestMessages(m.en)),
        (error: unknown) => callback(error as Error, false),
      );
      return;
    }
    const load = lazy[fileOf(lng, ns)];
    if (!load) return callback(null, {});
    load().then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error as Error, false),
    );
  },
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
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  storage.set(LANGUAGE_STORAGE_KEY, lng);
});

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: { lo: bundlesOf('lo'), en: bundlesOf('en') },
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'lo',
    supportedLngs: [...LANGUAGES],
    ns: [...EAGER_NAMESPACES, 'api'],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** Load a screen's namespaces (current language and the Lao fallback) before it renders. */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length ? i18n.loadNamespaces([...namespaces]) : Promise.resolve();
}

/** The UI language, sent as Accept-Language so the server answers in it. */
export function currentLanguage(): Language {
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : 'lo';
}

export function changeLanguage(lng: Language): Promise<unknown> {
  return i18n.changeLanguage(lng);
}

/**
 * Text of a zod issue or server field message: a message key is translated (with `values` for its
 * placeholders, e.g. `{ max: 4096 }`), plain text shown as is.
 */
export function messageText(message: string | undefined, values?: Record<string, string | number>): string {
  if (!message) return '';
  return i18n.exists(`api:${message}`) ? i18n.t(`api:${message}`, values ?? {}) : message;
}

export { i18n };
