import { auditEventSchema, listAuditBodySchema } from '@parking-hub/contracts/audit';
import { cursorPagedEnvelope } from '@parking-hub/contracts/envelope';
import { ADMIN_ROLES } from '@parking-hub/contracts/roles';
import { authedRoutes } from '../../plugins/route.ts';
import type { ZodApp } from '../../plugins/types.ts';
import { listAudit } from './audit.service.ts';

export async function auditRoutes(app: ZodApp) {
  authedRoutes(app).post('/report/last-action', {
    roles: ADMIN_ROLES,
    schema: {
      tags: ['audit'],
      summary:
        'Audit events, newest first (paged; filter by user, action, entity, date range in Asia/Vientiane)',
      body: listAuditBodySchema,
      response: { 200: cursorPagedEnvelope(auditEventSchema) },
    },
    run: (_ctx, { body }) => listAudit(app.db, body),
  });
}
