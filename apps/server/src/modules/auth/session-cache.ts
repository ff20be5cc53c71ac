import pg from 'pg';
import { AUTH_CHANNEL, onAuthChange } from './auth-events.ts';
import type { LiveSession } from './sessions.repository.ts';

interface Entry {
  session: LiveSession;
  until: number;
}

const MAX_ENTRIES = 20_000;

/**
 * Signed-in sessions, remembered for a few seconds so a request does not pay a database round
 * trip to learn who sent it (docs/decisions/009). Safe to lose, and only used while this instance
 * LISTENs for changes: a revoked session, a suspended user or a new role is forgotten at once here
 * and on every other instance. A read that started before a change is never cached after it.
 */
export class SessionCache {
  private entries = new Map<string, Entry>();
  private generation = 0;
  private live = false;
  private closing = false;
  private client: pg.Client | null = null;
  private unsubscribe: () => void;

  constructor(
    private readonly ttlMs: number,
    private readonly idleMs: number,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.unsubscribe = onAuthChange((payload) => this.evict(payload));
  }

  get enabled(): boolean {
    return this.live && this.ttlMs > 0;
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
    this.entries.set(key, { session, until: Date.now() + this.ttlMs });
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
      if ((kind === 'u:' && session.userId === id) || (kind === 's:' && session.sessionId === id)) {
        this.entries.delete(key);
      }
    }
  }

  /** Listen for changes on a connection of its own; without it the cache stays off. */
  async listen(connectionString: string): Promise<void> {
    if (this.ttlMs <= 0 || this.closing) return;
    const client = new pg.Client({ connectionString });
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.live = false;
      this.client = null;
      this.evict('*');
      client.end().catch(() => {});
      if (err) this.onError(err);
      if (!this.closing) setTimeout(() => void this.listen(connectionString), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => this.evict(n.payload ?? '*'));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANNEL}`);
      // Anything read before we listened may have missed a change.
      this.evict('*');
      this.live = true;
    } catch (err) {
      lost(err);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.live = false;
    this.unsubscribe();
    const client = this.client;
    this.client = null;
    this.entries.clear();
    await client?.end().catch(() => {});
  }
}
