import type { Role } from '@parking-hub/contracts/roles';
import type { DatedAuditEvent } from '../audit/audit.repository.ts';
import type { Random } from './demo.random.ts';

const DAY_MS = 86_400_000;
/** The demo shops are all in Asia/Vientiane: UTC+7 all year, no daylight saving. */
const LAO_OFFSET_MS = 7 * 3_600_000;

/** The Lao calendar day (days since 1970-01-01) of an instant. */
export const laoDay = (ms: number): number => Math.floor((ms + LAO_OFFSET_MS) / DAY_MS);

/** The instant of a Lao wall-clock time: `minutes` after midnight of `day`. */
export const laoTime = (day: number, minutes: number): number =>
  day * DAY_MS - LAO_OFFSET_MS + minutes * 60_000;

/** Sunday 0 … Saturday 6. */
export const weekday = (day: number): number => (day + 4) % 7;

/** 'HH:MM' as minutes after midnight. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A demo user as the trail names them: who they are and where their requests come from. */
export interface Person {
  id: string;
  fullName: string;
  role: Role;
  shopId: string | null;
  /** Made-up addresses from the documentation ranges (RFC 5737): one per shop, one per office user. */
  ip: string;
  userAgent: string;
  /** What user.create records of them (users.service auditView). */
  view: unknown;
}

export interface TrailChange {
  action: string;
  entity: string;
  entityId: string;
  /** As audit(): the event's shop when given, else the actor's own. */
  shopId?: string | null;
  before?: unknown;
  after?: unknown;
}

/** The events of the demo's history, as audit() would have written them at the time. */
export class Trail {
  readonly events: DatedAuditEvent[] = [];

  constructor(readonly rng: Random) {}

  add(by: Person, at: number, change: TrailChange): void {
    this.events.push({
      at: new Date(at),
      actorId: by.id,
      actorName: by.fullName,
      actorRole: by.role,
      shopId: change.shopId ?? by.shopId,
      action: change.action,
      entity: change.entity,
      entityId: change.entityId,
      before: change.before ?? null,
      after: change.after ?? null,
      ip: by.ip,
      requestId: this.uuid(),
    });
  }

  /** A sign-in as auth.service login() records it (a session id of its own). */
  signIn(by: Person, at: number): void {
    this.add(by, at, {
      action: 'auth.login',
      entity: 'session',
      entityId: this.uuid(),
      after: { brand: 'unknown', userAgent: by.userAgent },
    });
  }

  /** A version 4 UUID from the seeded numbers (request and session ids stay the same for a seed). */
  uuid(): string {
    const b = Array.from({ length: 16 }, () => this.rng.int(0, 255));
    b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
    b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
    const hex = b.map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /** The events in time order (a stable sort: events at the same instant keep the order made). */
  sorted(): DatedAuditEvent[] {
    return [...this.events].sort((a, b) => a.at.getTime() - b.at.getTime());
  }
}
