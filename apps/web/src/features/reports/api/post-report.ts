import type { PageMeta } from '@parking-hub/contracts/envelope';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '../../../lib/api-client';
import { reportKeys } from './report-keys';

/** POST a report body; every report answers its figures in `data` (the cancel list adds `meta`). */
export async function postReport<T>(path: string, body: object, signal?: AbortSignal): Promise<T> {
  return dataOf(await api.post<T>(path, body, { signal }));
}

/** The same, keeping the paging meta of a listed report. */
export async function postPagedReport<T>(
  path: string,
  body: object,
  signal?: AbortSignal,
): Promise<{ data: T; meta: PageMeta | undefined }> {
  const envelope = await api.post<T>(path, body, { signal });
  return { data: dataOf(envelope), meta: envelope.meta };
}

/** A report's query: the last figures stay on screen (dimmed) while a new range loads. */
export const reportQueryOptions = <T>(
  path: string,
  body: object,
  fetch: (signal: AbortSignal) => Promise<T>,
) =>
  queryOptions({
    queryKey: reportKeys.report(path, body),
    queryFn: ({ signal }) => fetch(signal),
    placeholderData: keepPreviousData,
  });
