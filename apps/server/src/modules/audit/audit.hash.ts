import { canonicalJson } from '@parking-hub/contracts/canonical-json';
import { sha256Hex } from '../../lib/crypto.ts';

export const GENESIS_HASH = '0'.repeat(64);

export interface HashedFields {
  id: string;
  at: Date;
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
  prevHash: string;
}

/** The hash of an audit event: SHA-256 over the canonical JSON of its fields and the previous hash. */
export function auditHash(e: HashedFields): string {
  return sha256Hex(
    canonicalJson([
      e.prevHash,
      e.id,
      e.at.toISOString(),
      e.actorId,
      e.actorName,
      e.actorRole,
      e.shopId,
      e.action,
      e.entity,
      e.entityId,
      e.before ?? null,
      e.after ?? null,
      e.ip,
      e.requestId,
    ]),
  );
}
