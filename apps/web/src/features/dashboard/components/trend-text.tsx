import { useTranslation } from 'react-i18next';
import { trendOf } from '../dashboard-figures';
import { DASHBOARD_ICON_PATHS } from './plain-icons';

const PATHS = {
  up: DASHBOARD_ICON_PATHS.arrowUpward,
  down: DASHBOARD_ICON_PATHS.arrowDownward,
  same: DASHBOARD_ICON_PATHS.remove,
};

/**
 * "Yesterday 12,000 ₭" with an arrow saying whether today is above or below it. Plain (the
 * dashboard's top cards draw without MUI, decision 024); the arrow is titled as MUI's
 * `titleAccess` titles it.
 */
export function TrendText({ today, yesterday, text }: { today: number; yesterday: number; text: string }) {
  const { t } = useTranslation('dashboard');
  const trend = trendOf(today, yesterday);
  const title = t(`compare.${trend}`);
  return (
    <div className={`ph-dash-trend ph-dash-trend--${trend}`}>
      <svg className="ph-icon" viewBox="0 0 24 24" focusable="false" role="img" aria-label={title}>
        <title>{title}</title>
        <path d={PATHS[trend]} />
      </svg>
      <span>{t('compare.yesterdayValue', { value: text })}</span>
    </div>
  );
}
