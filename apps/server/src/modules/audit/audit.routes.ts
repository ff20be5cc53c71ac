import { auditEventSchema, listAuditBodySchema } from '@parking-hub/contracts/audit';
import { cursorPagedEnvelope } from '@parking-hub/contracts/envelope';
import { ADMIN_ROLES } from '@parking-hub/contracts/roles';
import type { ZodApp } from '../../plugins/types.ts';
import { listAudit } from './audit.service.ts';

export async function auditRoutes(app: ZodApp) {
  app.post('/report/last-action', {
    preHandler: app.authorize(ADMIN_ROLES),
    schema: {
      tags: ['audit'],
      summary:
        'Audit events, newest first (paged; filter by user, action, entity, date range in Asia/Vientiane)',
      body: listAuditBodySchema,
      response: { 200: cursorPagedEnvelope(auditEventSchema) },
    },
    handler: async (request) => {
      const result = await listAudit(app.db, request.body);
      return { status: 'success' as const, ...result };
    },
  });
}
