// The only reader of process.env. Everything else receives a Config value.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { validate as isValidCron } from 'node-cron';
import { z } from 'zod';
import { passwordLengthProblem } from '../../common/rules.js';
import { isCommonPassword } from '../lib/password-policy.js';
import { weakSessionSecretReason } from './session-secret.js';

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

// Express's names for address ranges, usable in a TRUST_PROXY list.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const TRUST_PROXY_TRUE_PROBLEM =
  'no se admite "true": con "true" la app se fía de toda la cabecera X-Forwarded-For, cuyo primer ' +
  'valor escribe el propio cliente, que así elige su IP y esquiva los límites de intentos. Pon el ' +
  'número de proxies que hay delante de la app (p. ej. 1) o sus direcciones o redes ' +
  '(p. ej. 10.0.0.0/8 o loopback)';

const isProxyEntry = (entry: string) => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) ? Number(bits) <= max : isIP(bits) === 4 && max === 32;
};

/** A hop count or addresses/CIDRs (Express "trust proxy"), never true: see the problem text. */
function checkTrustProxy(value: string, ctx: z.RefinementCtx): void {
  const lower = value.toLowerCase();
  if (['true', 'yes', 'on'].includes(lower)) {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE_PROBLEM });
    return;
  }
  if (lower === 'false' || lower === 'no' || /^\d+$/.test(value)) return;
  const wrong = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => !isProxyEntry(entry));
  if (wrong.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message:
        `"${wrong.join(', ')}" no es un número de proxies ni una dirección o red ` +
        '(p. ej. 1, o 10.0.0.0/8, 192.168.1.5, loopback)',
    });
  }
}

