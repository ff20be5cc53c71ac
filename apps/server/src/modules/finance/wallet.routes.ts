import type { Config } from '../../config.ts';
import type { ZodApp } from '../../plugins/types.ts';

/** Issue 15: wallet calls. */
export async function walletRoutes(_app: ZodApp, _opts: { config: Config }) {}
