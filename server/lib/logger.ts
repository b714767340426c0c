import { pino, type Logger } from 'pino';

export type { Logger };

/** Secrets and personal data that must never reach the logs. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-admin-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[oculto]' } });
}
