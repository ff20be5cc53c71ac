import { z } from 'zod';

export const pageMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/**
 * The envelope of every JSON response (DESIGN.md §3). `M` is the list's meta: page paging by
 * default; a cursor-paged list (the bill history) says its own.
 */
export interface Envelope<T = unknown, M = PageMeta> {
  status: 'success' | 'error';
  message?: string;
  messages?: Record<string, string>;
  data?: T;
  meta?: M;
}

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal('success'),
    message: z.string().optional(),
    data,
  });
}

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal('success'),
    message: z.string().optional(),
    data: z.array(item),
    meta: pageMetaSchema,
  });
}

export const messageEnvelope = z.object({
  status: z.literal('success'),
  message: z.string().optional(),
});

export const errorEnvelope = z.object({
  status: z.literal('error'),
  message: z.string(),
  messages: z.record(z.string(), z.string()).optional(),
});

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Paging fields every list body accepts. Pages start at 1. */
export const pagingSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type Paging = z.infer<typeof pagingSchema>;

/**
 * Lists that grow without bound (the bill history, the audit trail, the outbox) page by cursor:
 * meta.nextCursor is where the next page starts (an index range, as fast deep as near), and a
 * page number reaches only LIST_PAGE_DEPTH rows deep, as far as the list counts.
 */
export const LIST_PAGE_DEPTH = 10_000;

export const cursorSchema = z.string().trim().max(200).optional();

/** The page-depth rule of a cursor-paged list body (superRefine). */
export function checkPageDepth(
  v: { page: number; pageSize: number; cursor?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!v.cursor && (v.page - 1) * v.pageSize >= LIST_PAGE_DEPTH) {
    ctx.addIssue({ code: 'custom', path: ['page'], message: 'validation.pageTooDeep' });
  }
}

/** meta of a cursor-paged list: the usual paging, the count's cap, and the next page's cursor. */
export const cursorPageMetaSchema = pageMetaSchema.extend({
  /** More rows match than were counted (LIST_PAGE_DEPTH, or less for a costly filter): "10,000+". */
  totalCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type CursorPageMeta = z.infer<typeof cursorPageMetaSchema>;

export function cursorPagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    status: z.literal('success'),
    message: z.string().optional(),
    data: z.array(item),
    meta: cursorPageMetaSchema,
  });
}
