import { describe, expect, it } from 'vitest';
import { knownBrand, summarizeUserAgent } from './user-agent';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.6478.126 Safari/537.36',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  windows7: 'Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0',
};

describe('summarizeUserAgent', () => {
  it.each([
    [UA.chromeWindows, 'Chrome 126 · Windows', 'desktop'],
    [UA.edge, 'Edge 126 · Windows', 'desktop'],
    [UA.firefoxLinux, 'Firefox 127 · Linux', 'desktop'],
    [UA.safariMac, 'Safari 17.5 · macOS', 'desktop'],
    [UA.safariIphone, 'Safari 17.5 · iOS 17.5', 'mobile'],
    [UA.chromeIphone, 'Chrome 126 · iOS 17.5', 'mobile'],
    [UA.ipad, 'Safari 16.6 · iPadOS 16.6', 'mobile'],
    [UA.chromeAndroid, 'Chrome 126 · Android 10', 'mobile'],
    [UA.samsung, 'Samsung Internet 25 · Android 14', 'mobile'],
    [UA.opera, 'Opera 111 · Windows', 'desktop'],
    [UA.headless, 'Chrome Headless 126 · Linux', 'desktop'],
    [UA.chromebook, 'Chrome 126 · ChromeOS', 'desktop'],
    [UA.windows7, 'Firefox 115 · Windows 7', 'desktop'],
  ])('%s → %s', (ua, summary, kind) => {
    const result = summarizeUserAgent(ua);
    expect(result.summary).toBe(summary);
    expect(result.kind).toBe(kind);
  });

  it('names HTTP tools and app networking stacks with their version', () => {
    expect(summarizeUserAgent('curl/8.5.0').summary).toBe('curl 8.5.0');
    expect(summarizeUserAgent('PostmanRuntime/7.39.0').summary).toBe('Postman 7.39.0');
    expect(summarizeUserAgent('okhttp/4.12.0').summary).toBe('okhttp 4.12.0');
    expect(summarizeUserAgent('Dart/3.4 (dart:io)').summary).toBe('Dart 3.4');
    expect(summarizeUserAgent('node').summary).toBe('Node.js');
    expect(summarizeUserAgent('curl/8.5.0').kind).toBe('other');
  });

  it('keeps the first token of an unknown agent, cut to 40 characters', () => {
    expect(summarizeUserAgent('ParkingHubPrinter/2.1 (ESC/POS)').summary).toBe('ParkingHubPrinter/2.1');
    expect(summarizeUserAgent('x'.repeat(80)).summary).toHaveLength(40);
  });

  it('answers an empty summary for no user agent', () => {
    expect(summarizeUserAgent(null)).toEqual({ client: null, os: null, kind: 'other', summary: '' });
    expect(summarizeUserAgent('   ').summary).toBe('');
  });
});

describe('knownBrand', () => {
  it('drops the web client\'s "unknown" and blanks', () => {
    expect(knownBrand('unknown')).toBeNull();
    expect(knownBrand('Unknown')).toBeNull();
    expect(knownBrand('  ')).toBeNull();
    expect(knownBrand(null)).toBeNull();
    expect(knownBrand(' Samsung ')).toBe('Samsung');
  });
});
