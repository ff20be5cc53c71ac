/** Constants of the web app. Nothing here is secret: it all ships to the browser. */
export const PROVIDER_NAME = 'Parking Hub';
export const PROVIDER_URL = 'https://parkinghub.la';

export const API_BASE = '/parking-hub-api';
export const REQUEST_TIMEOUT_MS = 30_000;

/** localStorage keys (spec §3: the token lives under PARKING_HUB). */
export const TOKEN_STORAGE_KEY = 'PARKING_HUB';
export const LANGUAGE_STORAGE_KEY = 'PARKING_HUB_LANG';
/**
 * The "by closing" choice of the reports, 'true' / 'false' (spec §3). Kept here, not imported from
 * contracts/reports.ts, whose zod schemas would then load with the dashboard (decision 005).
 */
export const REPORT_BY_CLOSING_KEY = 'reportByClosing';

/** The device brand the web sends to /v1/me (mobile apps send theirs). */
export const WEB_BRAND = 'unknown';

/** Data stays cached this long after its last use (spec §7). */
export const QUERY_GC_TIME_MS = 60_000;
