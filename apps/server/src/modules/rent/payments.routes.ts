import { successEnvelope } from '@parking-hub/contracts/envelope';
import { invoicePaymentResultSchema } from '@parking-hub/contracts/finance';
import { translate } from '@parking-hub/contracts/messages';
import { payInvoiceBodySchema, reversePaymentBodySchema } from '@parking-hub/contracts/rent';
import { ADMIN_ROLES, type Role } from '@parking-hub/contracts/roles';
import type { Config } from '../../config.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { kip } from '../finance/money.shared.ts';
import { payInvoice, reversePayment } from './payments.service.ts';

const tags = ['rent'];
const ok = 'success' as const;
const PAYERS: readonly Role[] = ['SUPER-ADMIN', 'ADMIN', 'MANAGER'];

/** Paying an invoice (cash, transfer, QR or wallet) and reversing a payment (issue 15). */
export async function paymentsRoutes(app: ZodApp, { config }: { config: Config }) {
  const tz = config.platformTimezone;

  app.post('/invoice/paid', {
    preHandler: app.authorize(PAYERS),
    schema: {
      tags,
      summary: 'Record a payment of an invoice (admins: any method; a manager: from the shop’s wallet)',
      description:
        'The amount left out pays what is due. A paid or void invoice, an amount over what is due or a wallet without the money: 409 and nothing written.',
      body: payInvoiceBodySchema,
      response: { 200: successEnvelope(invoicePaymentResultSchema) },
    },
    handler: async (request) => {
      const data = await payInvoice(app.db, authedContextOf(request), tz, request.body);
      const message = translate(request.lang, 'success.invoicePaid', {
        amount: kip(data.payment.amount),
        number: data.invoice.number,
      });
      return { status: ok, message, data };
    },
  });

  app.post('/invoice/payment/reverse', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary:
        'Reverse a payment recorded by mistake (a negative row; wallet money refunded; commission reversed)',
      body: reversePaymentBodySchema,
      response: { 200: successEnvelope(invoicePaymentResultSchema) },
    },
    handler: async (request) => {
      const data = await reversePayment(app.db, authedContextOf(request), tz, request.body);
      return { status: ok, message: translate(request.lang, 'success.paymentReversed'), data };
    },
  });
}
