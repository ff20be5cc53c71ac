import { successEnvelope } from '@parking-hub/contracts/envelope';
import {
  financeReportBodySchema,
  financeReportSchema,
  financeSettingsBodySchema,
  financeSettingsSchema,
} from '@parking-hub/contracts/finance';
import { translate } from '@parking-hub/contracts/messages';
import { ADMIN_ROLES } from '@parking-hub/contracts/roles';
import type { Config } from '../../config.ts';
import { authedContextOf } from '../../plugins/auth.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { todayIn } from '../rolls/rolls.service.ts';
import { financeReport } from './finance.report.ts';
import { readFinanceSettings, saveFinanceSettings } from './settings.ts';

const tags = ['finance'];
const ok = 'success' as const;

/** Issue 15: the finance settings and the finance report (admins). */
export async function financeRoutes(app: ZodApp, { config }: { config: Config }) {
  const tz = config.platformTimezone;

  app.get('/finance/settings', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'The finance settings: the invoices’ due day and the default commission (basis points)',
      response: { 200: successEnvelope(financeSettingsSchema) },
    },
    handler: async () => ({ status: ok, data: await readFinanceSettings(app.db) }),
  });

  app.post('/finance/settings', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary: 'Change the finance settings (later invoices and payments use them)',
      body: financeSettingsBodySchema,
      response: { 200: successEnvelope(financeSettingsSchema) },
    },
    handler: async (request) => {
      const data = await saveFinanceSettings(app.db, authedContextOf(request), request.body);
      return { status: ok, message: translate(request.lang, 'success.financeSettingsSaved'), data };
    },
  });

  app.post('/reports/finance', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags,
      summary:
        'Accounting per month and per agent: invoiced, paid by method, outstanding, overdue, top-ups, commissions, promotions',
      description:
        'At most 36 months. Payments and top-ups count in the month they came in (platform time zone).',
      body: financeReportBodySchema,
      response: { 200: successEnvelope(financeReportSchema) },
    },
    handler: async (request) => ({
      status: ok,
      data: await financeReport(app.db, tz, todayIn(tz), request.body),
    }),
  });
}
