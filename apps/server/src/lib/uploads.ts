/** The URL path under which uploaded files are served (plugins/uploads.ts) and stored paths begin. */
export const UPLOADS_PREFIX = '/uploads/';
