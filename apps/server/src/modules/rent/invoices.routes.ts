import type { Config } from '../../config.ts';
import type { ZodApp } from '../../plugins/types.ts';

/** Rent invoices: generation on demand, the rent report, detail, update, void, charges (issue 15). */
export async function invoicesRoutes(_app: ZodApp, _opts: { config: Config }) {}
