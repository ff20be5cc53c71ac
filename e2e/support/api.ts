import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from './constants.ts';

const API = '/parking-hub-api/v1';

type Login = { token: string; user: { id: string } };

/** A new session through POST /v1/login (every call is a real sign-in: a session of its own). */
export async function apiSignIn(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<Login> {
  const res = await request.post(`${API}/login`, { data: { username, password } });
  if (!res.ok()) throw new Error(`login ${username}: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { data: Login };
  return body.data;
}

/**
 * The first admin's session for set-up calls is made once per worker and reused (each sign-in
 * costs an argon2id verify on a busy 2-core machine); any other user signs in anew. No spec ends
 * the first admin's sessions: one that did would see its next set-up call answered 401.
 */
let firstAdmin: Promise<Login> | undefined;

export async function apiLogin(
  request: APIRequestContext,
  username = ADMIN.username,
  password = ADMIN.password,
): Promise<Login> {
  if (username !== ADMIN.username || password !== ADMIN.password)
    return apiSignIn(request, username, password);
  firstAdmin ??= apiSignIn(request, username, password).catch((error: unknown) => {
    firstAdmin = undefined;
    throw error;
  });
  return firstAdmin;
}

let seq = 0;
/** A user made through the API by the first admin; answers its user name and password. */
export async function createUser(
  request: APIRequestContext,
  role: 'ADMIN' | 'AGENT' | 'MANAGER' | 'SHOP',
  values: { shopId?: string; fullName?: string; email?: string; whatsapp?: string } = {},
) {
  const { token } = await apiLogin(request);
  const username = `e2e-${role.toLowerCase()}-${Date.now().toString(36)}${seq++}`;
  const password = 'e2e-user-pass-1';
  const res = await request.post(`${API}/user/create`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      username,
      fullName: values.fullName ?? `E2E ${role}`,
      password,
      role,
      shopId: values.shopId,
      email: values.email,
      whatsapp: values.whatsapp,
    },
  });
  if (res.status() !== 201) throw new Error(`create ${role}: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { data: { id: string } };
  return { id: body.data.id, username, password };
}
