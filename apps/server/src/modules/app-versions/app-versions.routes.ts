import type { Config } from '../../config.ts';
import type { ZodApp } from '../../plugins/types.ts';

/** The staff mobile app's versions and its start-up check (issue 16): the calls land here. */
export async function appVersionsRoutes(_app: ZodApp, _opts: { config: Config }) {}
