import type { Bill } from '@parking-hub/contracts/bills';
import type { APIRequestContext } from '@playwright/test';
import { apiLogin, createUser } from './api.ts';
import { insertShop, withDb } from './db.ts';

const API = '/parking-hub-api/v1';

/** The Lao QR receiver the QR tests give a shop (decision 008's fields). */
export const QR_RECEIVER = {
  iin: '27710418',
  receiverId: 'SHOP1',
  merchantName: 'Test Parking',
  merchantCity: 'Vientiane',
  mcc: '7523',
};

export type Staff = { id: string; username: string; password: string; token: string };

async function signedInUser(
  request: APIRequestContext,
  role: 'SHOP' | 'MANAGER',
  shopId: string,
  fullName: string,
) {
  const user = await createUser(request, role, { shopId, fullName });
  const { token } = await apiLogin(request, user.username, user.password);
  return { ...user, token };
}

/**
 * A fresh shop (flat motorbike 3,000 / car 10,000 kip, made by the insert trigger) with a SHOP user
 * and a MANAGER, both signed in through the API.
 */
export async function shopWithStaff(
  request: APIRequestContext,
  name: string,
  extra: { conditions?: string; phone?: string; qr?: boolean } = {},
) {
  const shopId = await insertShop(name);
  await withDb((c) =>
    c.query('update shops set conditions = $2, phone = $3, qr_receiver = $4 where id = $1', [
      shopId,
      extra.conditions ?? null,
      extra.phone ?? null,
      extra.qr ? JSON.stringify(QR_RECEIVER) : null,
    ]),
  );
  const staff = await signedInUser(request, 'SHOP', shopId, `ພະນັກງານ ${name}`);
  const manager = await signedInUser(request, 'MANAGER', shopId, `ຜູ້ຈັດການ ${name}`);
  return { shopId, staff, manager };
}

async function post<T>(request: APIRequestContext, path: string, token: string, data: unknown): Promise<T> {
  const res = await request.post(`${API}/${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Check a vehicle in (bill/create) as a shop's staff: the bill a paper ticket is printed for. */
export function checkIn(
  request: APIRequestContext,
  token: string,
  body: { vehicleType: string; plate?: string } = { vehicleType: 'MOTORBIKE' },
) {
  return post<Bill>(request, 'bill/create', token, body);
}

export function checkOut(request: APIRequestContext, token: string, id: string, paymentMethod = 'CASH') {
  return post<Bill>(request, 'bill/checkout', token, { id, paymentMethod });
}

/** Make a shop's rule for a vehicle type TIMED: 3,000 for the first hour, 1,000 each further hour. */
export async function setTimedRule(shopId: string, vehicleType = 'MOTORBIKE') {
  await withDb((c) =>
    c.query(
      `update price_rules set mode = 'TIMED', grace_minutes = 10, first_period_minutes = 60,
         first_period_fee = 3000, next_period_minutes = 60, next_period_fee = 1000
       where shop_id = $1 and vehicle_type = $2`,
      [shopId, vehicleType],
    ),
  );
}

/** Pretend a bill was checked in `minutes` ago. */
export async function backdate(billId: string, minutes: number) {
  await withDb((c) =>
    c.query(`update bills set check_in_at = now() - make_interval(mins => $2) where id = $1`, [
      Number(billId),
      minutes,
    ]),
  );
}
