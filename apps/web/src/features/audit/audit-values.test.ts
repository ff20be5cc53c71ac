import { canonicalJson } from '@parking-hub/contracts/canonical-json';
import { describe, expect, it } from 'vitest';
import { actorKind, attemptedUsername, diffAuditValues, formatAuditValue, shortId } from './audit-values';

describe('diffAuditValues', () => {
  it('marks changed, unchanged, added and removed fields, before order first', () => {
    const rows = diffAuditValues(
      { fullName: 'Somchai', role: 'SHOP', phone: '02055551234' },
      { fullName: 'Somchai K.', role: 'SHOP', passwordReset: true },
    );
    expect(rows.map((r) => [r.field, r.kind])).toEqual([
      ['fullName', 'changed'],
      ['phone', 'removed'],
      ['passwordReset', 'added'],
      ['role', 'same'],
    ]);
    expect(rows[0]).toMatchObject({ before: 'Somchai', after: 'Somchai K.', multiline: false });
    expect(rows[1]).toMatchObject({ before: '02055551234', after: null });
    expect(rows[2]).toMatchObject({ before: null, after: 'true' });
  });

  it('keeps the order of a one-sided event: added for a create, removed for a delete', () => {
    expect(diffAuditValues(null, { b: 1, a: null }).map((r) => [r.field, r.kind])).toEqual([
      ['b', 'added'],
      ['a', 'added'],
    ]);
    expect(diffAuditValues({ a: 1 }, undefined).map((r) => r.kind)).toEqual(['removed']);
    expect(diffAuditValues(null, null)).toEqual([]);
  });

  it('shows a null field as empty text, distinct from a missing one (null)', () => {
    const [row] = diffAuditValues({ email: null }, { email: 'a@b.la' });
    expect(row).toMatchObject({ before: '', after: 'a@b.la', kind: 'changed' });
    expect(diffAuditValues({ email: null }, { email: '' })[0]?.kind).toBe('changed');
  });

  it('compares nested values by content, whatever their key order, and pretty-prints them', () => {
    const [same] = diffAuditValues({ q: { x: 1, y: [1, 2] } }, { q: { y: [1, 2], x: 1 } });
    expect(same?.kind).toBe('same');
    expect(same?.multiline).toBe(true);
    expect(same?.before).toBe('{\n  "x": 1,\n  "y": [\n    1,\n    2\n  ]\n}');
    const [changed] = diffAuditValues({ q: [1, 2] }, { q: [2, 1] });
    expect(changed?.kind).toBe('changed');
  });

  it('compares plain values (not objects) as one unnamed field', () => {
    expect(diffAuditValues('ACTIVE', 'SUSPENDED')).toEqual([
      { field: '', before: 'ACTIVE', after: 'SUSPENDED', kind: 'changed', multiline: false },
    ]);
    expect(diffAuditValues([1], [1])[0]?.kind).toBe('same');
  });
});

describe('formatAuditValue and canonicalJson', () => {
  it('shows strings as they are, nothing as empty and everything else as JSON', () => {
    expect(formatAuditValue('ລາວ')).toBe('ລາວ');
    expect(formatAuditValue(12)).toBe('12');
    expect(formatAuditValue(false)).toBe('false');
    expect(formatAuditValue(null)).toBe('');
    expect(formatAuditValue(undefined)).toBe('');
  });

  it('sorts keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } })).toBe(
      '{"a":{"c":[3,{"e":0,"f":1}],"d":2},"b":1}',
    );
  });
});

describe('shortId', () => {
  it('cuts a UUID to 8 characters and keeps short ids whole', () => {
    expect(shortId('0b6f5d1e-6c1f-4a0e-9a57-3c8d1c2b7e10')).toBe('0b6f5d1e…');
    expect(shortId('42')).toBe('42');
    expect(shortId(null)).toBe('');
  });
});

describe('actorKind and attemptedUsername', () => {
  it('tells a user, an unidentified sign-in attempt and the system apart', () => {
    expect(actorKind({ actorId: 'u1', action: 'user.create' })).toBe('user');
    expect(actorKind({ actorId: null, action: 'auth.login_failed' })).toBe('anonymous');
    expect(actorKind({ actorId: null, action: 'user.create' })).toBe('system');
    // The start-up event names its actor 'system' but has no actor id.
    const bootstrap = { actorId: null, actorName: 'system', action: 'user.create' };
    expect(actorKind(bootstrap)).toBe('system');
  });

  it('reads the typed name of a failed sign-in only', () => {
    expect(attemptedUsername({ action: 'auth.login_failed', after: { username: 'admin' } })).toBe('admin');
    expect(attemptedUsername({ action: 'auth.login', after: { username: 'admin' } })).toBeNull();
    expect(attemptedUsername({ action: 'auth.login_failed', after: null })).toBeNull();
  });
});
