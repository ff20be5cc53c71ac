import { type AppPlatform, type CheckRelease, nextReleaseAt } from '@parking-hub/contracts/app-versions';

/** How long one instance answers the check from memory: a release shows on other instances this late at most. */
export const CHECK_CACHE_MS = 5_000;

interface Entry {
  releases: CheckRelease[];
  until: number;
}

/**
 * The releases that decide the start-up check, per platform, kept for a few seconds: every phone
 * asks at start, and the answer is the same for all of them. Safe to lose (the next call reads
 * again). Kept until the sooner of `ttlMs` and the next scheduled release, so a release comes out
 * on time; forgotten at once when this instance changes a release. A burst of calls after expiry
 * makes one read, not one each.
 */
export class AppCheckCache {
  private readonly entries = new Map<AppPlatform, Entry>();
  private readonly loading = new Map<AppPlatform, Promise<CheckRelease[]>>();
  /** Bumped by `forget`: a read that began before a change is not kept after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly load: (platform: AppPlatform, now: Date) => Promise<CheckRelease[]>,
  ) {}

  /** The releases at `now`: from memory when they are fresh (no promise to wait for), else read. */
  releases(platform: AppPlatform, now: number): CheckRelease[] | Promise<CheckRelease[]> {
    const hit = this.entries.get(platform);
    if (hit && now < hit.until) return hit.releases;
    return this.loading.get(platform) ?? this.read(platform, now);
  }

  private read(platform: AppPlatform, now: number): Promise<CheckRelease[]> {
    const started = this.generation;
    const pending = this.load(platform, new Date(now)).then(
      (releases) => {
        this.done(platform, pending);
        if (started === this.generation && this.ttlMs > 0) {
          const next = nextReleaseAt(releases, now) ?? Number.POSITIVE_INFINITY;
          this.entries.set(platform, { releases, until: Math.min(now + this.ttlMs, next) });
        }
        return releases;
      },
      (err: unknown) => {
        this.done(platform, pending);
        throw err;
      },
    );
    this.loading.set(platform, pending);
    return pending;
  }

  private done(platform: AppPlatform, pending: Promise<CheckRelease[]>) {
    if (this.loading.get(platform) === pending) this.loading.delete(platform);
  }

  /** A release changed on this instance (call after its commit). */
  forget(): void {
    this.generation++;
    this.entries.clear();
    this.loading.clear();
  }
}
