/** The path of the first string holding U+0000 ('' for the value itself), or null when none does. */
export function nulPath(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, at ? `${at}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}
