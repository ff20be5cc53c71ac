import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(new URL(import.meta.url).pathname);
const read = (lng: string, file: string) =>
  JSON.parse(readFileSync(path.join(dir, lng, file), 'utf8')) as Record<string, unknown>;

/** Every leaf as 'a.b.c' → text. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      for (const e of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(...e);
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const lo = readdirSync(path.join(dir, 'lo'))
    .filter((f) => f.endsWith('.json'))
    .sort();
  const en = readdirSync(path.join(dir, 'en'))
    .filter((f) => f.endsWith('.json'))
    .sort();

  it('have the same namespaces in Lao and English', () => {
    expect(en).toEqual(lo);
    expect(lo).toContain('common.json');
  });

  it.each(lo)('%s has the same keys, placeholders and no empty text in both languages', (file) => {
    const a = leaves(read('lo', file));
    const b = leaves(read('en', file));
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    for (const [key, text] of a) {
      expect(text.trim(), `lo ${file} ${key}`).not.toBe('');
      expect(b.get(key)?.trim(), `en ${file} ${key}`).not.toBe('');
      expect(placeholders(b.get(key) ?? ''), `${file} ${key}`).toEqual(placeholders(text));
    }
  });

  it('writes Lao in the Lao files (the common namespace is mostly Lao script)', () => {
    const texts = [...leaves(read('lo', 'common.json')).values()];
    const lao = texts.filter((t) => /[\u0E80-\u0EFF]/.test(t));
    expect(lao.length / texts.length).toBeGreaterThan(0.8);
  });
});
