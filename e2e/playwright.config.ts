import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { ADMIN } from './support/constants.ts';
import { PEERS } from './support/peers.ts';
import { slotPorts, slotServer } from './support/slots.ts';

/**
 * Browser tests: the real server (embedded PostgreSQL in a throw-away DATA_DIR) serving the
 * built web app, driven through Debian's Chromium. `npm run test:e2e` builds the web app first.
 *
 * E2E_WORKERS workers (default 2) run spec files at once; each has a stack of its own (a server,
 * its database and its peers: support/slots.ts), all started here before the first test. Tests of
 * one file run in order on one worker.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'ph-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const root = path.resolve(import.meta.dirname, '..');

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

/** The slot's peers (fake WhatsApp Cloud API, SMTP sink), then its server pointed at them. */
function stack(slot: number): WebServer[] {
  const ports = slotPorts(slot);
  const { baseURL, dataDir: slotDataDir } = slotServer(slot);
  return [
    {
      command: 'node --import tsx e2e/support/peers-server.ts',
      cwd: root,
      url: `http://127.0.0.1:${ports.inspect}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { E2E_SLOT: String(slot) },
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `${baseURL}/parking-hub-api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        HOST: '127.0.0.1',
        PORT: String(ports.app),
        DATA_DIR: slotDataDir,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_PER_MINUTE: '1000',
        INITIAL_ADMIN_USERNAME: ADMIN.username,
        INITIAL_ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
        MAIL_FROM: 'Parking Hub <no-reply@parkinghub.test>',
        WHATSAPP_API_URL: `http://127.0.0.1:${ports.whatsapp}/v23.0`,
        WHATSAPP_TOKEN: PEERS.token,
        WHATSAPP_PHONE_NUMBER_ID: PEERS.phoneNumberId,
        WHATSAPP_APP_SECRET: PEERS.appSecret,
        WHATSAPP_VERIFY_TOKEN: PEERS.verifyToken,
        // No wait between messages to one number: tests send several to the same one quickly.
        WHATSAPP_RECIPIENT_GAP_SECONDS: '0',
        RESET_MIN_RESPONSE_MS: '100',
      },
    },
  ];
}

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(tmpdir(), 'ph-e2e-results'),
  fullyParallel: false,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './support/global-teardown.ts',
  use: {
    // Each worker's own server: support/test.ts sets baseURL per worker.
    locale: 'lo-LA',
    timezoneId: 'Asia/Vientiane',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Array.from({ length: workers }, (_, slot) => stack(slot)).flat(),
});
