import {
  type CreateNewsBody,
  createNewsBodySchema,
  NEWS_IMAGE_MAX_BYTES,
  type News,
  type NewsAudience,
  type NewsPublish,
} from '@parking-hub/contracts/news';
import type { z } from 'zod';

/** The editor's values as typed (the contract parses them on save). */
export interface NewsFormValues {
  title: string;
  body: string;
  audience: NewsAudience;
  agentId: string;
  shopIds: string[];
  publish: NewsPublish;
  /** ISO time with its offset, or ''. */
  publishAt: string;
}

export const NEWS_FORM_FIELDS = [
  'title',
  'body',
  'audience',
  'agentId',
  'shopIds',
  'publish',
  'publishAt',
] as const;

/** A new item: an agent writes to chosen shops of theirs, an admin to every shop; sent now. */
export const emptyNewsValues = (admin: boolean): NewsFormValues => ({
  title: '',
  body: '',
  audience: admin ? 'ALL' : 'SHOPS',
  agentId: '',
  shopIds: [],
  publish: 'NOW',
  publishAt: '',
});

/** An item being edited: a scheduled one stays scheduled; a draft or a sent one is saved as it is. */
export const newsValues = (n: News): NewsFormValues => ({
  title: n.title,
  body: n.body,
  audience: n.audience,
  agentId: n.agentId ?? '',
  shopIds: n.shopIds,
  publish: n.status === 'SCHEDULED' ? 'SCHEDULE' : 'DRAFT',
  publishAt: n.publishAt ?? '',
});

/** The call's body from the form, checked by the contract (its issues go under the fields). */
export function newsBody(
  v: NewsFormValues,
  imagePath: string | null,
): { ok: true; body: CreateNewsBody } | { ok: false; issues: readonly z.core.$ZodIssue[] } {
  const parsed = createNewsBodySchema.safeParse({
    title: v.title,
    body: v.body,
    imagePath,
    audience: v.audience,
    agentId: v.audience === 'AGENT' ? v.agentId || null : null,
    shopIds: v.audience === 'SHOPS' ? v.shopIds : [],
    publish: v.publish,
    publishAt: v.publish === 'SCHEDULE' ? v.publishAt || null : null,
  });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, issues: parsed.error.issues };
}

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Why a chosen picture cannot go (a message key of the API's texts), or null. */
export function newsImageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!TYPES.includes(file.type)) return 'errors.newsImageType';
  if (file.size > NEWS_IMAGE_MAX_BYTES) return 'errors.newsImageTooLarge';
  return null;
}
