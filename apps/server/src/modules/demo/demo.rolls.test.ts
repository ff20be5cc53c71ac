import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../../test/harness.ts';
import { checkPaper } from '../rolls/paper.rebuild.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database, { shops: 3, days: 20, seed: 5, trail: false });
}, 120_000);
afterAll(() => t.close());

const post = async <T>(token: string, path: string, body: unknown) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `/parking-hub-api/v1/${path}`,
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    })
  ).json() as {
    data: T;
  };

describe('the demo’s paper rolls', () => {
  it('tell the story: stock in the agents’ hands, a shop low on paper, one printing more than it received', async () => {
    const { token } = await loginAs(t.app, 'admin', DEMO_PASSWORD);
    const stock = await post<{ received: number; moved: number; inHand: number }[]>(token, 'rolls/stock', {});
    expect(stock.data.filter((s) => s.received > 0).every((s) => s.inHand === 40)).toBe(true);
    const low = await post<{ low: boolean; remaining: number }[]>(token, 'rolls/low-paper', {
      pageSize: 100,
    });
    expect(low.data.filter((r) => r.low).length).toBeGreaterThanOrEqual(1);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vientiane' })
      .format(new Date())
      .slice(0, 7);
    const check = await post<{ rows: { shopId: string; flagged: boolean }[] }>(token, 'rolls/ticket-check', {
      month,
      pageSize: 100,
    });
    const flagged = check.data.rows.filter((r) => r.flagged);
    expect(flagged).toHaveLength(1);
    const one = await post<{ outsideSerials: { tickets: number }[] }>(token, 'rolls/ticket-check', {
      month,
      shopId: flagged[0]?.shopId,
    });
    expect(one.data.outsideSerials.length).toBeGreaterThanOrEqual(1);
    // The paper tables equal what they derive from.
    expect(await checkPaper(t.database.pool)).toEqual([]);
  });
});
