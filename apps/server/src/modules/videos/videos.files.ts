import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  sniffVideoType,
  VIDEO_HEADER_BYTES,
  VIDEO_MIME_TYPES,
  type VideoKind,
} from '@parking-hub/contracts/videos';
import { AppError } from '../../lib/errors.ts';
import { imageFolder } from '../../lib/image-upload.ts';
import { UPLOADS_PREFIX } from '../../lib/uploads.ts';

const FOLDER = 'videos';
/** Temporary names start with a dot: @fastify/static does not serve them, backups skip them. */
const TEMP = /^\.upload-[0-9a-f]{32}\.part$/;
const OURS = new RegExp(`^${UPLOADS_PREFIX}${FOLDER}/([0-9a-f]{32}\\.(?:mp4|webm))$`);

/** A video received whole under a temporary name, checked by its bytes; not yet one of ours. */
export interface ReceivedVideo {
  tempPath: string;
  kind: VideoKind;
  mimeType: string;
  sizeBytes: number;
}

export const videoTooLarge = (maxBytes: number) =>
  new AppError(
    413,
    'errors.videoTooLarge',
    { max: Math.floor(maxBytes / (1024 * 1024)) },
    { file: 'errors.videoTooLarge' },
  );
const notAVideo = () => new AppError(400, 'errors.videoType', {}, { file: 'errors.videoType' });

/**
 * Passes a video's bytes on while counting them (past `maxBytes`: 413) and looking at its first
 * VIDEO_HEADER_BYTES (not MP4/WebM: 400, before the rest is written). Nothing is buffered beyond
 * the header.
 */
class VideoGate extends Transform {
  size = 0;
  kind: VideoKind | null = null;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(videoTooLarge(this.maxBytes));
    if (this.kind === null && this.headLength < VIDEO_HEADER_BYTES) {
      this.head.push(chunk.subarray(0, VIDEO_HEADER_BYTES - this.headLength));
      this.headLength += Math.min(chunk.length, VIDEO_HEADER_BYTES - this.headLength);
      if (this.headLength >= VIDEO_HEADER_BYTES && !this.decide()) return done(notAVideo());
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    // A file shorter than the header is judged on what there is (an empty part is "no file").
    if (this.size > 0 && this.kind === null && !this.decide()) return done(notAVideo());
    done();
  }

  private decide(): boolean {
    this.kind = sniffVideoType(Buffer.concat(this.head));
    this.head = [];
    return this.kind !== null;
  }
}

/**
 * The uploaded videos of UPLOADS_DIR/videos, served at /uploads/videos/<name> (with range requests,
 * @fastify/static). A video arrives under a temporary name and becomes ours under a new random
 * name once it is whole and checked; a name a client sent never becomes a path.
 */
export function videoFiles(uploadsDir: string) {
  const dir = path.join(uploadsDir, FOLDER);
  const tempPath = () => path.join(dir, `.upload-${randomBytes(16).toString('hex')}.part`);
  return {
    dir,
    /**
     * Streams `source` to a temporary file (never whole in memory). On any failure (too large, not
     * a video, the client gone, the disk) the temporary file is removed before the error goes on.
     * An empty part answers null (no file chosen).
     */
    async receive(source: NodeJS.ReadableStream, maxBytes: number): Promise<ReceivedVideo | null> {
      await mkdir(dir, { recursive: true });
      const temp = tempPath();
      const gate = new VideoGate(maxBytes);
      try {
        await pipeline(source, gate, createWriteStream(temp, { flags: 'wx' }));
      } catch (err) {
        await unlink(temp).catch(() => {});
        throw err;
      }
      if (gate.size === 0 || gate.kind === null) {
        await unlink(temp).catch(() => {});
        return null;
      }
      return { tempPath: temp, kind: gate.kind, mimeType: VIDEO_MIME_TYPES[gate.kind], sizeBytes: gate.size };
    },
    /** Moves a received video to its random name; answers its public path. */
    async keep(video: ReceivedVideo): Promise<string> {
      const name = `${randomBytes(16).toString('hex')}.${video.kind}`;
      await rename(video.tempPath, path.join(dir, name));
      return `${UPLOADS_PREFIX}${FOLDER}/${name}`;
    },
    /** Removes a received video not (or not yet) kept; nothing happens once it was moved. */
    async discard(video: ReceivedVideo | null | undefined): Promise<void> {
      if (video) await unlink(video.tempPath).catch(() => {});
    },
    /** Best effort, and only a path of ours: a file left behind wastes space but breaks nothing. */
    async remove(publicPath: string | null | undefined): Promise<void> {
      const name = publicPath ? OURS.exec(publicPath)?.[1] : undefined;
      if (name) await unlink(path.join(dir, name)).catch(() => {});
    },
    /**
     * Removes temporary files nothing has written to for `idleMs` (left by a process killed
     * mid-upload). An upload in progress writes all the time, whichever instance receives it.
     */
    async sweep(idleMs: number): Promise<number> {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => TEMP.test(n));
      let removed = 0;
      for (const name of names) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => null);
        if (
          info &&
          Date.now() - info.mtimeMs > idleMs &&
          (await unlink(file).then(
            () => true,
            () => false,
          ))
        )
          removed++;
      }
      return removed;
    },
  };
}
export type VideoFiles = ReturnType<typeof videoFiles>;

/** Posters live under UPLOADS_DIR/video-posters, served at /uploads/video-posters/…. */
export const posterImages = (uploadsDir: string) => imageFolder(uploadsDir, 'video-posters');
