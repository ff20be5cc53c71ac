/** Pure helpers of the Last Action screen: the before/after comparison and short ids. */
import { canonicalJson } from '@parking-hub/contracts/canonical-json';

export type DiffKind = 'added' | 'removed' | 'changed' | 'same';

export interface DiffRow {
  /** The field name; '' when before/after is not an object but a single value. */
  field: string;
  /** Display text of each side; null when that side has no such field. */
  before: string | null;
  after: string | null;
  kind: DiffKind;
  /** A pretty-printed object or array (shown in a monospace block). */
  multiline: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A value as text: strings as they are, objects and arrays pretty-printed JSON, null as ''. */
export function formatAuditValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value, null, 2) ?? String(value);
}

const asFields = (value: unknown): Record<string, unknown> =>
  value === null || value === undefined ? {} : isRecord(value) ? value : { '': value };

/**
 * Field-by-field comparison of an audit event's before and after: every field of either side,
 * before's order first, then fields only after has. With both sides there, the fields that
 * differ come first (in that same order), so what changed is seen without scrolling.
 */
export function diffAuditValues(before: unknown, after: unknown): DiffRow[] {
  const b = asFields(before);
  const a = asFields(after);
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const rows = fields.map((field): DiffRow => {
    const inBefore = Object.hasOwn(b, field);
    const inAfter = Object.hasOwn(a, field);
    let kind: DiffKind = 'same';
    if (!inBefore) kind = 'added';
    else if (!inAfter) kind = 'removed';
    else if (canonicalJson(b[field]) !== canonicalJson(a[field])) kind = 'changed';
    const multiline = [b[field], a[field]].some((v) => typeof v === 'object' && v !== null);
    return {
      field,
      before: inBefore ? formatAuditValue(b[field]) : null,
      after: inAfter ? formatAuditValue(a[field]) : null,
      kind,
      multiline,
    };
  });
  if (before == null || after == null) return rows;
  return [...rows.filter((r) => r.kind !== 'same'), ...rows.filter((r) => r.kind === 'same')];
}

/** A long id (UUID) cut to its first 8 characters for a list; short ids stay whole. */
export function shortId(id: string | null | undefined): string {
  if (!id) return '';
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

export type ActorKind = 'user' | 'anonymous' | 'system';

/**
 * Who did it: a signed-in user; nobody identified (a failed sign-in, by whoever typed a name);
 * or the system itself (start-up, jobs).
 */
export function actorKind(event: { actorId: string | null; action: string }): ActorKind {
  // No actor id is never a user, whatever name the server wrote (start-up writes 'system').
  if (event.actorId) return 'user';
  return event.action.startsWith('auth.') ? 'anonymous' : 'system';
}

/** The name someone typed in a failed sign-in (its `after.username`), if any. */
export function attemptedUsername(event: { action: string; after: unknown }): string | null {
  if (event.action !== 'auth.login_failed' || !isRecord(event.after)) return null;
  const name = event.after.username;
  return typeof name === 'string' && name ? name : null;
}
