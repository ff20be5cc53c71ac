import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../lib/i18n';

/** Lao ⇄ English; the choice is remembered (lib/i18n.ts keeps it in localStorage). */
export function LanguageSwitch({ color = 'inherit' }: { color?: 'inherit' | 'primary' }) {
  const { t } = useTranslation();
  const next = currentLanguage() === 'lo' ? 'en' : 'lo';
  return (
    <Button
      color={color}
      size="small"
      startIcon={<Translate />}
      onClick={() => void changeLanguage(next)}
      aria-label={t('language.switchTo', { lng: t(`language.${next}`) })}
      data-testid="language-switch"
      sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
    >
      {t(`language.${next}`)}
    </Button>
  );
}
