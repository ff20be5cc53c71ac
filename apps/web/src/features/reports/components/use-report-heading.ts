import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shopDetailQueryOptions } from '../../../lib/shop-detail';
import { dayLabel } from '../report-format';
import type { ReportParams } from '../use-report-params';

/**
 * The lines that say what a report is, on paper and atop its exports: title, shop(s), period and
 * whether days are counted by closing.
 */
export function useReportHeading(title: string, params: ReportParams): string[] {
  const { t } = useTranslation('reports');
  const shop = useQuery({ ...shopDetailQueryOptions(params.shopId ?? ''), enabled: !!params.shopId });
  const shopName = params.shopId ? shop.data?.shop.name : params.pickShop ? null : params.ownShopName;
  const { from, to } = params.range;
  return [
    title,
    shopName ? t('heading.shop', { name: shopName }) : t('heading.allShops'),
    `${t('heading.period', { from: dayLabel(from), to: dayLabel(to) })} · ${t(params.byClosing ? 'heading.byClosing' : 'heading.byCalendar')}`,
  ];
}
