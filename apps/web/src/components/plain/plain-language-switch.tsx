import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { ICON_PATHS, Icon } from './icon';

/** The public pages' Lao ⇄ English switch: language-switch.tsx (MUI, top bar) without MUI. */
export function PlainLanguageSwitch() {
  const { t } = useTranslation();
  const next = currentLanguage() === 'lo' ? 'en' : 'lo';
  return (
    <button
      type="button"
      className="ph-button ph-button--small"
      style={{ minWidth: 0, whiteSpace: 'nowrap' }}
      onClick={() => void changeLanguage(next)}
      aria-label={t('language.switchTo', { lng: t(`language.${next}`) })}
      data-testid="language-switch"
    >
      <span className="ph-button__start-icon">
        <Icon path={ICON_PATHS.translate} />
      </span>
      {t(`language.${next}`)}
    </button>
  );
}
