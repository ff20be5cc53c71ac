import { create } from 'qrcode';

export interface QrShape {
  /** Modules per side (without the quiet zone). */
  size: number;
  /** One SVG path of the dark modules, one unit per module: crisp at any print resolution. */
  path: string;
}

/** Runs of dark modules per row as `M x y h n v1 h -n z`; fewer nodes than one square each. */
export function modulesToPath(size: number, dark: (x: number, y: number) => boolean): string {
  let path = '';
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!dark(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && dark(x, y)) x++;
      path += `M${start} ${y}h${x - start}v1h-${x - start}z`;
    }
  }
  return path;
}

/**
 * The QR code of a text (the receipt's URL), made in the browser: nothing leaves the page, and it
 * prints as vectors. Error correction M, as on the server's payment QR (decision 008).
 */
export function qrShape(text: string): QrShape {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  return { size, path: modulesToPath(size, (x, y) => data[y * size + x] === 1) };
}
