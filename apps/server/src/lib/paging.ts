import type { PageMeta, Paging } from '@parking-hub/contracts/envelope';

export function pageOffset({ page, pageSize }: Paging): number {
  return (page - 1) * pageSize;
}

export function pageMeta({ page, pageSize }: Paging, total: number): PageMeta {
  return { page, pageSize, total, totalPages: Math.max(1, Math.ceil(total / pageSize)) };
}
