import type { Config } from '../../config.ts';
import type { ZodApp } from '../../plugins/types.ts';

/** The public invoice page's call: no sign-in, an unguessable token, rate limited (issue 15). */
export async function publicInvoiceRoutes(_app: ZodApp, _opts: { config: Config }) {}
