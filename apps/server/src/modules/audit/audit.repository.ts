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

/** An event that happened at a known time (the demo's history), not at the time it is appended. */
export interface DatedAuditEvent extends NewAuditEvent {
  at: Date;
}

/** Takes the chain lock (held until commit) and reads the head: the newest event's hash and time. */
async function lockChainHead(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditChain})`);
  const [last] = await tx
    .select({ hash: auditEvents.hash, at: auditEvents.at })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return { hash: last?.hash ?? GENESIS_HASH, at: last?.at ?? null };
}

/** JSON round trip: what is hashed is exactly what jsonb will give back. */
const asStored = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * Append an event inside the caller's transaction. Call it as the transaction's last statement:
 * the chain lock is held until commit.
 */
export async function appendAuditEvent(tx: Executor, event: NewAuditEvent): Promise<void> {
  const head = await lockChainHead(tx);
  const seq = await tx.execute<{ id: string }>(
    sql`select nextval(pg_get_serial_sequence('audit_events', 'id'))::text as id`,
  );
  const id = seq.rows[0]?.id;
  if (!id) throw new Error('audit sequence returned nothing');
  const before = asStored(event.before);
  const after = asStored(event.after);
  const at = new Date();
  const hash = auditHash({ ...event, id, at, before, after, prevHash: head.hash });
  await tx
    .insert(auditEvents)
    .values({ ...event, id: BigInt(id), at, before, after, prevHash: head.hash, hash });
}

/** The time of the chain's newest event; null while the chain is empty. */
export async function lastAuditAt(db: Executor): Promise<Date | null> {
  const [last] = await db
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return last?.at ?? null;
}

/** Dated events that would put the chain out of time order: nothing was appended. */
export class AuditTimeOrderError extends Error {}

/**
 * Append events that happened earlier (the demo's history), in the caller's transaction and on the
 * same chain as appendAuditEvent, each with its own time. The chain stays in time order: the
 * events must come in time order, none before the chain's newest event, none after now.
 */
export async function appendPastAuditEvents(
  tx: Executor,
  events: readonly DatedAuditEvent[],
  batch = 10_000,
): Promise<void> {
  if (!events.length) return;
  const head = await lockChainHead(tx);
  let previous = head.at?.getTime() ?? Number.NEGATIVE_INFINITY;
  const now = Date.now();
  for (const e of events) {
    const at = e.at.getTime();
    if (!(at >= previous && at <= now))
      throw new AuditTimeOrderError(`audit event out of time order: ${e.at.toISOString()}`);
    previous = at;
  }
  const seq = await tx.execute<{ id: string }>(
    sql`select id::text from (select nextval(pg_get_serial_sequence('audit_events', 'id')) as id
        from generate_series(1, ${events.length}::int)) s order by s.id`,
  );
  let prevHash = head.hash;
  const rows = events.map((e, i) => {
    const id = seq.rows[i]?.id;
    if (!id) throw new Error('audit sequence returned too few ids');
    const before = asStored(e.before);
    const after = asStored(e.after);
    const hash = auditHash({ ...e, id, before, after, prevHash });
    const row = { ...e, id, before, after, prevHash, hash };
    prevHash = hash;
    return row;
  });
  for (let i = 0; i < rows.length; i += batch) await insertAuditRows(tx, rows.slice(i, i + batch));
}

type HashedRow = DatedAuditEvent & { id: string; prevHash: string; hash: string };

/** Many rows in one statement: one array per column (a row per parameter set would take 15 each). */
async function insertAuditRows(tx: Executor, rows: HashedRow[]): Promise<void> {
  const col = <T>(pick: (r: HashedRow) => T) => sql.param(rows.map(pick));
  const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
  await tx.execute(sql`
    insert into audit_events (id, at, actor_id, actor_name, actor_role, shop_id, action, entity, entity_id,
      before, after, ip, request_id, prev_hash, hash)
    select * from unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.at.toISOString())}::timestamptz[],
      ${col((r) => r.actorId)}::uuid[], ${col((r) => r.actorName)}::text[], ${col((r) => r.actorRole)}::text[],
      ${col((r) => r.shopId)}::uuid[], ${col((r) => r.action)}::text[], ${col((r) => r.entity)}::text[],
      ${col((r) => r.entityId)}::text[], ${col((r) => json(r.before))}::jsonb[], ${col((r) => json(r.after))}::jsonb[],
      ${col((r) => r.ip)}::text[], ${col((r) => r.requestId)}::text[], ${col((r) => r.prevHash)}::text[],
      ${col((r) => r.hash)}::text[])`);
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
