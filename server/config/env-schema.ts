// What each environment variable may hold (zod): a bad value is a problem named after its variable.
import { validate as isValidCron } from 'node-cron';
import { z } from 'zod';
import { passwordLengthProblem } from '../../common/auth/limits.js';
import { isCommonPassword } from '../lib/password-policy.js';
import { checkTrustProxy } from './trust-proxy.js';
import { importEnvShape } from './import-settings.js';
import { federationEnvShape } from './federation-settings.js';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url({ message: 'debe ser una URL (http:// o https://)' }).optional())
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((value) => (value === '' ? undefined : ['true', '1', 'yes'].includes(value)))
  .optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalString,
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: optionalString.pipe(z.string().superRefine(checkTrustProxy).optional()),
  DATABASE_URL: optionalString,
  // At least 2: half the pool (at least 1) may be held by background work, the rest serves requests.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  // How long anything waits for a pool connection before giving up (a request then answers 503).
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SESSION_SECRET: optionalString.pipe(
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  // The secret being replaced: still accepted (cookies, unsubscribe links), never used to sign.
  SESSION_SECRET_PREVIOUS: optionalString.pipe(
    z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  ),
  // /metrics on the app's port needs "Authorization: Bearer <METRICS_TOKEN>"; unset: 404.
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(24, 'debe tener al menos 24 caracteres').optional(),
  ),
  // A second port serving only /metrics, without token, on METRICS_HOST (loopback by default).
  METRICS_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d+$/, 'debe ser un número de puerto')
      .transform(Number)
      .pipe(z.number().int().min(1).max(65535))
      .optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  // Daily (or any) backups by this instance: cron in Europe/Madrid, e.g. '30 3 * * *'.
  BACKUP_CRON: optionalString.pipe(
    z
      .string()
      .refine(isValidCron, 'no es una expresión cron válida (p. ej. 30 3 * * *)')
      .optional(),
  ),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_DIR: optionalString,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Conciertos Mallorca <no-reply@conciertosmallorca.local>'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  // Per attempt (the AI gate retries, not the SDK). Capped so a hung AI cannot stall an agenda.
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(30000).default(30000),
  // 3 concerts per AI call: the product's batch size.
  RECOMMENDATION_BATCH_SIZE: z.coerce.number().int().min(1).max(50).default(3),
  // 8 calls in flight: with an AI answering in 500 ms, 300 concerts (100 batches) take about 7 s.
  RECOMMENDATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  // AI calls per Mallorca day, all instances together. 10,000 calls of ~750 prompt tokens + ~100
  // answer tokens cost about 2 USD with gpt-4o-mini, and score 30,000 concerts: 100 fans re-scoring
  // 300 concerts each. 0 turns the AI off.
  OPENAI_DAILY_CALL_LIMIT: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  SPOTIFY_CLIENT_ID: optionalString,
  SPOTIFY_CLIENT_SECRET: optionalString,
  // Endpoint overrides, so tests (and staging) can point the sign-in at a local OAuth peer.
  GOOGLE_AUTHORIZATION_URL: optionalUrl,
  GOOGLE_TOKEN_URL: optionalUrl,
  GOOGLE_USERINFO_URL: optionalUrl,
  SPOTIFY_AUTHORIZATION_URL: optionalUrl,
  SPOTIFY_TOKEN_URL: optionalUrl,
  SPOTIFY_PROFILE_URL: optionalUrl,
  SPOTIFY_API_URL: optionalUrl,
  ADMIN_EMAIL: optionalString.pipe(z.email('debe ser un email').optional()),
  // The rules of any new password (common/auth/limits.ts), so the admin cannot start with a weak one.
  ADMIN_PASSWORD: optionalString.pipe(
    z
      .string()
      .refine((value) => !passwordLengthProblem(value), 'debe tener de 8 caracteres a 72 bytes')
      .refine((value) => !isCommonPassword(value), 'es una contraseña demasiado común')
      .optional(),
  ),
  ADMIN_API_TOKEN: optionalString.pipe(
    z.string().min(24, 'debe tener al menos 24 caracteres').optional(),
  ),
  // Fires the 'real' weekly mail in Europe/Madrid time, e.g. '0 10 * * 1' (Mondays 10:00).
  WEEKLY_EMAIL_CRON: optionalString.pipe(
    z
      .string()
      .refine(isValidCron, 'no es una expresión cron válida (p. ej. 0 10 * * 1)')
      .optional(),
  ),
  // From this Madrid hour on, each day, fans who asked for it get the mail about tomorrow's
  // concerts they liked or go to (server/reminders).
  REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(10),
  BANDS_FORM_URL: optionalUrl,
  // The least time between opening 'Publica tus conciertos' and sending it: a person needs more,
  // a bot sends at once. 0 turns the check off (the browser tests).
  SUBMISSION_MIN_FILL_SECONDS: z.coerce.number().int().min(0).max(600).default(5),
  // Submissions waiting for their sender's confirmation or a review; a full queue refuses more.
  SUBMISSION_QUEUE_MAX: z.coerce.number().int().min(1).max(100000).default(500),
  // Confirmation mails the form sends per hour, whoever asks: the most it mails strangers.
  SUBMISSION_CONFIRMATION_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(10000).default(30),
  PUBLIC_SITE_URL: optionalUrl,
  ANALYTICS_SCRIPT_URL: optionalUrl,
  DEMO_DATA: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...importEnvShape,
  ...federationEnvShape,
});
