import type { PageMeta } from '@parking-hub/contracts/envelope';
import { ADMIN_ROLES, type Role } from '@parking-hub/contracts/roles';
import type {
  CreateVideoFields,
  ListVideosBody,
  UpdateVideoFields,
  Video,
  VideoSource,
} from '@parking-hub/contracts/videos';
import type { Db, Executor } from '../../db/client.ts';
import type { AuthedContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { ImageContent } from '../../lib/image-upload.ts';
import { pageMeta } from '../../lib/paging.ts';
import { iso } from '../../lib/time.ts';
import { audit } from '../audit/audit.service.ts';
import type { ReceivedVideo, VideoFiles } from './videos.files.ts';
import { posterImages } from './videos.files.ts';
import {
  deleteVideoRow,
  findVideo,
  insertVideo,
  listVideoRows,
  type NewVideoRow,
  updateVideoRow,
  type VideoRow,
} from './videos.repository.ts';

export interface VideoStorage {
  files: VideoFiles;
  uploadsDir: string;
}

/** What a change brings besides its fields: a new video (on disk, not yet ours) and a poster. */
export interface Uploads {
  video: ReceivedVideo | null;
  poster: ImageContent | null;
}

export function present(row: VideoRow): Video {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    source: row.source as VideoSource,
    filePath: row.filePath,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    url: row.url,
    posterPath: row.posterPath,
    sortOrder: row.sortOrder,
    roles: row.roles as Role[],
    active: row.active,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The stored facts an audit event records (no timestamps: the event has its own). */
function facts(row: VideoRow) {
  const { createdAt: _c, updatedAt: _u, createdBy: _b, ...rest } = row;
  return rest;
}

function auditVideo(tx: Executor, ctx: AuthedContext, action: string, id: string, change: object) {
  return audit(tx, ctx, { action, entity: 'video', entityId: id, shopId: null, ...change });
}

export async function listVideos(
  db: Db,
  ctx: AuthedContext,
  body: ListVideosBody,
): Promise<{ data: Video[]; meta: PageMeta }> {
  const reader = ADMIN_ROLES.includes(ctx.actor.role) ? null : ctx.actor.role;
  const { rows, total } = await listVideoRows(db, body, reader);
  return { data: rows.map(present), meta: pageMeta(body, total) };
}

/** The files a change made ours: removed again when its transaction fails. */
interface Kept {
  filePath: string | null;
  posterPath: string | null;
}

/**
 * Moves a change's new files to their final names. If the poster cannot be written the video
 * moved before it is removed, so a failure here also leaves nothing.
 */
async function keepUploads(storage: VideoStorage, uploads: Uploads): Promise<Kept> {
  const filePath = uploads.video ? await storage.files.keep(uploads.video) : null;
  try {
    const posterPath = uploads.poster ? await posterImages(storage.uploadsDir).store(uploads.poster) : null;
    return { filePath, posterPath };
  } catch (err) {
    await storage.files.remove(filePath);
    throw err;
  }
}

async function removeFiles(
  storage: VideoStorage,
  paths: { filePath: string | null; posterPath: string | null },
) {
  await storage.files.remove(paths.filePath);
  await posterImages(storage.uploadsDir).remove(paths.posterPath);
}

/** Runs `change` with the new files kept; if it fails they are removed and nothing stays. */
async function withUploads<T>(
  storage: VideoStorage,
  uploads: Uploads,
  change: (kept: Kept) => Promise<T>,
): Promise<T> {
  const kept = await keepUploads(storage, uploads);
  try {
    return await change(kept);
  } catch (err) {
    await removeFiles(storage, kept);
    throw err;
  }
}

export async function createVideo(
  db: Db,
  ctx: AuthedContext,
  fields: CreateVideoFields,
  uploads: Uploads,
  storage: VideoStorage,
): Promise<Video> {
  if (uploads.video && fields.url) throw badRequest({ url: 'validation.videoFileAndLink' });
  if (!uploads.video && !fields.url) throw badRequest({ file: 'validation.videoSource' });
  return withUploads(storage, uploads, (kept) =>
    db.transaction(async (tx) => {
      const upload = uploads.video;
      const row = await insertVideo(tx, {
        title: fields.title,
        description: fields.description,
        source: upload ? 'UPLOAD' : 'LINK',
        filePath: kept.filePath,
        mimeType: upload?.mimeType ?? null,
        sizeBytes: upload?.sizeBytes ?? null,
        url: upload ? null : (fields.url ?? null),
        posterPath: kept.posterPath,
        sortOrder: fields.sortOrder,
        roles: fields.roles,
        active: fields.active,
        createdBy: ctx.actor.id,
      });
      await auditVideo(tx, ctx, 'video.create', row.id, { after: facts(row) });
      return present(row);
    }),
  );
}

type Changes = Partial<Omit<NewVideoRow, 'id' | 'createdAt' | 'updatedAt' | 'createdBy'>>;

/** The row's new values from the fields sent and the files kept; only what really changes. */
function changesOf(row: VideoRow, fields: UpdateVideoFields, uploads: Uploads, kept: Kept): Changes {
  const next: Changes = {};
  if (fields.title !== undefined) next.title = fields.title;
  if (fields.description !== undefined) next.description = fields.description;
  if (fields.sortOrder !== undefined) next.sortOrder = fields.sortOrder;
  if (fields.roles !== undefined) next.roles = fields.roles;
  if (fields.active !== undefined) next.active = fields.active;
  if (uploads.video) {
    Object.assign(next, {
      source: 'UPLOAD',
      filePath: kept.filePath,
      mimeType: uploads.video.mimeType,
      sizeBytes: uploads.video.sizeBytes,
      url: null,
    });
  } else if (fields.url) {
    Object.assign(next, { source: 'LINK', url: fields.url, filePath: null, mimeType: null, sizeBytes: null });
  } else if (fields.url === null && row.source === 'LINK') {
    throw badRequest({ file: 'validation.videoSource' });
  }
  if (kept.posterPath) next.posterPath = kept.posterPath;
  else if (fields.removePoster) next.posterPath = null;
  const same = (k: keyof Changes) => JSON.stringify(next[k]) === JSON.stringify(row[k]);
  return Object.fromEntries(Object.entries(next).filter(([k]) => !same(k as keyof Changes))) as Changes;
}

const pick = (row: VideoRow, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, row[k as keyof VideoRow]]));

