/** What kind of client signed in: a phone or tablet browser, a desktop browser, or anything else. */
export type ClientKind = 'mobile' | 'desktop' | 'other';

export interface UserAgentSummary {
  /** 'Chrome 126', 'Safari 17.5', 'curl 8.5.0'; null when nothing is recognised. */
  client: string | null;
  /** 'Windows', 'macOS', 'Android 14', 'iOS 17.5'; null when unknown. */
  os: string | null;
  kind: ClientKind;
  /** client and os joined ('Chrome 126 · Windows'), or '' for no user agent at all. */
  summary: string;
}

/** Browsers by their product token; order matters (Edge and Opera also say Chrome, Chrome says Safari). */
const BROWSERS: [name: string, token: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Chrome Headless', /\bHeadlessChrome\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+(?:\.\d+)?).*\bSafari\//],
];

/** HTTP libraries and tools (a script, the mobile app's networking stack): name and full version. */
const TOOLS: [name: string, token: RegExp][] = [
  ['curl', /^curl\/([\d.]+)/i],
  ['Postman', /^PostmanRuntime\/([\d.]+)/],
  ['okhttp', /^okhttp\/([\d.]+)/i],
  ['Dart', /^Dart\/([\d.]+)/],
  ['python-requests', /^python-requests\/([\d.]+)/i],
  ['Node.js', /^(?:node|undici)(?:[/ ]([\d.]+))?$/i],
];

const WINDOWS: Record<string, string> = {
  '10.0': 'Windows',
  '6.3': 'Windows 8.1',
  '6.2': 'Windows 8',
  '6.1': 'Windows 7',
};

const dotted = (v: string) => v.replace(/_/g, '.');

function osOf(ua: string): string | null {
  const windows = /Windows NT (\d+\.\d+)/.exec(ua);
  if (windows?.[1]) return WINDOWS[windows[1]] ?? 'Windows';
  const ios = /(iPhone|iPad|iPod)(?:;.*?)? OS (\d+(?:_\d+)?)/.exec(ua);
  if (ios?.[2]) return `${ios[1] === 'iPad' ? 'iPadOS' : 'iOS'} ${dotted(ios[2])}`;
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  const android = /Android (\d+(?:\.\d+)?)/.exec(ua);
  if (android?.[1]) return `Android ${android[1]}`;
  if (/Android/.test(ua)) return 'Android';
  if (/Mac OS X|Macintosh/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux|X11/.test(ua)) return 'Linux';
  return null;
}

/** A short, readable summary of a User-Agent header for a list ('Chrome 126 · Windows'). */
export function summarizeUserAgent(userAgent: string | null | undefined): UserAgentSummary {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return { client: null, os: null, kind: 'other', summary: '' };

  for (const [name, token] of TOOLS) {
    const match = token.exec(ua);
    if (match) {
      const client = match[1] ? `${name} ${match[1]}` : name;
      return { client, os: null, kind: 'other', summary: client };
    }
  }

  const os = osOf(ua);
  const browser = BROWSERS.map(([name, token]) => [name, token.exec(ua)?.[1]] as const).find(([, v]) => v);
  const client = browser ? `${browser[0]} ${browser[1]}` : null;
  if (!client && !os) {
    // Unknown: its first product token, so the list still says something short.
    const first = (ua.split(/\s+/)[0] ?? ua).slice(0, 40);
    return { client: first, os: null, kind: 'other', summary: first };
  }
  const kind: ClientKind = /Mobi|Android|iPhone|iPad|iPod/.test(ua) ? 'mobile' : client ? 'desktop' : 'other';
  return { client, os, kind, summary: [client, os].filter(Boolean).join(' · ') };
}

/** The device brand the mobile app reports; the web reports 'unknown', which says nothing. */
export function knownBrand(brand: string | null | undefined): string | null {
  const b = brand?.trim();
  return b && b.toLowerCase() !== 'unknown' ? b : null;
}
