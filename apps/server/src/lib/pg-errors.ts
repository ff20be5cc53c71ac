/** The constraint a unique violation (SQLSTATE 23505) broke, looking through driver wrappers. */
export function uniqueViolation(err: unknown): string | null {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}
