import type { Paging } from '@parking-hub/contracts/envelope';
import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { ADVISORY_LOCKS } from '../../lib/advisory-locks.ts';
import { pageOffset } from '../../lib/paging.ts';
import { auditHash, GENESIS_HASH } from './audit.hash.ts';

export interface NewAuditEvent {
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  shopId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  requestId: string | null;
}

/**
 * Append an event inside the caller's transaction. Call it as the transaction's last statement:
 * the chain lock is held until commit.
 */
export async function appendAuditEvent(tx: Executor, event: NewAuditEvent): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
  const [last] = await tx
    .select({ hash: auditEvents.hash })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1);
  const seq = await tx.execute<{ id: string }>(
    sql`select nextval(pg_get_serial_sequence('audit_events', 'id'))::text as id`,
  );
  const id = seq.rows[0]?.id;
  if (!id) throw new Error('audit sequence returned nothing');
  // JSON round trip: what is hashed is exactly what jsonb will give back.
  const before = event.before === undefined ? null : JSON.parse(JSON.stringify(event.before));
  const after = event.after === undefined ? null : JSON.parse(JSON.stringify(event.after));
  const at = new Date();
  const prevHash = last?.hash ?? GENESIS_HASH;
  const hash = auditHash({ ...event, id, at, before, after, prevHash });
  await tx.insert(auditEvents).values({ ...event, id: BigInt(id), at, before, after, prevHash, hash });
}

export interface AuditFilter {
  userId?: string | undefined;
  action?: string | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  fromAt?: Date | undefined;
  toAt?: Date | undefined;
}

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.userId ? eq(auditEvents.actorId, f.userId) : undefined,
    f.action ? eq(auditEvents.action, f.action) : undefined,
    f.entity ? eq(auditEvents.entity, f.entity) : undefined,
    f.entityId ? eq(auditEvents.entityId, f.entityId) : undefined,
    f.fromAt ? gte(auditEvents.at, f.fromAt) : undefined,
    f.toAt ? lt(auditEvents.at, f.toAt) : undefined,
  );
}

export async function listAuditEvents(db: Executor, filter: AuditFilter, paging: Paging) {
  const cond = where(filter);
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      actorId: auditEvents.actorId,
      actorName: sql<string | null>`coalesce(${users.fullName}, ${auditEvents.actorName})`,
      actorRole: auditEvents.actorRole,
      shopId: auditEvents.shopId,
      action: auditEvents.action,
      entity: auditEvents.entity,
      entityId: auditEvents.entityId,
      before: auditEvents.before,
      after: auditEvents.after,
      ip: auditEvents.ip,
      requestId: auditEvents.requestId,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(cond)
    .orderBy(desc(auditEvents.id))
    .limit(paging.pageSize)
    .offset(pageOffset(paging));
  const [total] = await db.select({ n: count() }).from(auditEvents).where(cond);
  return { rows, total: total?.n ?? 0 };
}

export type AuditRow = typeof auditEvents.$inferSelect;

/** Every event in chain order, a batch at a time, for the verifier. */
export async function* readAuditChain(db: Executor, batch = 5_000): AsyncGenerator<AuditRow> {
  let after = 0n;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.id} > ${after.toString()}`)
      .orderBy(auditEvents.id)
      .limit(batch);
    yield* rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    after = last.id;
  }
}
