import { useSearchFilters } from '../../lib/use-search-filters';

const KEYS = ['q', 'active', 'role'] as const;
export type VideoFilterValues = Record<(typeof KEYS)[number], string>;

/** The list's search, active and role filters and its page, in the URL. */
export function useVideosUrl() {
  const { values, page, setFilters, setPage } = useSearchFilters(KEYS);
  return { values: values as VideoFilterValues, page, setFilters, setPage };
}
