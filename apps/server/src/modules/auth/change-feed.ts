import pg from 'pg';
import { AUTH_CHANNEL } from './auth-events.ts';

/**
 * This instance's ear on the `ph_auth` channel: one LISTEN connection, shared by every cache that
 * must forget what another instance changed (signed-in sessions, what a scan reads). `live` only
 * while it listens; when the connection drops, subscribers hear '*' (forget everything) and it is
 * opened again a second later. A cache that is used while `live` is false may miss a change, so the
 * caches stay off then.
 */
export class ChangeFeed {
  private readonly subscribers = new Set<(payload: string) => void>();
  private client: pg.Client | null = null;
  private listening = false;
  private closing = false;

  constructor(private readonly onError: (err: unknown) => void = () => {}) {}

  get live(): boolean {
    return this.listening;
  }

  /** Hear every payload (and '*' whenever what was heard so far may be incomplete). */
  subscribe(subscriber: (payload: string) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  private publish(payload: string): void {
    for (const subscriber of this.subscribers) subscriber(payload);
  }

  async listen(connectionString: string): Promise<void> {
    if (this.closing) return;
    const client = new pg.Client({ connectionString });
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.listening = false;
      this.client = null;
      this.publish('*');
      client.end().catch(() => {});
      if (err) this.onError(err);
      if (!this.closing) setTimeout(() => void this.listen(connectionString), 1000).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => this.publish(n.payload ?? '*'));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANNEL}`);
      // Anything read before we listened may have missed a change.
      this.publish('*');
      this.listening = true;
    } catch (err) {
      lost(err);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.listening = false;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
