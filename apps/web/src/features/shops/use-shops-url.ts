import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSearchFilters } from '../../lib/use-search-filters';

const KEYS = ['q', 'status', 'agentId'] as const;
export type ShopFilterValues = Record<(typeof KEYS)[number], string>;

/** How many shop details this history entry stacked on the list (a branch opened from its shop). */
function depthOf(state: unknown): number {
  const depth = (state as { shopDepth?: unknown } | null)?.shopDepth;
  return typeof depth === 'number' && depth > 0 ? depth : 0;
}

/**
 * The list's filters and page, and `?shop=<id>` for the open detail: linkable, and Back closes it.
 * Each detail opened from here is a history entry (a branch's Back returns to its shop); closing
 * goes back past all of them to the list, or, for a detail opened from a link, drops the param.
 */
export function useShopsUrl() {
  const { values, page, setFilters, setPage } = useSearchFilters(KEYS);
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  const depth = depthOf(state);

  const openShop = useCallback(
    (id: string) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set('shop', id);
          return out;
        },
        { state: { shopDepth: depth + 1 } },
      ),
    [setParams, depth],
  );

  const closeShop = useCallback(() => {
    if (depth > 0) return navigate(-depth);
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.delete('shop');
        return out;
      },
      { replace: true },
    );
  }, [setParams, navigate, depth]);

  return {
    values: values as ShopFilterValues,
    page,
    setFilters,
    setPage,
    shopId: params.get('shop'),
    openShop,
    closeShop,
  };
}
