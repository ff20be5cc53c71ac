import { useTranslation } from 'react-i18next';
import { type ImageChoice, ImageField, useImageChoice } from '../../../components/image-field';
import { logoProblem } from '../shop-format';
import { ShopLogo } from './shop-logo';

export type LogoChoice = ImageChoice;

/** The logo picked in the form: checked at once (type, size), previewed, sent after the save. */
export function useLogoChoice(): LogoChoice {
  return useImageChoice(logoProblem);
}

/** The logo: what the shop has (or the chosen file's preview), a file button and the rules. */
export function LogoField({
  logo,
  current,
  name,
}: {
  logo: LogoChoice;
  current: string | null;
  name: string;
}) {
  const { t } = useTranslation('shops');
  return (
    <ImageField
      choice={logo}
      current={current}
      texts={{
        choose: t('form.chooseLogo'),
        change: t('form.changeLogo'),
        drop: t('form.dropLogo'),
        hint: t('form.logoHint'),
      }}
      renderPreview={(src) => <ShopLogo src={src} name={name} size={64} />}
      testId="logo"
    />
  );
}
