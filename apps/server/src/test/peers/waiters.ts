/**
 * Waiting for something a peer receives, without polling: the peer calls `notify()` after every
 * change and each pending wait probes again. Shared by the fake WhatsApp and the SMTP sink.
 */
export class Waiters {
  private readonly probes = new Set<() => void>();

  notify(): void {
    for (const probe of [...this.probes]) probe();
  }

  /** Resolves with the first value `probe` answers (not undefined), now or after a later change. */
  until<T>(probe: () => T | undefined, timeoutMs: number, describe: () => string): Promise<T> {
    return new Promise((resolve, reject) => {
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.probes.delete(check);
        settle();
      };
      const check = () => {
        try {
          const found = probe();
          if (found !== undefined) finish(() => resolve(found));
        } catch (error) {
          finish(() => reject(error));
        }
      };
      const timer = setTimeout(() => {
        finish(() => reject(new Error(`nothing matched in ${timeoutMs} ms; ${describe()}`)));
      }, timeoutMs);
      this.probes.add(check);
      check();
    });
  }
}
