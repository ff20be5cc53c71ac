import { describe, expect, it } from 'vitest';
import { modulesToPath, qrShape } from './qr-path';

/** The dark cells a path fills, back from its runs. */
function cells(path: string): Set<string> {
  const out = new Set<string>();
  for (const m of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    const [x, y, n] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let i = 0; i < n; i++) out.add(`${x + i},${y}`);
  }
  return out;
}

describe('QR code as one SVG path', () => {
  it('merges the dark modules of a row into runs', () => {
    const grid = ['##.#', '....', '####', '.#..'];
    const path = modulesToPath(4, (x, y) => grid[y]?.[x] === '#');
    expect(path).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM0 2h4v1h-4zM1 3h1v1h-1z');
  });

  it('draws exactly the modules of the receipt URL’s code', () => {
    const url = 'https://parkinghub.la/bill/2-ABCDEFGHJKMN';
    const { size, path } = qrShape(url);
    expect(size).toBeGreaterThanOrEqual(21);
    expect((size - 17) % 4).toBe(0); // a QR side is 17 + 4 × version
    const drawn = cells(path);
    // The three finder patterns' corners are dark; the module inside the top-left ring is light.
    for (const corner of ['0,0', `${size - 1},0`, `0,${size - 1}`]) expect(drawn.has(corner)).toBe(true);
    expect(drawn.has('1,1')).toBe(false);
    expect(qrShape(url).path).toBe(path);
  });
});
