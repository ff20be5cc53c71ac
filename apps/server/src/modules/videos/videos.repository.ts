import type { Role } from '@parking-hub/contracts/roles';
import type { ListVideosBody } from '@parking-hub/contracts/videos';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { videos } from '../../db/schema/videos.ts';
import { escapeLike } from '../../lib/like.ts';
import { pageOffset } from '../../lib/paging.ts';

export type VideoRow = typeof videos.$inferSelect;
export type NewVideoRow = typeof videos.$inferInsert;

/** Videos meant for `role`: those naming it, and those for every role (no roles). */
const reaches = (role: Role) => sql`(cardinality(${videos.roles}) = 0 or ${role} = any(${videos.roles}))`;

/**
 * `reader`: the role of a caller who is not an admin. They see only the active videos that reach
 * their role, whatever the filters ask for (the filters narrow further, never widen).
 */
export async function listVideoRows(db: Executor, f: ListVideosBody, reader: Role | null) {
  const pattern = f.q ? `%${escapeLike(f.q)}%` : null;
  const where = and(
    reader ? and(eq(videos.active, true), reaches(reader)) : undefined,
    pattern ? or(ilike(videos.title, pattern), ilike(videos.description, pattern)) : undefined,
    f.active === undefined ? undefined : eq(videos.active, f.active),
    f.role ? reaches(f.role) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(videos)
      .where(where)
      .orderBy(asc(videos.sortOrder), desc(videos.createdAt), desc(videos.id))
      .limit(f.pageSize)
      .offset(pageOffset(f)),
    db.select({ n: count() }).from(videos).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A video by id; `lock` holds it for the change (FOR UPDATE). */
export async function findVideo(db: Executor, id: string, lock = false): Promise<VideoRow | null> {
  const query = db.select().from(videos).where(eq(videos.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertVideo(db: Executor, values: NewVideoRow): Promise<VideoRow> {
  const [row] = await db.insert(videos).values(values).returning();
  if (!row) throw new Error('video insert returned nothing');
  return row;
}

export async function updateVideoRow(
  db: Executor,
  id: string,
  values: Partial<NewVideoRow>,
): Promise<VideoRow> {
  const [row] = await db
    .update(videos)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(videos.id, id))
    .returning();
  if (!row) throw new Error('video update returned nothing');
  return row;
}

export async function deleteVideoRow(db: Executor, id: string): Promise<void> {
  await db.delete(videos).where(eq(videos.id, id));
}
