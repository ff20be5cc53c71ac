import type { Config } from '../../config.ts';
import type { ZodApp } from '../../plugins/types.ts';

/** Paying an invoice (cash, transfer, QR or wallet) and reversing a payment (issue 15). */
export async function paymentsRoutes(_app: ZodApp, _opts: { config: Config }) {}
