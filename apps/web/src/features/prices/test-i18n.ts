import { MESSAGES } from '@parking-hub/contracts/messages';
import i18next from 'i18next';
import en from '../../locales/en/prices.json';
import lo from '../../locales/lo/prices.json';
import type { Translate } from './rule-text';

/** 'validation.x' → { validation: { x } }, as the app's `api` namespace holds the contracts' messages. */
function nested(messages: Record<string, string>) {
  const out: Record<string, Record<string, string>> = {};
  for (const [key, text] of Object.entries(messages)) {
    const [group = '', name = ''] = key.split('.', 2);
    out[group] = { ...out[group], [name]: text };
  }
  return out;
}

/** A `t` over the real prices texts and API messages in one language, for the pure helpers' tests. */
export function translator(lng: 'lo' | 'en'): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    resources: {
      lo: { prices: lo, api: nested(MESSAGES.lo) },
      en: { prices: en, api: nested(MESSAGES.en) },
    },
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return (key, options) => instance.t(key, options);
}
