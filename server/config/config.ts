// The only reader of process.env. Everything else receives a Config value.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import { envSchema } from './env-schema.js';
import { developmentSessionSecret, sessionSecretProblems } from './session-secret.js';
import { parseTrustProxy } from './trust-proxy.js';
import { importConfigOf, type ImportConfig } from './import-settings.js';
import { federationConfigOf, type FederationConfig } from './federation-settings.js';

export { ConfigError };

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
   * confirmed submissions waiting for review before new ones are refused; most confirmation
   * mails per hour, across all senders.
   */
  submissions: { minFillSeconds: number; queueMax: number; confirmationMailsPerHour: number };
  publicSiteUrl: string | undefined;
  analyticsScriptUrl: string | undefined;
  demoData: boolean;
  logLevel: string;
  /** bcrypt cost: 12, or 4 under NODE_ENV=test to keep tests fast. */
  bcryptCost: number;
  /**
   * This process's environment, whatever source the settings were read from: what the programs
   * the app starts inherit (pg_dump and pg_restore all of it, the embedded PostgreSQL's programs
   * only PATH and TZ).
   */
  processEnv: NodeJS.ProcessEnv;
  /** Concerts imported from sources (server/sources/). */
  import: ImportConfig;
  federation: FederationConfig;
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

/**
 * Parses the settings of `source` (the environment by default); throws ConfigError listing every
 * problem at once.
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  processEnv: NodeJS.ProcessEnv = process.env,
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const problems = sessionSecretProblems(env, production);
  if (production && !env.PUBLIC_URL) problems.push('PUBLIC_URL: obligatorio en producción');
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) problems.push('ADMIN_PASSWORD: requiere ADMIN_EMAIL');
  const google = pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, 'GOOGLE', problems);
  const spotify = pair(env.SPOTIFY_CLIENT_ID, env.SPOTIFY_CLIENT_SECRET, 'SPOTIFY', problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
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
      confirmationMailsPerHour: env.SUBMISSION_CONFIRMATION_MAILS_PER_HOUR,
    },
    publicSiteUrl: env.PUBLIC_SITE_URL,
    analyticsScriptUrl: env.ANALYTICS_SCRIPT_URL,
    // Demo data (and its demo admin) by default only in development with the embedded database;
    // production loads it only when DEMO_DATA=true says so, with random passwords (server/index.ts).
    demoData: env.DEMO_DATA ?? (!production && env.DATABASE_URL === undefined),
    logLevel: env.LOG_LEVEL,
    bcryptCost: env.NODE_ENV === 'test' ? 4 : 12,
    import: importConfigOf(env),
    federation: federationConfigOf(env, publicUrl),
    processEnv,
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
