/**
 * Writes that many callers make at once, made together: `add()` queues items and resolves once the
 * batch holding them is written (or rejects with its error). A batch goes `waitMs` after its first
 * item, or at once when it holds `max` items; one batch is written at a time. When a batch fails,
 * each caller's items are written on their own, so only the caller whose items fail sees it.
 */
export class Coalescer<T> {
  private pending: Array<{ items: T[]; resolve: () => void; reject: (err: unknown) => void }> = [];
  private count = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (items: T[]) => Promise<unknown>,
    private readonly waitMs = 20,
    private readonly max = 200,
  ) {}

  add(items: T[]): Promise<void> {
    if (items.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.pending.push({ items, resolve, reject });
      this.count += items.length;
      if (this.count >= this.max) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.waitMs);
    });
  }

  /** Write what is queued now (after the batch being written, if any). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.count = 0;
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.then(async () => {
      try {
        await this.write(batch.flatMap((b) => b.items));
        for (const b of batch) b.resolve();
      } catch (err) {
        if (batch.length === 1) return batch[0]?.reject(err);
        // One caller's bad item must not fail the others: each on its own, then.
        for (const b of batch) await this.write(b.items).then(b.resolve, b.reject);
      }
    });
    return this.writing;
  }
}
