import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

interface TitleHandle {
  titleKey?: string;
}

/** The title of the deepest matched route (its `handle.titleKey`), also set as the tab title. */
export function useScreenTitle(): string {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = [...matches].reverse().find((m) => (m.handle as TitleHandle | undefined)?.titleKey)?.handle as
    | TitleHandle
    | undefined;
  const title = key?.titleKey ? t(key.titleKey) : '';
  useEffect(() => {
    const app = t('common:appTitle');
    document.title = title ? `${title} · ${app}` : app;
  }, [title, t]);
  return title;
}
