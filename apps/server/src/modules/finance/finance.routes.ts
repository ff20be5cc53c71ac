import type { Config } from '../../config.ts';
import type { ZodApp } from '../../plugins/types.ts';

/** Issue 15: finance calls. */
export async function financeRoutes(_app: ZodApp, _opts: { config: Config }) {}
