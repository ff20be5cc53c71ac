/** The longest wait between two attempts, whatever the base. */
const MAX_DELAY_SECONDS = 6 * 3600;

/**
 * Seconds to wait after failed attempt `attempt` (1-based): base × 2^(attempt−1), ±10 % so that
 * messages failing together do not all come back at the same moment. With the defaults (base
 * 60 s, 10 attempts) the ten attempts span about 8.5 hours (decision 011).
 */
export function retryDelaySeconds(attempt: number, baseSeconds: number, random = Math.random): number {
  const plain = Math.min(MAX_DELAY_SECONDS, baseSeconds * 2 ** Math.max(0, attempt - 1));
  return Math.max(1, Math.round(plain * (0.9 + 0.2 * random())));
}
