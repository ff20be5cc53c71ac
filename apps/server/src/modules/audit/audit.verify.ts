import type { Executor } from '../../db/client.ts';
import { auditHash, GENESIS_HASH } from './audit.hash.ts';
import { readAuditChain } from './audit.repository.ts';

export interface ChainReport {
  ok: boolean;
  checked: number;
  lastHash: string;
  /** The first event that does not fit the chain, and why. */
  firstBad?: { id: string; reason: 'changed' | 'previous-missing-or-changed' };
}

/** Walk the chain from the first event: each must link to the one before and hash to itself. */
export async function verifyAuditChain(db: Executor): Promise<ChainReport> {
  let prev = GENESIS_HASH;
  let checked = 0;
  for await (const row of readAuditChain(db)) {
    const id = row.id.toString();
    if (row.prevHash !== prev) {
      return { ok: false, checked, lastHash: prev, firstBad: { id, reason: 'previous-missing-or-changed' } };
    }
    const expected = auditHash({ ...row, id });
    if (row.hash !== expected) {
      return { ok: false, checked, lastHash: prev, firstBad: { id, reason: 'changed' } };
    }
    prev = row.hash;
    checked++;
  }
  return { ok: true, checked, lastHash: prev };
}