const envSchema = z.object({
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
  // The rules of any new password (common/rules.ts), so the admin cannot start with a weak one.
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
  PUBLIC_SITE_URL: optionalUrl,
  ANALYTICS_SCRIPT_URL: optionalUrl,
  DEMO_DATA: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string | undefined;
  publicUrl: string;
  /** Express "trust proxy" value: false, a hop count or a list of addresses; never true. */
  trustProxy: false | number | string;
  database: {
    url: string | undefined;
    poolSize: number;
    /** Longest wait for a pool connection, in ms. */
    poolTimeoutMs: number;
    embeddedPort: number;
  };
  dataDir: string;
  sessionSecret: string;
  /** SESSION_SECRET_PREVIOUS: verified, never used to sign (see README, rotating the secret). */
  previousSessionSecret: string | undefined;
  metrics: {
    /** METRICS_TOKEN: /metrics on the app's port answers only with it; unset, /metrics is off. */
    token: string | undefined;
    /** METRICS_PORT: a port serving only /metrics, without token. */
    port: number | undefined;
    host: string;
  };
  backup: {
    /** BACKUP_CRON: when this instance writes a backup (Europe/Madrid); unset: never. */
    cron: string | undefined;
    /** How many backups the scheduled run keeps in dir (the oldest go). */
    keep: number;
    dir: string;
  };
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  openai: {
    apiKey: string | undefined;
    baseUrl: string | undefined;
    model: string;
    /** Timeout of one attempt of an AI call. */
    timeoutMs: number;
    /** Concerts per AI call. */
    batchSize: number;
    /** AI calls in flight at once in this process, all fans together. */
    concurrency: number;
    /** AI calls a day (Europe/Madrid), recommendations and descriptions, all instances together. */
    dailyCallLimit: number;
  };
  /** The URLs are overrides; unset means the provider's own endpoint. */
  google:
    | {
        clientId: string;
        clientSecret: string;
        authorizationUrl?: string;
        tokenUrl?: string;
        userinfoUrl?: string;
      }
    | undefined;
  spotify:
    | {
        clientId: string;
        clientSecret: string;
        authorizationUrl?: string;
        tokenUrl?: string;
        profileUrl?: string;
        /** Base of the Web API (default https://api.spotify.com). */
        apiUrl?: string;
      }
    | undefined;
  admin: { email: string | undefined; password: string | undefined; apiToken: string | undefined };
  weeklyEmailCron: string | undefined;
  /** The Madrid hour (0-23) from which the day's show reminders go out. */
  reminderHour: number;
  bandsFormUrl: string | undefined;
  /**
   * The band submissions form: least seconds between issuing it and accepting it; most
   * submissions waiting (unconfirmed or pending) before new ones are refused.
   */
  submissions: { minFillSeconds: number; queueMax: number };
  publicSiteUrl: string | undefined;
  analyticsScriptUrl: string | undefined;
  demoData: boolean;
  logLevel: string;
  /** bcrypt cost: 12, or 4 under NODE_ENV=test to keep tests fast. */
  bcryptCost: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuración no válida:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Every secret a session cookie or an unsubscribe link may be signed with: the current one first. */
export function sessionSecretsOf(config: Pick<Config, 'sessionSecret' | 'previousSessionSecret'>) {
  return config.previousSessionSecret
    ? [config.sessionSecret, config.previousSessionSecret]
    : [config.sessionSecret];
}

/** Already checked by checkTrustProxy: false, a hop count, or Express's comma-separated list. */
function parseTrustProxy(value: string | undefined): false | number | string {
  if (value === undefined || ['false', 'no'].includes(value.toLowerCase())) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** In development the secret is generated once and kept in DATA_DIR so sessions survive restarts. */
function developmentSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (error) {
    // A first run must end in one clear line, not a stack trace.
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ConfigError([
      `DATA_DIR: no se puede escribir en ${dataDir} (${code}); usa una carpeta en la que este usuario pueda escribir`,
    ]);
  }
}

function pair(
  id: string | undefined,
  secret: string | undefined,
  name: string,
  problems: string[],
) {
  if (id && secret) return { clientId: id, clientSecret: secret };
  if (id || secret)
    problems.push(`${name}_CLIENT_ID y ${name}_CLIENT_SECRET van juntos: falta uno`);
  return undefined;
}

/** Parses the environment; throws ConfigError listing every problem at once. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  if (production && !env.SESSION_SECRET) problems.push('SESSION_SECRET: obligatorio en producción');
  // The previous secret still verifies cookies, so a weak one is as open a door as a weak new one.
  for (const name of ['SESSION_SECRET', 'SESSION_SECRET_PREVIOUS'] as const) {
    const weakness = production && env[name] && weakSessionSecretReason(env[name]);
    if (weakness) {
      problems.push(
        `${name}: ${weakness}; en producción usa uno aleatorio y secreto, p. ej. openssl rand -base64 48`,
      );
    }
  }
  if (env.SESSION_SECRET_PREVIOUS && env.SESSION_SECRET_PREVIOUS === env.SESSION_SECRET)
    problems.push('SESSION_SECRET_PREVIOUS: es igual que SESSION_SECRET; pon el secreto anterior');
  if (env.SESSION_SECRET_PREVIOUS && !env.SESSION_SECRET)
    problems.push('SESSION_SECRET_PREVIOUS: requiere SESSION_SECRET (el secreto nuevo)');
  if (production && !env.PUBLIC_URL) problems.push('PUBLIC_URL: obligatorio en producción');
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) problems.push('ADMIN_PASSWORD: requiere ADMIN_EMAIL');
  const google = pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, 'GOOGLE', problems);
  const spotify = pair(env.SPOTIFY_CLIENT_ID, env.SPOTIFY_CLIENT_SECRET, 'SPOTIFY', problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    database: {
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      poolTimeoutMs: env.DATABASE_POOL_TIMEOUT_MS,
      embeddedPort: env.EMBEDDED_POSTGRES_PORT,
    },
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? developmentSessionSecret(dataDir),
    previousSessionSecret: env.SESSION_SECRET_PREVIOUS,
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT, host: env.METRICS_HOST },
    backup: {
      cron: env.BACKUP_CRON,
      keep: env.BACKUP_KEEP,
      dir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    openai: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL,
      model: env.OPENAI_MODEL,
      timeoutMs: env.OPENAI_TIMEOUT_MS,
      batchSize: env.RECOMMENDATION_BATCH_SIZE,
      concurrency: env.RECOMMENDATION_CONCURRENCY,
      dailyCallLimit: env.OPENAI_DAILY_CALL_LIMIT,
    },
    google: google && {
      ...google,
      authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      userinfoUrl: env.GOOGLE_USERINFO_URL,
    },
    spotify: spotify && {
      ...spotify,
      authorizationUrl: env.SPOTIFY_AUTHORIZATION_URL,
      tokenUrl: env.SPOTIFY_TOKEN_URL,
      profileUrl: env.SPOTIFY_PROFILE_URL,
      apiUrl: env.SPOTIFY_API_URL,
    },
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, apiToken: env.ADMIN_API_TOKEN },
    weeklyEmailCron: env.WEEKLY_EMAIL_CRON,
    reminderHour: env.REMINDER_HOUR,
    bandsFormUrl: env.BANDS_FORM_URL,
    submissions: {
      minFillSeconds: env.SUBMISSION_MIN_FILL_SECONDS,
      queueMax: env.SUBMISSION_QUEUE_MAX,
    },
    publicSiteUrl: env.PUBLIC_SITE_URL,
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
    // Demo data (and its demo admin) by default only in development with the embedded database;
    // production loads it only when DEMO_DATA=true says so, with random passwords (server/index.ts).
    demoData: env.DEMO_DATA ?? (!production && env.DATABASE_URL === undefined),
    logLevel: env.LOG_LEVEL,
    bcryptCost: env.NODE_ENV === 'test' ? 4 : 12,
  };
}

/** Loads the config for a process entry point: prints every problem and exits 1 when invalid. */
export function loadConfigOrExit(): Config {
  try {
    if (existsSync('.env')) process.loadEnvFile('.env');
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
