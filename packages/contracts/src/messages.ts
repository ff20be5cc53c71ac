import type { Language } from './languages.ts';
import { en } from './messages-en.ts';
import { lo, type MessageKey } from './messages-lo.ts';

/**
 * Messages the API sends and the forms show, in Lao (default, messages-lo.ts) and English
 * (messages-en.ts). Schemas in this package name a key of `validation.*`; the server and the web
 * translate it. Placeholders use the i18next form `{{name}}` so the web can hand these to i18next
 * as they are. The web ships the Lao texts with its entry and loads the English ones when needed.
 */
export { LANGUAGES, type Language } from './languages.ts';
export type { MessageKey };

export const MESSAGES: Record<Language, Record<MessageKey, string>> = { lo, en };

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.hasOwn(lo, value);
}

/** Translate a key; unknown text is returned as it is so a plain sentence passes through. */
export function translate(lang: Language, key: string, params: Record<string, string | number> = {}): string {
  const template = isMessageKey(key) ? MESSAGES[lang][key] : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Pick the language from an Accept-Language header: English only when asked for first. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return 'lo';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'lo';
}