/**
 * Changes the fields sent. A new file or poster replaces the old one: the old file is removed
 * once the new row is committed (best effort); a failed change removes the new files instead.
 */
export async function updateVideo(
  db: Db,
  ctx: AuthedContext,
  fields: UpdateVideoFields,
  uploads: Uploads,
  storage: VideoStorage,
): Promise<Video> {
  if (uploads.video && fields.url) throw badRequest({ url: 'validation.videoFileAndLink' });
  const { video, replaced } = await withUploads(storage, uploads, (kept) =>
    db.transaction(async (tx) => {
      const row = await findVideo(tx, fields.id, true);
      if (!row) throw notFound('errors.videoNotFound');
      const changes = changesOf(row, fields, uploads, kept);
      const keys = Object.keys(changes);
      if (keys.length === 0) return { video: present(row), replaced: { filePath: null, posterPath: null } };
      const after = await updateVideoRow(tx, row.id, changes);
      await auditVideo(tx, ctx, 'video.update', row.id, {
        before: pick(row, keys),
        after: pick(after, keys),
      });
      return {
        video: present(after),
        replaced: {
          filePath: row.filePath !== after.filePath ? row.filePath : null,
          posterPath: row.posterPath !== after.posterPath ? row.posterPath : null,
        },
      };
    }),
  );
  await removeFiles(storage, replaced);
  return video;
}

/**
 * Deletes the row for good and then its files: a video is content nothing else refers to, and
 * "hidden but kept" is what `active: false` is for. The audit event keeps what it was.
 */
export async function deleteVideo(
  db: Db,
  ctx: AuthedContext,
  id: string,
  storage: VideoStorage,
): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const found = await findVideo(tx, id, true);
    if (!found) throw notFound('errors.videoNotFound');
    await deleteVideoRow(tx, id);
    await auditVideo(tx, ctx, 'video.delete', id, { before: facts(found) });
    return found;
  });
  await removeFiles(storage, row);
}
