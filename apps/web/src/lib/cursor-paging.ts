/**
 * Paging a long list (bills, the audit trail, the outbox) by cursor, fast at any depth: the server hands out the cursor of the
 * next page; the cursors of the pages already seen are kept to go back. A page reached without
 * its trail (a shared link) still goes back, by page number.
 */
export interface CursorPosition {
  page: number;
  /** Where this page starts; null for page 1, or for a page asked for by number. */
  cursor: string | null;
  /** The cursors of the pages before this one, oldest first ('' for a page without one). */
  trail: string[];
}

export const FIRST_PAGE: CursorPosition = { page: 1, cursor: null, trail: [] };

export function nextPosition(at: CursorPosition, nextCursor: string): CursorPosition {
  return { page: at.page + 1, cursor: nextCursor, trail: [...at.trail, at.cursor ?? ''] };
}

export function previousPosition(at: CursorPosition): CursorPosition {
  if (at.page <= 2) return FIRST_PAGE;
  if (at.trail.length === 0) return { page: at.page - 1, cursor: null, trail: [] };
  return { page: at.page - 1, cursor: at.trail.at(-1) || null, trail: at.trail.slice(0, -1) };
}

/** The trail kept in the browser's history entry; anything else found there is ignored. */
export function trailOf(state: unknown): string[] {
  const trail = (state as { trail?: unknown } | null)?.trail;
  return Array.isArray(trail) && trail.every((c) => typeof c === 'string') ? trail : [];
}

/** The first and last row numbers of a page ("21–40"). */
export function rowRange(page: number, pageSize: number, rows: number): { from: number; to: number } {
  const from = (page - 1) * pageSize + 1;
  return { from: rows > 0 ? from : 0, to: rows > 0 ? from + rows - 1 : 0 };
}

type CountText = (key: 'count' | 'countCapped', options: { count?: number; total?: string }) => string;

/** A list's count for its header, in the screen's namespace: `count`, or `countCapped` ("10,000+"). */
export function listCount(t: CountText, meta: { total: number; totalCapped: boolean }): string {
  return meta.totalCapped
    ? t('countCapped', { total: new Intl.NumberFormat('en-US').format(meta.total) })
    : t('count', { count: meta.total });
}
