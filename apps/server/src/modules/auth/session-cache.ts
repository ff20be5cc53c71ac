import { onAuthChange } from './auth-events.ts';
import type { ChangeFeed } from './change-feed.ts';
import type { LiveSession } from './sessions.repository.ts';

interface Entry {
  session: LiveSession;
  until: number;
}

const MAX_ENTRIES = 20_000;

/**
 * Signed-in sessions, remembered for a few seconds so a request does not pay a database round
 * trip to learn who sent it (docs/decisions/009). Safe to lose, and only used while this instance
 * LISTENs for changes (`feed.live`): a revoked session, a suspended user, a new role or a changed
 * shop is forgotten at once here and on every other instance. A read that started before a change
 * is never cached after it.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private generation = 0;
  private closed = false;
  private readonly unsubscribe: Array<() => void>;

  constructor(
    private readonly ttlMs: number,
    private readonly idleMs: number,
    private readonly feed: ChangeFeed,
  ) {
    const evict = (payload: string) => this.evict(payload);
    this.unsubscribe = [onAuthChange(evict), feed.subscribe(evict)];
  }

  get enabled(): boolean {
    return !this.closed && this.feed.live && this.ttlMs > 0;
  }

  /** Call before reading a session from the database; hand the number to `set`. */
  begin(): number {
    return this.generation;
  }

  get(key: string, now = Date.now()): LiveSession | null {
    if (!this.enabled) return null;
    const entry = this.entries.get(key);
    if (!entry) return null;
    const s = entry.session;
    if (now >= entry.until || now >= s.expiresAt.getTime() || now - s.lastUsedAt.getTime() >= this.idleMs) {
      this.entries.delete(key);
      return null;
    }
    return s;
  }

  set(key: string, session: LiveSession, startedAt: number): void {
    if (!this.enabled || startedAt !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    // Up to a quarter sooner, at random: sessions first used together (a shift starting, a restart)
    // are not all read again in the same instant.
    this.entries.set(key, { session, until: Date.now() + this.ttlMs * (1 - Math.random() / 4) });
  }

  /** The session was just marked used in the database: keep the idle clock of the copy in step. */
  touched(key: string, at: Date): void {
    const entry = this.entries.get(key);
    if (entry) entry.session = { ...entry.session, lastUsedAt: at };
  }

  evict(payload: string): void {
    this.generation++;
    if (payload === '*') {
      this.entries.clear();
      return;
    }
    const [kind, id] = [payload.slice(0, 2), payload.slice(2)];
    for (const [key, { session }] of this.entries) {
      if (
        (kind === 'u:' && session.userId === id) ||
        (kind === 's:' && session.sessionId === id) ||
        // A session carries its shop's name, address and prices.
        (kind === 'h:' && session.shopId === id)
      ) {
        this.entries.delete(key);
      }
    }
  }

  /** Stop using the cache (the feed is its owner's to close). */
  close(): void {
    this.closed = true;
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.entries.clear();
  }
}
