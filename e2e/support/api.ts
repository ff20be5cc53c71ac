import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from './constants.ts';

const API = '/parking-hub-api/v1';

export async function apiLogin(
  request: APIRequestContext,
  username = ADMIN.username,
  password = ADMIN.password,
) {
  const res = await request.post(`${API}/login`, { data: { username, password } });
  if (!res.ok()) throw new Error(`login ${username}: ${res.status()} ${await res.text()}`);
  const body = (await res.json()) as { data: { token: string; user: { id: string } } };
  return body.data;
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
