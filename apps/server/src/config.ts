import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
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
  };
}
