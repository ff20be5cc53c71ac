import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Shop, ShopDetail } from '@parking-hub/contracts/shops';
import { type APIRequestContext, expect, type Locator } from '@playwright/test';
import { apiLogin } from './api.ts';

const API = '/parking-hub-api/v1';

/** A 1×1 PNG, the smallest real image the server's byte check accepts. */
const PNG_1x1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Writes a file for an `<input type=file>` and answers its path. */
export function tempFile(name: string, content: Buffer | string): string {
  const file = path.join(tmpdir(), `ph-e2e-${Date.now().toString(36)}-${name}`);
  writeFileSync(file, content);
  return file;
}

export const tinyPng = () => tempFile('logo.png', Buffer.from(PNG_1x1, 'base64'));

async function post<T>(request: APIRequestContext, route: string, data: unknown): Promise<T> {
  const { token } = await apiLogin(request);
  const res = await request.post(`${API}/${route}`, { headers: { authorization: `Bearer ${token}` }, data });
  if (!res.ok()) throw new Error(`${route}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A main shop made by the first admin through the API (flat prices, the default time zone). */
export function apiCreateShop(request: APIRequestContext, body: Record<string, unknown>) {
  return post<Shop>(request, 'shop/create', { priceMotorbike: 3000, priceCar: 10000, ...body });
}

/** A shop as the server has it, to check what the screen saved (or did not). */
export function apiShopDetail(request: APIRequestContext, id: string) {
  return post<ShopDetail>(request, 'shop/detail', { id });
}

/** Nothing inside the element is wider than the element (a dialog scrolls on its own, not the page). */
export async function expectNoOverflowIn(locator: Locator) {
  const { scroll, client } = await locator.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}
