/**
 * Every endpoint × every role (and no token) → allowed or refused, as designed (DESIGN.md §1, §6).
 * Each request carries a body that would be valid for that caller, so "allowed" means really
 * allowed (2xx) and "refused" is the 401/403 of the role check, not a side effect of bad input.
 * Adding an endpoint is one row in `endpoints`.
 */
import { ROLES, type Role } from '@parking-hub/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema/audit.ts';
import { call, createTestApp, insertShop, signedIn, TEST_PASSWORD, type TestApp, unique } from './harness.ts';

type Who = Role | 'none';
type Outcome = 'ok' | 401 | 403;
const WHO: readonly Who[] = [...ROLES, 'none'];

interface Person {
  id: string;
  username: string;
  role: Role;
  shopId: string | null;
  token: string;
  sessionId: string;
}

/** The caller, the shop in their scope and a user one rank below them (a peer for SHOP). */
interface Scene {
  actor: Person;
  shopId: string | null;
  lower: Person;
}

interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: (s: Scene) => string;
  body?: (s: Scene) => unknown;
  /** Outcomes in the order SUPER-ADMIN, ADMIN, AGENT, MANAGER, SHOP, no token. */
  expect: readonly [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];
}

const PUBLIC = ['ok', 'ok', 'ok', 'ok', 'ok', 'ok'] as const;
const SIGNED_IN = ['ok', 'ok', 'ok', 'ok', 'ok', 401] as const;
const MANAGES_USERS = ['ok', 'ok', 'ok', 'ok', 403, 401] as const;
const ADMINS = ['ok', 'ok', 403, 403, 403, 401] as const;

const userFields = (p: Person) => ({ id: p.id, username: p.username, role: p.role, shopId: p.shopId });

// biome-ignore format: one endpoint per row
const endpoints: Endpoint[] = [
  { name: 'POST login', method: 'POST', path: () => 'login', body: (s) => ({ username: s.actor.username, password: TEST_PASSWORD }), expect: PUBLIC },
  { name: 'POST me', method: 'POST', path: () => 'me', body: () => ({ brand: 'unknown' }), expect: SIGNED_IN },
  { name: 'POST logout', method: 'POST', path: () => 'logout', expect: SIGNED_IN },
  { name: 'POST users', method: 'POST', path: () => 'users?page=1', body: () => ({ page: 1 }), expect: SIGNED_IN },
  { name: 'POST user/create', method: 'POST', path: () => 'user/create', body: (s) => ({ username: unique('tbl'), fullName: 'New user', password: 'table-pass-1', role: s.lower.role, shopId: s.lower.shopId }), expect: MANAGES_USERS },
  { name: 'POST user/update', method: 'POST', path: () => 'user/update', body: (s) => ({ ...userFields(s.lower), fullName: 'Edited' }), expect: MANAGES_USERS },
  { name: 'POST users/update/profile', method: 'POST', path: () => 'users/update/profile', body: (s) => ({ userId: s.actor.id, fullName: 'Own name' }), expect: SIGNED_IN },
  { name: 'POST user/update/password', method: 'POST', path: () => 'user/update/password', body: () => ({ currentPassword: TEST_PASSWORD, password: 'changed-pass-1', password_confirmation: 'changed-pass-1' }), expect: SIGNED_IN },
  { name: 'PATCH users/{u_id}/update/status', method: 'PATCH', path: (s) => `users/${s.lower.id}/update/status`, body: (s) => ({ u_id: s.lower.id, status: 'SUSPENDED' }), expect: MANAGES_USERS },
  { name: 'DELETE users/{id}/delete', method: 'DELETE', path: (s) => `users/${s.lower.id}/delete`, expect: MANAGES_USERS },
  { name: 'GET shops', method: 'GET', path: () => 'shops?q=', expect: SIGNED_IN },
  { name: 'POST access-token', method: 'POST', path: () => 'access-token', body: () => ({ page: 1 }), expect: ADMINS },
  { name: 'DELETE access-token/{sessionId}', method: 'DELETE', path: (s) => `access-token/${s.lower.sessionId}`, expect: ADMINS },
  { name: 'POST report/last-action', method: 'POST', path: () => 'report/last-action', body: () => ({ page: 1 }), expect: ADMINS },
];

const LOWER: Record<Role, Role> = {
  'SUPER-ADMIN': 'ADMIN',
  ADMIN: 'AGENT',
  AGENT: 'MANAGER',
  MANAGER: 'SHOP',
  SHOP: 'SHOP',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh scene per case: tokens get revoked and users deleted by the calls under test. */
async function scene(who: Who): Promise<Scene> {
  const role: Role = who === 'none' ? 'ADMIN' : who;
  let shopId: string | null = null;
  let actor: Person;
  if (role === 'AGENT') {
    actor = await signedIn(t, role);
    shopId = (await insertShop(t.db, { agentId: actor.id })).id;
  } else if (role === 'MANAGER' || role === 'SHOP') {
    shopId = (await insertShop(t.db)).id;
    actor = await signedIn(t, role, { shopId });
  } else {
    actor = await signedIn(t, role);
  }
  const lowerRole = LOWER[role];
  const lower = await signedIn(
    t,
    lowerRole,
    lowerRole === 'MANAGER' || lowerRole === 'SHOP' ? { shopId } : {},
  );
  return { actor, shopId, lower };
}

const cases = endpoints.flatMap((endpoint) =>
  WHO.map((who, i) => ({
    endpoint: endpoint.name,
    who,
    outcome: endpoint.expect[i] as Outcome,
    row: endpoint,
  })),
);

describe('role × endpoint table', () => {
  it('has one row for every /v1 route in the OpenAPI document', () => {
    const tableRoutes = new Set(endpoints.map((e) => e.name));
    expect(tableRoutes.size).toBe(endpoints.length);
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(spec.paths)
      .filter(([p]) => p.startsWith('/parking-hub-api/v1/'))
      .flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace('/parking-hub-api/v1/', '')}`),
      );
    const normalise = (name: string) => name.replace(/\{[^}]+\}/g, '{}');
    expect(documented.map(normalise).sort()).toEqual([...tableRoutes].map(normalise).sort());
  });

  it.each(cases)('$endpoint as $who → $outcome', async ({ who, outcome, row }) => {
    const s = await scene(who);
    const auditBefore = await t.db.$count(auditEvents);
    const body = row.body?.(s);
    const res = await call(t.app, row.method, row.path(s), {
      ...(who === 'none' ? {} : { token: s.actor.token }),
      ...(body !== undefined ? { body } : {}),
    });
    if (outcome === 'ok') {
      expect(res.statusCode, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, JSON.stringify(res.body)).toBeLessThan(300);
      expect(res.body.status).toBe('success');
    } else {
      expect(res.statusCode, JSON.stringify(res.body)).toBe(outcome);
      expect(res.body).toMatchObject({ status: 'error', message: expect.any(String) });
      expect(await t.db.$count(auditEvents)).toBe(auditBefore);
    }
  });
});
