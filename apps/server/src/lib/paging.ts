import { LIST_PAGE_DEPTH, type PageMeta, type Paging } from '@parking-hub/contracts/envelope';
import { badRequest } from './errors.ts';

export function pageOffset({ page, pageSize }: Paging): number {
  return (page - 1) * pageSize;
}

export function pageMeta({ page, pageSize }: Paging, total: number): PageMeta {
  return { page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}

/**
 * The page of a list asked for as `?page=N` (the specification's form) or in the body; a
 * cursor-paged list refuses a page number deeper than LIST_PAGE_DEPTH rows (the cursor goes on).
 */
export function requestedPage(
  query: { page?: number | undefined },
  body: Paging & { cursor?: string | undefined },
): number {
  const page = query.page && body.page === 1 ? query.page : body.page;
  if (!body.cursor && (page - 1) * body.pageSize >= LIST_PAGE_DEPTH)
    throw badRequest({ page: 'validation.pageTooDeep' });
  return page;
}

/** The meta of a cursor-paged list from rows fetched one past the page and a count capped at `cap`. */
export function cursorPageMeta<R>(
  paging: Paging,
  rows: R[],
  counted: number,
  cap: number,
  cursorOf: (last: R) => string,
) {
  const last = rows.at(Math.min(rows.length, paging.pageSize) - 1);
  const total = Math.min(counted, cap);
  return {
    ...pageMeta(paging, total),
    totalCapped: counted > cap,
    nextCursor: rows.length > paging.pageSize && last ? cursorOf(last) : null,
  };
}

/** A cursor: the sort key of a page's last row, opaque to the client. */
export function encodeCursor(parts: string[]): string {
  return Buffer.from(parts.join('|')).toString('base64url');
}

/** The parts of a cursor, each checked by its pattern; anything else is a 400 on `cursor`. */
export function decodeCursor(text: string, patterns: RegExp[]): string[] {
  const parts = Buffer.from(text, 'base64url').toString().split('|');
  if (parts.length !== patterns.length || parts.some((p, i) => !patterns[i]?.test(p)))
    throw badRequest({ cursor: 'validation.invalid' });
  return parts;
}
