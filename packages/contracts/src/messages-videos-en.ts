import type { videosLo } from './messages-videos-lo.ts';

/** The English messages of videos (issue 16), spread into messages-en.ts. */
export const videosEn: Record<keyof typeof videosLo, string> = {
  'errors.videoNotFound': 'Video not found',
  'errors.videoType': 'The video file must be an MP4 or WebM',
  'errors.videoTooLarge': 'The video file is too large (at most {{max}} MB)',
  'errors.videoPosterType': 'The video poster must be a PNG, JPEG or WebP',
  'errors.videoPosterTooLarge': 'The video poster is too large (at most 2 MB)',
  'validation.videoTitleRequired': 'Please enter the video’s title',
  'validation.videoTitleTooLong': 'The title is too long (at most 120 characters)',
  'validation.videoDescriptionTooLong': 'The description is too long (at most 2000 characters)',
  'validation.videoSource': 'Please choose a video file or enter a link',
  'validation.videoFileAndLink': 'A video is either a file or a link, not both',
  'validation.videoLink': 'The link must be a valid https:// address',
  'validation.videoOrder': 'The order must be a whole number from 0 to 100000',
  'validation.videoRole': 'Unknown role',
};
