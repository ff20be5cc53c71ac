import { useSearchFilters } from '../../lib/use-search-filters';

const KEYS = ['q', 'state', 'audience'] as const;
export type PromotionFilterValues = Record<(typeof KEYS)[number], string>;

/** The list's search, state and audience filters and its page, in the URL. */
export function usePromotionsUrl() {
  const { values, page, setFilters, setPage } = useSearchFilters(KEYS);
  return { values: values as PromotionFilterValues, page, setFilters, setPage };
}
