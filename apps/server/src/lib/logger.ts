import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** JSON logs for machines; readable lines when a person watches a terminal and pino-pretty is there. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const base = { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] };
  if (!process.stdout.isTTY) return base;
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return {
      ...base,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
      },
    };
  } catch {
    return base;
  }
}
