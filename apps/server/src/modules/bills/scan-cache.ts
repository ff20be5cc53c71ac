import type { Executor } from '../../db/client.ts';
import { onAuthChange } from '../auth/auth-events.ts';
import type { ChangeFeed } from '../auth/change-feed.ts';
import { findShopTariff, findUserNames, type ShopTariff } from './bills-scan.repository.ts';

interface Entry<T> {
  value: T;
  until: number;
}

const MAX_ENTRIES = 20_000;

/**
 * How long an entry is trusted without a notification. Every change through the API is announced,
 * so this only bounds a change made by hand in the database; shops, rules and names change rarely,
 * and a shorter time re-reads each of them more often under load (an extra round trip for that scan).
 */
export const SCAN_CACHE_MS = 60_000;

type Names<T extends ReadonlyArray<string | null>> = { [K in keyof T]: string | null };

/**
 * What every scan reads besides the bill itself: its shop (name, hours, price rules) and the
 * names of its staff, kept in memory (decision 015). The same rules as the session cache: used only
 * while the instance LISTENs (`feed.live`); a shop, price rule or user changed through the API is
 * forgotten at once on the instance that changed it and, when the change commits, on every other
 * one ('h:<shopId>', 'u:<userId>' on `ph_auth`); a read that began before a change is not kept
 * after it; entries live `ttlMs` at most (a change made by hand in the database, without the API,
 * is seen after that).
 */
export class ScanCache {
  private readonly shops = new Map<string, Entry<ShopTariff>>();
  private readonly names = new Map<string, Entry<string>>();
  private generation = 0;
  private closed = false;
  private readonly unsubscribe: Array<() => void>;

  constructor(
    private readonly ttlMs: number,
    private readonly feed: ChangeFeed,
  ) {
    const evict = (payload: string) => this.evict(payload);
    this.unsubscribe = [onAuthChange(evict), feed.subscribe(evict)];
  }

  get enabled(): boolean {
    return !this.closed && this.feed.live && this.ttlMs > 0;
  }

  /** The shop with its rules, if it is in memory (the scan's usual case: no promise to wait for). */
  cachedShop(shopId: string): ShopTariff | undefined {
    const hit = this.shops.get(shopId);
    return hit && hit.until > Date.now() ? hit.value : undefined;
  }

  /** The shop with its rules, read from the database and kept; null when there is no such shop. */
  async loadShop(db: Executor, shopId: string): Promise<ShopTariff | null> {
    const started = this.generation;
    const tariff = await findShopTariff(db, shopId);
    if (tariff) this.keep(this.shops, shopId, tariff, started);
    return tariff;
  }

  /** These users' full names (null for no user), if all of them are in memory. */
  cachedNames<const T extends ReadonlyArray<string | null>>(ids: T): Names<T> | undefined {
    const now = Date.now();
    const names: Array<string | null> = [];
    for (const id of ids) {
      if (id === null) names.push(null);
      else {
        const hit = this.names.get(id);
        if (!hit || hit.until <= now) return undefined;
        names.push(hit.value);
      }
    }
    return names as Names<T>;
  }

  /** These users' full names (null for no user), read in one query and kept. */
  async loadNames<const T extends ReadonlyArray<string | null>>(db: Executor, ids: T): Promise<Names<T>> {
    const wanted = ids.filter((id): id is string => id !== null);
    const started = this.generation;
    const rows = wanted.length ? await findUserNames(db, wanted) : [];
    for (const row of rows) this.keep(this.names, row.id, row.fullName, started);
    const read = new Map(rows.map((r) => [r.id, r.fullName]));
    return ids.map((id) => (id === null ? null : (read.get(id) ?? null))) as Names<T>;
  }

  private keep<T>(map: Map<string, Entry<T>>, key: string, value: T, startedAt: number): void {
    if (!this.enabled || startedAt !== this.generation) return;
    if (map.size >= MAX_ENTRIES) map.clear();
    // Up to a quarter sooner, at random, as sessions: entries read together expire apart.
    map.set(key, { value, until: Date.now() + this.ttlMs * (1 - Math.random() / 4) });
  }

  evict(payload: string): void {
    this.generation++;
    if (payload === '*') {
      this.shops.clear();
      this.names.clear();
      return;
    }
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    if (kind === 'h:') this.shops.delete(id);
    else if (kind === 'u:') this.names.delete(id);
  }

  close(): void {
    this.closed = true;
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.shops.clear();
    this.names.clear();
  }
}
