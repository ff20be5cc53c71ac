import { type BillWithFee, billWithFeeSchema } from '@parking-hub/contracts/bills';
import { defaultFeeRule } from '@parking-hub/contracts/prices';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../db/schema/shops.ts';
import { anotherInstance, call, createTestApp, signedIn, type TestApp } from '../../test/harness.ts';
import {
  eventually,
  type ServerProcess,
  serverReady,
  startServerProcess,
  stopServerProcess,
} from '../../test/server-process.ts';
import { AUTH_CHANNEL, authChanged } from '../auth/auth-events.ts';
import { ChangeFeed } from '../auth/change-feed.ts';
import { findRuleByType } from '../prices/prices.repository.ts';
import { backdate, billApi, shopWithStaff } from './bills.test-support.ts';
import { ScanCache } from './scan-cache.ts';

let a: TestApp;
/** A second instance: the real server in its own process on the same database (behind a load balancer). */
let b: { base: string; server: ServerProcess };

beforeAll(async () => {
  a = await createTestApp();
  const server = await startServerProcess({ DATABASE_URL: a.url, JOBS_WORKERS: 'false' });
  await serverReady(server);
  b = { base: `http://127.0.0.1:${server.port}`, server };
}, 90_000);
afterAll(async () => {
  await stopServerProcess(b.server);
  await a.close();
});

/** `bill/find` on this instance or on the other one. */
async function find(on: 'this' | 'other', token: string, reference: string): Promise<BillWithFee> {
  if (on === 'this') {
    const res = await billApi(a).find(token, { reference });
    if (!res.body.data) throw new Error(`find: ${res.statusCode}`);
    return res.body.data;
  }
  const res = await fetch(`${b.base}/parking-hub-api/v1/bill/find`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reference }),
  });
  const body = (await res.json()) as { data?: BillWithFee };
  if (!body.data) throw new Error(`find on the other instance: ${res.status}`);
  return body.data;
}

/** A shop (flat 3,000 kip a motorbike) with a motorbike parked 90 minutes, seen by both instances. */
async function parkedScene() {
  const s = await shopWithStaff(a);
  const bill = (await billApi(a).checkIn(s.staff.token)).body.data;
  if (!bill) throw new Error('no check-in');
  await backdate(a, bill.id, 90);
  for (const on of ['this', 'other'] as const) {
    const seen = await find(on, s.staff.token, bill.reference);
    expect([seen.feeNow?.total, seen.bill.shopName]).toEqual([3000, s.shop.name]);
  }
  return { ...s, bill };
}

