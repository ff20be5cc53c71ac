import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Five cron fields (minute hour day month weekday); pg-boss checks the values when it schedules. */
function isCron(value: string): boolean {
  const fields = value.split(/\s+/);
  return fields.length === 5 && fields.every((f) => /^[0-9A-Za-z*,/?#-]+$/.test(f));
}

/** An optional setting: unset and empty are the same. */
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Where people reach this server from outside (links in messages, e.g. an invoice's page); default http://localhost:PORT. */
  PUBLIC_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .url()
      .refine((v) => /^https?:\/\//i.test(v), 'an http:// or https:// address')
      .refine((v) => !v.endsWith('/'), 'no trailing slash')
      .optional(),
  ),
  DATA_DIR: z.string().default('./data'),
  /** Uploaded files (shop logos…); DATA_DIR/uploads unless set. */
  UPLOADS_DIR: z.string().optional(),
  // An empty DATABASE_URL (e.g. `DATABASE_URL= npm start`) means unset: the embedded database.
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  INITIAL_ADMIN_USERNAME: z.string().trim().toLowerCase().min(3).default('admin'),
  INITIAL_ADMIN_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(3 * 24 * 60),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(30),
  /** Seconds a signed-in session is remembered between requests (0 turns the cache off). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).default(50),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  PUBLIC_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TRUST_PROXY: bool.default(false),
  CORS_ORIGINS: z.string().default(''),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  PG_POOL_MAX: z.coerce.number().int().min(1).default(20),
  /** Cron schedules run in this zone (decision 011). */
  PLATFORM_TIMEZONE: z
    .string()
    .default('Asia/Vientiane')
    .refine((tz) => isTimeZone(tz), 'not an IANA time zone'),
  /** This process runs jobs (false: it only queues them, e.g. a web-only instance). */
  JOBS_WORKERS: bool.default(true),
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v23.0'),
  WHATSAPP_PHONE_NUMBER_ID: optional,
  WHATSAPP_TOKEN: optional,
  WHATSAPP_APP_SECRET: optional,
  WHATSAPP_VERIFY_TOKEN: optional,
  WHATSAPP_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(20),
  /** The Cloud API allows about one message per 6 seconds to one number. */
  WHATSAPP_RECIPIENT_GAP_SECONDS: z.coerce.number().min(0).max(3600).default(6),
  /** JSON: per message kind, the approved template's name and language (decision 011). */
  WHATSAPP_TEMPLATES: optional,
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Parking Hub <no-reply@parkinghub.la>'),
  EMAIL_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(10),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(10),
  OUTBOX_RETRY_BASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How long an attempt cut off mid-send waits for the provider's callback before sending again. */
  OUTBOX_IN_DOUBT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  /** How long one batch of sends may run before pg-boss takes it for crashed and runs it again. */
  OUTBOX_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Password recovery answers never sooner than this, found or not (no account enumeration by timing). */
  RESET_MIN_RESPONSE_MS: z.coerce.number().int().min(0).max(10_000).default(400),
  RESET_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Verification codes one IP may ask for in an hour (against someone spraying many accounts). */
  RESET_CODES_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  /** The largest intro video an admin may upload (issue 16), in megabytes. */
  VIDEO_MAX_MB: z.coerce.number().int().min(1).max(10_240).default(200),
  /** Where backups go (decision 013); DATA_DIR/backups unless set. */
  BACKUP_DIR: optional,
  /** The daily backup keeps this many backups in BACKUP_DIR. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  /** When the daily backup runs, in PLATFORM_TIMEZONE; `off`: never. */
  BACKUP_CRON: z
    .string()
    .trim()
    .default('30 2 * * *')
    .refine((v) => v === 'off' || isCron(v), 'five cron fields (minute hour day month weekday), or off'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** The server's address from outside, without a trailing slash (links in messages). */
  publicUrl: string;
  /** PUBLIC_URL was given; false: `publicUrl` is the `http://localhost:PORT` stand-in. */
  publicUrlSet: boolean;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  initialAdmin: { username: string; password: string | undefined };
  logLevel: Env['LOG_LEVEL'];
  session: { idleMs: number; maxAgeMs: number; cacheMs: number };
  login: { maxFailures: number; lockMs: number; ipMaxFailures: number; ratePerMinute: number };
  /** Requests per IP per minute to the public receipt and /gen-qr (against guessing references). */
  publicRatePerMinute: number;
  bodyLimit: number;
  trustProxy: boolean;
  corsOrigins: string[];
  webDist: string;
  pgPoolMax: number;
  platformTimezone: string;
  jobs: { workers: boolean; maintenanceSeconds: number };
  whatsapp: WhatsappConfig;
  email: EmailConfig;
  outbox: OutboxConfig;
  reset: { minResponseMs: number; ratePerMinute: number; codesPerIpHour: number };
  backup: BackupConfig;
  /** The largest intro video upload, in bytes (VIDEO_MAX_MB). */
  videoMaxBytes: number;
}

export interface BackupConfig {
  dir: string;
  keep: number;
  /** The daily backup's cron (platform time zone); null: no daily backup. */
  cron: string | null;
}

export interface WhatsappConfig {
  apiUrl: string;
  phoneNumberId: string | undefined;
  token: string | undefined;
  appSecret: string | undefined;
  verifyToken: string | undefined;
  ratePerSecond: number;
  recipientGapSeconds: number;
  /** Raw JSON of template overrides; parsed and checked by the outbox (templates.ts). */
  templates: string | undefined;
}

export interface EmailConfig {
  smtpUrl: string | undefined;
  from: string;
  ratePerSecond: number;
}

export interface OutboxConfig {
  maxAttempts: number;
  retryBaseSeconds: number;
  inDoubtSeconds: number;
  jobExpireSeconds: number;
}

/** A host only this machine reaches (the server listening there is a local one). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * Links in messages cannot be made: no PUBLIC_URL on a production server that listens beyond this
 * machine, where the `http://localhost:PORT` stand-in would send shops a link that opens nothing.
 * Sending invoices is refused then. A server on loopback (`npm start` on one's own machine, or
 * behind a proxy) only gets the startup warning: its localhost links open where it runs.
 */
export function publicUrlMissing(config: Pick<Config, 'publicUrlSet' | 'env' | 'host'>): boolean {
  return !config.publicUrlSet && config.env === 'production' && !isLoopbackHost(config.host);
}

/**
 * The startup warning when PUBLIC_URL is not set and people elsewhere are meant to use this server
 * (it listens beyond this machine, or NODE_ENV is production); null when there is nothing to say.
 */
export function publicUrlWarning(
  config: Pick<Config, 'publicUrlSet' | 'publicUrl' | 'env' | 'host'>,
): string | null {
  if (config.publicUrlSet || (config.env !== 'production' && isLoopbackHost(config.host))) return null;
  const refused = publicUrlMissing(config)
    ? 'sending rent invoices is refused until it is set'
    : `invoice links in WhatsApp messages point to ${config.publicUrl}, which shops cannot open`;
  return `PUBLIC_URL is not set: ${refused}. Set PUBLIC_URL to the address people open this server at (e.g. https://parkinghub.la).`;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
    databaseUrl: e.DATABASE_URL,
    initialAdmin: { username: e.INITIAL_ADMIN_USERNAME, password: e.INITIAL_ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      maxAgeMs: e.SESSION_MAX_DAYS * 86_400_000,
      cacheMs: e.SESSION_CACHE_SECONDS * 1000,
    },
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      lockMs: e.LOGIN_LOCK_MINUTES * 60_000,
      ipMaxFailures: e.LOGIN_IP_MAX_FAILURES,
      ratePerMinute: e.LOGIN_RATE_PER_MINUTE,
    },
    publicRatePerMinute: e.PUBLIC_RATE_PER_MINUTE,
    bodyLimit: e.BODY_LIMIT_BYTES,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDist: e.WEB_DIST,
    pgPoolMax: e.PG_POOL_MAX,
    platformTimezone: e.PLATFORM_TIMEZONE,
    jobs: { workers: e.JOBS_WORKERS, maintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS },
    whatsapp: {
      apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      token: e.WHATSAPP_TOKEN,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      ratePerSecond: e.WHATSAPP_RATE_PER_SECOND,
      recipientGapSeconds: e.WHATSAPP_RECIPIENT_GAP_SECONDS,
      templates: e.WHATSAPP_TEMPLATES,
    },
    email: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, ratePerSecond: e.EMAIL_RATE_PER_SECOND },
    outbox: {
      maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
      retryBaseSeconds: e.OUTBOX_RETRY_BASE_SECONDS,
      inDoubtSeconds: e.OUTBOX_IN_DOUBT_SECONDS,
      jobExpireSeconds: e.OUTBOX_JOB_EXPIRE_SECONDS,
    },
    reset: {
      minResponseMs: e.RESET_MIN_RESPONSE_MS,
      ratePerMinute: e.RESET_RATE_PER_MINUTE,
      codesPerIpHour: e.RESET_CODES_PER_IP_HOUR,
    },
    videoMaxBytes: e.VIDEO_MAX_MB * 1024 * 1024,
    backup: {
      dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
      keep: e.BACKUP_KEEP,
      cron: e.BACKUP_CRON === 'off' ? null : e.BACKUP_CRON,
    },
  };
}
