import type { ListAuditBody } from '@parking-hub/contracts/audit';
import type { Role } from '@parking-hub/contracts/roles';
import type { Executor } from '../../db/client.ts';
import type { RequestContext } from '../../lib/context.ts';
import { cursorPageMeta, decodeCursor, encodeCursor, pageOffset } from '../../lib/paging.ts';
import { addDays, iso, startOfLaoDay } from '../../lib/time.ts';
import { AUDIT_COUNT_CAP, appendAuditEvent, countAuditEvents, listAuditEvents } from './audit.repository.ts';

export interface AuditInput {
  action: string;
  entity: string;
  entityId?: string | null;
  shopId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Record what the request's actor did, inside the transaction that did it. */
export function audit(tx: Executor, ctx: RequestContext, input: AuditInput): Promise<void> {
  return appendAuditEvent(tx, {
    actorId: ctx.actor?.id ?? null,
    actorName: ctx.actor?.fullName ?? null,
    actorRole: ctx.actor?.role ?? null,
    shopId: input.shopId ?? ctx.actor?.shopId ?? null,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId ?? null,
    before: input.before ?? null,
    after: input.after ?? null,
    ip: ctx.ip,
    requestId: ctx.requestId,
  });
}

export async function listAudit(db: Executor, body: ListAuditBody) {
  const filter = {
    userId: body.userId,
    action: body.action,
    entity: body.entity,
    entityId: body.entityId,
    fromAt: body.from ? startOfLaoDay(body.from) : undefined,
    toAt: body.to ? addDays(startOfLaoDay(body.to), 1) : undefined,
  };
  const afterId = body.cursor ? BigInt(decodeCursor(body.cursor, [/^\d{1,18}$/])[0] ?? 0) : null;
  const [rows, total] = await Promise.all([
    listAuditEvents(db, filter, { limit: body.pageSize + 1, offset: pageOffset(body), afterId }),
    countAuditEvents(db, filter),
  ]);
  return {
    data: rows.slice(0, body.pageSize).map((r) => ({
      ...r,
      id: r.id.toString(),
      at: iso(r.at),
      actorRole: r.actorRole as Role | null,
    })),
    meta: cursorPageMeta(body, rows, total, AUDIT_COUNT_CAP, (last) => encodeCursor([last.id.toString()])),
  };
}
