import type { PriceRule } from '@parking-hub/contracts/prices';
import type { Shop, ShopDetail } from '@parking-hub/contracts/shops';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { apiLogin } from './api.ts';

const API = '/parking-hub-api/v1';

async function post<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const auth = token ?? (await apiLogin(request)).token;
  const res = await request.post(`${API}/${path}`, { headers: { authorization: `Bearer ${auth}` }, data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** A shop's rules as the API has them (as the first admin), keyed by vehicle type. */
export async function rulesOf(request: APIRequestContext, shopId: string) {
  const rules = await post<PriceRule[]>(request, 'prices', { shopId });
  return Object.fromEntries(rules.map((r) => [r.vehicleType, r])) as Partial<Record<string, PriceRule>>;
}

export async function shopOf(request: APIRequestContext, shopId: string): Promise<Shop> {
  return (await post<ShopDetail>(request, 'shop/detail', { id: shopId })).shop;
}

/** Choose a shop in the screen's picker by typing part of its name. */
export async function pickShop(page: Page, name: string) {
  await page.getByTestId('prices-shop').fill(name.slice(0, 12));
  await page.getByRole('option', { name }).click();
}

export const ruleCard = (page: Page, type: string) => page.getByTestId(`rule-${type}`);

/** The editor of an existing rule, opened from its card. */
export async function openEditor(page: Page, type: string): Promise<Locator> {
  await ruleCard(page, type).getByTestId('rule-edit').click();
  const form = page.getByTestId('rule-form');
  await expect(form).toBeVisible();
  return form;
}

/** Type into the editor's boxes (by field name, e.g. firstPeriodFee). */
export async function fillRule(form: Locator, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) await form.getByTestId(`field-${field}`).fill(value);
}

/** The calculator's stay, as datetime-local values on the shop's clock. */
export async function setStay(form: Locator, checkIn: string, checkOut: string) {
  await form.getByTestId('calc-in').fill(checkIn);
  await form.getByTestId('calc-out').fill(checkOut);
}

/** Every call to a path below the API, as it is made (to prove that nothing was sent). */
export function recordApiCalls(page: Page, path: string): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes(`${API}/${path}`)) calls.push(req.method());
  });
  return calls;
}
