import { LIST_PAGE_DEPTH } from '@parking-hub/contracts/envelope';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countUpTo } from '../../db/count-up-to.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';
import { ADVISORY_LOCKS } from '../../lib/advisory-locks.ts';
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

/** How far the Last Action screen counts: past it, the list says "10,000+" and pages on by cursor. */
export const AUDIT_COUNT_CAP = LIST_PAGE_DEPTH;

/**
 * A page of events, newest first, `limit` rows. After a cursor (the last id seen) the page is an
 * index range at any depth; without one, a page number skips at most LIST_PAGE_DEPTH rows.
 */
export async function listAuditEvents(
  db: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number; afterId: bigint | null },
) {
  const cond = and(where(filter), page.afterId !== null ? lt(auditEvents.id, page.afterId) : undefined);
  return db
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
    .limit(page.limit)
    .offset(page.afterId !== null ? 0 : page.offset);
}

/** How many events match, counted up to AUDIT_COUNT_CAP + 1 (never the whole trail). */
export function countAuditEvents(db: Executor, filter: AuditFilter): Promise<number> {
  return countUpTo(db, auditEvents, where(filter), AUDIT_COUNT_CAP);
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
