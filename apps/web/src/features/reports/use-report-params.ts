import { useCallback, useMemo } from 'react';
import { DEFAULT_TIME_ZONE } from '../../lib/format';
import { useSession } from '../../lib/session-store';
import { useByClosing } from '../../lib/use-by-closing';
import { useSearchFilters } from '../../lib/use-search-filters';
import { DEFAULT_PRESET, presetRange, type ReportRange, rangeFromUrl } from './report-range';

const BASE_KEYS = ['from', 'to', 'shopId'] as const;
type BaseKey = (typeof BASE_KEYS)[number];
const NO_KEYS: readonly never[] = [];

/**
 * What every report asks with: the range and shop from the URL (shareable, kept on reload), the
 * by-closing flag from localStorage. Shop staff see their own shop only: they get no picker and
 * send no shopId (the server answers for their shop). `extra` names a screen's own URL keys.
 */
export function useReportParams<K extends string = never>(extra: readonly K[] = NO_KEYS) {
  const keys = useMemo(() => [...BASE_KEYS, ...extra], [extra]);
  const { values, page, setFilters, setPage } = useSearchFilters<BaseKey | K>(keys);
  const session = useSession();
  const [byClosing, setByClosing] = useByClosing();
  const range = rangeFromUrl(values.from, values.to, new Date(), DEFAULT_TIME_ZONE);
  const pickShop = session.role !== 'SHOP';
  const shopId = pickShop ? values.shopId || undefined : undefined;

  const setRange = useCallback(
    (next: ReportRange) => {
      const usual = presetRange(DEFAULT_PRESET, new Date(), DEFAULT_TIME_ZONE);
      // The default range stays out of the URL, so a bookmark opens on the month it is used in.
      const isUsual = next.from === usual.from && next.to === usual.to;
      setFilters({ from: isUsual ? '' : next.from, to: isUsual ? '' : next.to } as Partial<
        Record<BaseKey | K, string>
      >);
    },
    [setFilters],
  );
  const setShopId = useCallback(
    (id: string | null) => setFilters({ shopId: id ?? '' } as Partial<Record<BaseKey | K, string>>),
    [setFilters],
  );

  return {
    range,
    shopId,
    byClosing,
    /** The body fields every report endpoint takes. */
    body: { ...range, byClosing, ...(shopId ? { shopId } : {}) },
    pickShop,
    ownShopName: session.shopName,
    setRange,
    setShopId,
    setByClosing,
    values,
    page,
    setPage,
    setFilters,
  };
}

export type ReportParams = ReturnType<typeof useReportParams>;