describe('the scan cache (shop, price rule and names of bill/find)', () => {
  it('is used: a change made behind the API’s back is not seen until it is announced', async () => {
    const { shop, staff, bill } = await parkedScene();
    await a.db.update(shops).set({ name: 'Renamed by hand' }).where(eq(shops.id, shop.id));
    expect((await find('this', staff.token, bill.reference)).bill.shopName).toBe(shop.name);
    await authChanged(a.db, { shopId: shop.id });
    expect((await find('this', staff.token, bill.reference)).bill.shopName).toBe('Renamed by hand');
  });

  it('a price rule changed: the very next find on this instance uses it, the other instance at once', async () => {
    const { shop, staff, manager } = await shopWithStaff(a);
    // A truck: its rule is nobody's shop price, so only the rule's own notification can tell.
    const flat = { ...defaultFeeRule(7000), shopId: shop.id, vehicleType: 'TRUCK' };
    expect(
      (await call(a.app, 'POST', 'prices/create', { token: manager.token, body: flat })).statusCode,
    ).toBe(201);
    const bill = (await billApi(a).checkIn(staff.token, { vehicleType: 'TRUCK' })).body.data;
    await backdate(a, bill?.id ?? '', 90);
    const reference = bill?.reference ?? '';
    for (const on of ['this', 'other'] as const)
      expect((await find(on, staff.token, reference)).feeNow?.total).toBe(7000);
    const rule = await findRuleByType(a.db, shop.id, 'TRUCK');
    const timed = { ...defaultFeeRule(0), mode: 'TIMED', firstPeriodFee: 4000, nextPeriodFee: 2000 };
    const res = await call(a.app, 'POST', 'prices/update', {
      token: manager.token,
      body: { id: rule?.id, ...timed },
    });
    expect(res.statusCode).toBe(200);
    // 90 minutes: the first hour and one more.
    expect((await find('this', staff.token, reference)).feeNow?.total).toBe(6000);
    // The other instance hears the notification when the change commits; without it, its cache
    // would keep the old rule for a minute.
    expect(
      await eventually(async () => (await find('other', staff.token, reference)).feeNow?.total === 6000),
    ).toBe(true);
  });

  it('a shop renamed and a user renamed: the new names, here at once and on the other instance', async () => {
    const { shop, staff, bill } = await parkedScene();
    const admin = await signedIn(a, 'ADMIN');
    expect(
      (
        await call(a.app, 'POST', 'shop/update', {
          token: admin.token,
          body: { id: shop.id, name: 'New name' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await find('this', staff.token, bill.reference)).bill.shopName).toBe('New name');
    expect(
      await eventually(
        async () => (await find('other', staff.token, bill.reference)).bill.shopName === 'New name',
      ),
    ).toBe(true);

    const rename = {
      id: staff.id,
      username: staff.username,
      role: 'SHOP',
      shopId: shop.id,
      fullName: 'Somsak',
    };
    expect((await call(a.app, 'POST', 'user/update', { token: admin.token, body: rename })).statusCode).toBe(
      200,
    );
    expect((await find('this', staff.token, bill.reference)).bill.checkInByName).toBe('Somsak');
    expect(
      await eventually(
        async () => (await find('other', staff.token, bill.reference)).bill.checkInByName === 'Somsak',
      ),
    ).toBe(true);
  });

  it('gives the same answers as the joined read it replaces (the cache off), in every scope', async () => {
    const off = await anotherInstance(a, { SESSION_CACHE_SECONDS: '0' });
    try {
      const { staff, manager, bill } = await parkedScene();
      const admin = await signedIn(a, 'ADMIN');
      const stranger = await signedIn(a, 'AGENT');
      const api = billApi(a);
      const closed = (await api.checkIn(staff.token, { vehicleType: 'CAR' })).body.data;
      await backdate(a, closed?.id ?? '', 200);
      expect((await api.checkout(staff.token, { reference: closed?.reference })).statusCode).toBe(200);
      for (const token of [staff.token, manager.token, admin.token, stranger.token]) {
        for (const body of [{ reference: bill.reference }, { id: closed?.id }, { number: closed?.number }]) {
          const cached = await api.find(token, body);
          const joined = await billApi(off).find(token, body);
          expect([cached.statusCode, cached.body]).toEqual([joined.statusCode, joined.body]);
          // Written without the zod serializer: exactly the schema's fields, nothing more.
          if (cached.body.data) expect(billWithFeeSchema.parse(cached.body.data)).toEqual(cached.body.data);
        }
      }
    } finally {
      await off.close();
    }
  });
});

describe('ScanCache', () => {
  const feed = new ChangeFeed();
  const cache = new ScanCache(60_000, feed);
  let notifier: pg.Client;
  beforeAll(async () => {
    await feed.listen(a.url);
    notifier = new pg.Client({ connectionString: a.url });
    await notifier.connect();
  });
  afterAll(async () => {
    await notifier.end();
    cache.close();
    await feed.close();
  });

  it('forgets a shop or a name when another instance says so (NOTIFY), everything when told "*"', async () => {
    const { shop, staff } = await shopWithStaff(a);
    await cache.loadShop(a.db, shop.id);
    await cache.loadNames(a.db, [staff.id]);
    expect(cache.cachedShop(shop.id)?.name).toBe(shop.name);
    expect(cache.cachedNames([staff.id, null])).toEqual([`Test ${staff.username}`, null]);
    await notifier.query('select pg_notify($1, $2)', [AUTH_CHANNEL, `h:${shop.id}`]);
    expect(await eventually(async () => cache.cachedShop(shop.id) === undefined)).toBe(true);
    expect(cache.cachedNames([staff.id])).toBeDefined();
    await notifier.query('select pg_notify($1, $2)', [AUTH_CHANNEL, `u:${staff.id}`]);
    expect(await eventually(async () => cache.cachedNames([staff.id]) === undefined)).toBe(true);
    await cache.loadShop(a.db, shop.id);
    await notifier.query('select pg_notify($1, $2)', [AUTH_CHANNEL, '*']);
    expect(await eventually(async () => cache.cachedShop(shop.id) === undefined)).toBe(true);
  });

  it('does not keep a read that began before a change', async () => {
    const { shop, staff } = await shopWithStaff(a);
    const reading = cache.loadShop(a.db, shop.id);
    const naming = cache.loadNames(a.db, [staff.id]);
    cache.evict(`h:${shop.id}`);
    expect((await reading)?.name).toBe(shop.name);
    expect(await naming).toEqual([`Test ${staff.username}`]);
    expect(cache.cachedShop(shop.id)).toBeUndefined();
    expect(cache.cachedNames([staff.id])).toBeUndefined();
  });

  it('is off while it cannot listen, and after close', async () => {
    const ownFeed = new ChangeFeed();
    const off = new ScanCache(60_000, ownFeed);
    const { shop } = await shopWithStaff(a);
    await off.loadShop(a.db, shop.id);
    expect([off.enabled, off.cachedShop(shop.id)]).toEqual([false, undefined]);
    await ownFeed.listen(a.url);
    expect(off.enabled).toBe(true);
    off.close();
    expect(off.enabled).toBe(false);
    await ownFeed.close();
  });
});
