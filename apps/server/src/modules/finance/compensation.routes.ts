import type { Config } from '../../config.ts';
import type { ZodApp } from '../../plugins/types.ts';

/** Issue 15: compensation calls. */
export async function compensationRoutes(_app: ZodApp, _opts: { config: Config }) {}
