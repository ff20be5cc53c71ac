/**
 * Plates typed at a gate, counted per shop in this browser, so the ones that come often are
 * offered again as the first letters are typed. Kept on the device only (nothing is sent), at
 * most `MAX_PLATES` per shop: the least used and oldest go first.
 */
import { storage as safeStorage } from '../../lib/storage';

const KEY = 'gatePlates';

/** Where the counts live: the browser's localStorage (never throwing), or a test's own. */
type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;
const browser: KeyValue = { getItem: (k) => safeStorage.get(k), setItem: (k, v) => safeStorage.set(k, v) };
export const MAX_PLATES = 300;

interface Seen {
  n: number;
  at: number;
}
type Store = Record<string, Record<string, Seen>>;

function read(storage: KeyValue): Store {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Store) : {};
  } catch {
    return {};
  }
}

const rank = (a: [string, Seen], b: [string, Seen]) => b[1].n - a[1].n || b[1].at - a[1].at;

/** Count one more use of `plate` at `shopId`. */
export function rememberPlate(shopId: string, plate: string, now = Date.now(), storage: KeyValue = browser) {
  const typed = plate.trim().replace(/\s+/g, ' ').toUpperCase();
  if (!typed) return;
  const store = read(storage);
  const shop = store[shopId] ?? {};
  const seen = shop[typed];
  shop[typed] = { n: (seen?.n ?? 0) + 1, at: now };
  store[shopId] = Object.fromEntries(Object.entries(shop).sort(rank).slice(0, MAX_PLATES));
  try {
    storage.setItem(KEY, JSON.stringify(store));
  } catch {
    // A full or blocked storage only loses the suggestions.
  }
}

/** The plates of `shopId` that contain what is typed (all of them when nothing is), most used first. */
export function platesFor(shopId: string, typed: string, limit = 8, storage: KeyValue = browser): string[] {
  const part = typed.trim().replace(/\s+/g, ' ').toUpperCase();
  return Object.entries(read(storage)[shopId] ?? {})
    .filter(([plate]) => plate.includes(part))
    .sort(rank)
    .slice(0, limit)
    .map(([plate]) => plate);
}
