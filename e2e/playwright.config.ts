import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { ADMIN } from './support/constants.ts';
import { PEERS } from './support/peers.ts';

/**
 * Browser tests: the real server (embedded PostgreSQL in a throw-away DATA_DIR) serving the
 * built web app, driven through Debian's Chromium. `npm run test:e2e` builds the web app first.
 */
const port = Number(process.env.E2E_PORT ?? 18_080);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'ph-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(tmpdir(), 'ph-e2e-results'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  // The peers first (fake WhatsApp Cloud API, SMTP sink): the server sends to them.
  webServer: [
    {
      command: 'node --import tsx e2e/support/peers-server.ts',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${PEERS.inspectUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      env: { E2E_WA_WEBHOOK: `http://127.0.0.1:${port}/parking-hub-api/bot/v1/whatsapp/webhook` },
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://127.0.0.1:${port}/parking-hub-api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_PER_MINUTE: '1000',
        INITIAL_ADMIN_USERNAME: ADMIN.username,
        INITIAL_ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: PEERS.smtpUrl,
        MAIL_FROM: 'Parking Hub <no-reply@parkinghub.test>',
        WHATSAPP_API_URL: PEERS.waUrl,
        WHATSAPP_TOKEN: PEERS.token,
        WHATSAPP_PHONE_NUMBER_ID: PEERS.phoneNumberId,
        WHATSAPP_APP_SECRET: PEERS.appSecret,
        WHATSAPP_VERIFY_TOKEN: PEERS.verifyToken,
        // No wait between messages to one number: tests send several to the same one quickly.
        WHATSAPP_RECIPIENT_GAP_SECONDS: '0',
        RESET_MIN_RESPONSE_MS: '100',
      },
    },
  ],
});
