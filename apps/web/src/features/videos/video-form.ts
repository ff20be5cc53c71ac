import { ROLES, type Role } from '@parking-hub/contracts/roles';
import {
  VIDEO_SOURCES,
  type Video,
  type VideoSource,
  videoFieldSchemas,
} from '@parking-hub/contracts/videos';
import { z } from 'zod';

/** What the video form holds: inputs as typed, checked by `videoFormSchema` on save. */
export interface VideoFormValues {
  title: string;
  description: string;
  source: VideoSource;
  url: string;
  sortOrder: string;
  roles: Role[];
  active: boolean;
}

/** Text fields the server's messages may name, so a 400 lands under the input it is about. */
export const VIDEO_FORM_FIELDS = ['title', 'description', 'url', 'sortOrder', 'roles', 'active'] as const;

/** The form's own checks: the API's field schemas; a link only when the video is a link. */
export const videoFormSchema = z
  .object({
    title: videoFieldSchemas.title,
    description: videoFieldSchemas.description,
    source: z.enum(VIDEO_SOURCES),
    url: z.string(),
    sortOrder: videoFieldSchemas.sortOrder,
    roles: z.array(z.enum(ROLES)),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.source === 'LINK' && !videoFieldSchemas.url.safeParse(v.url).success)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'validation.videoLink' });
  });
export type VideoFormOutput = z.infer<typeof videoFormSchema>;

export function videoValues(video: Video | null): VideoFormValues {
  return {
    title: video?.title ?? '',
    description: video?.description ?? '',
    source: video?.source ?? 'UPLOAD',
    url: video?.url ?? '',
    sortOrder: String(video?.sortOrder ?? 0),
    roles: video?.roles ?? [],
    active: video?.active ?? true,
  };
}

/** What goes with the fields: a new video file, a new poster, or the poster taken off. */
export interface VideoFormFiles {
  file: File | null;
  poster: File | null;
  removePoster: boolean;
}

/** An upload video needs a file unless it already has one (an edit keeping its file). */
export function needsFile(
  values: Pick<VideoFormValues, 'source'>,
  files: VideoFormFiles,
  video: Video | null,
) {
  return values.source === 'UPLOAD' && !files.file && video?.source !== 'UPLOAD';
}

/**
 * The multipart body of `video/create` or `video/update` (with `video`): text fields first, then
 * the file and the poster. A link drops the file on the server; a new file drops the link.
 */
export function videoFormData(values: VideoFormOutput, files: VideoFormFiles, video: Video | null): FormData {
  const form = new FormData();
  if (video) form.append('id', video.id);
  form.append('title', values.title);
  form.append('description', values.description);
  form.append('sortOrder', String(values.sortOrder));
  form.append('roles', values.roles.join(','));
  form.append('active', String(values.active));
  if (values.source === 'LINK') form.append('url', values.url.trim());
  else if (files.file) form.append('file', files.file);
  if (files.poster) form.append('poster', files.poster);
  else if (video && files.removePoster) form.append('removePoster', 'true');
  return form;
}
