import type { Config } from '../../config.ts';
import type { ZodApp } from '../../plugins/types.ts';

/** Intro videos (issue 16): the calls land here. */
export async function videosRoutes(_app: ZodApp, _opts: { config: Config }) {}
