import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from '../server/config/config.js';
import { weakSessionSecretReason } from '../server/config/session-secret.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'cm-config-'));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('works with no configuration at all: embedded database, demo data, port 3000', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.google).toBeUndefined();
    // Development keeps a generated session secret in DATA_DIR so sessions survive restarts.
    const secretFile = path.join(dir, 'session-secret');
    expect(existsSync(secretFile)).toBe(true);
    expect(config.sessionSecret).toBe(readFileSync(secretFile, 'utf8'));
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('the fediverse is on by default where PUBLIC_URL is https, off in development, and as FEDERATION says', () => {
    const federationOf = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir(), ...env }).federation;
    expect(federationOf({})).toEqual({ enabled: false, allowPrivateAddress: false });
    expect(federationOf({ PUBLIC_URL: 'https://conciertos.example' }).enabled).toBe(true);
    expect(
      federationOf({ PUBLIC_URL: 'https://conciertos.example', FEDERATION: 'off' }).enabled,
    ).toBe(false);
    expect(federationOf({ FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESS: 'true' })).toEqual({
      enabled: true,
      allowPrivateAddress: true,
    });
    expect(problemsOf({ DATA_DIR: dataDir(), FEDERATION: 'sí' })[0]).toMatch(/^FEDERATION/);
  });

  it('demo data is off by default with an external database', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u:p@db/app' });
    expect(config.demoData).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/app', DEMO_DATA: 'true' })
        .demoData,
    ).toBe(true);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      PUBLIC_URL: 'not a url',
      ADMIN_EMAIL: 'nope',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/PUBLIC_URL/);
    expect(problems.join('\n')).toMatch(/ADMIN_EMAIL/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
  });

  it('the pool: 10 connections and a 5 s wait by default, a pool of 1 refused', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.database.poolSize).toBe(10);
    expect(config.database.poolTimeoutMs).toBe(5000);
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_POOL_TIMEOUT_MS: '800' }).database.poolTimeoutMs,
    ).toBe(800);
    // Half the pool may be held by background work; one connection would leave none to requests.
    const problems = problemsOf({
      DATA_DIR: dataDir(),
      DATABASE_POOL_SIZE: '1',
      DATABASE_POOL_TIMEOUT_MS: '0',
    });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/DATABASE_POOL_SIZE/);
    expect(problems.join('\n')).toMatch(/DATABASE_POOL_TIMEOUT_MS/);
  });

  it('ADMIN_PASSWORD follows the rules of a new password', () => {
    const base = { DATA_DIR: dataDir(), ADMIN_EMAIL: 'admin@example.com' };
    expect(problemsOf({ ...base, ADMIN_PASSWORD: '1234567' })).toEqual([
      'ADMIN_PASSWORD: debe tener de 8 caracteres a 72 bytes',
    ]);
    expect(problemsOf({ ...base, ADMIN_PASSWORD: 'ñ'.repeat(37) })).toEqual([
      'ADMIN_PASSWORD: debe tener de 8 caracteres a 72 bytes',
    ]);
    expect(problemsOf({ ...base, ADMIN_PASSWORD: 'Password1' })).toEqual([
      'ADMIN_PASSWORD: es una contraseña demasiado común',
    ]);
    expect(loadConfig({ ...base, ADMIN_PASSWORD: 'clave-admin' }).admin.password).toBe(
      'clave-admin',
    );
  });

  it('production requires SESSION_SECRET and PUBLIC_URL', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DATA_DIR: dataDir() });
    expect(problems).toEqual([
      'SESSION_SECRET: obligatorio en producción',
      'PUBLIC_URL: obligatorio en producción',
    ]);
  });

  it('production refuses a session secret that is short, public or easy to guess', () => {
    const production = (secret: string) =>
      problemsOf({
        NODE_ENV: 'production',
        DATA_DIR: dataDir(),
        PUBLIC_URL: 'https://conciertos.example.com',
        SESSION_SECRET: secret,
      });
    expect(production('short-secret')).toEqual([
      'SESSION_SECRET: debe tener al menos 32 caracteres',
    ]);
    expect(production('change-me-change-me-change-me-change-me')[0]).toMatch(
      /^SESSION_SECRET: es un valor público \(aparece en el repositorio\); en producción usa uno aleatorio/,
    );
    expect(production('abcdabcdabcdabcdabcdabcdabcdabcdabcd')[0]).toMatch(/repetido/);
    expect(production('aaaaaaaaaabbbbbbbbbbccccccccccdddddddddd')[0]).toMatch(
      /menos de 10 caracteres distintos/,
    );
    const secret = randomBytes(48).toString('base64url');
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://conciertos.example.com',
      SESSION_SECRET: secret,
    });
    expect(config.sessionSecret).toBe(secret);
    // The previous secret still verifies cookies: it must be as strong as the new one.
    const productionEnv = (current: string) => ({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://conciertos.example.com',
      SESSION_SECRET: current,
    });
    const previous = (value: string) =>
      problemsOf({ ...productionEnv(secret), SESSION_SECRET_PREVIOUS: value });
    expect(previous('change-me-change-me-change-me-change-me')).toEqual([
      expect.stringMatching(/^SESSION_SECRET_PREVIOUS: es un valor público/),
    ]);
    expect(previous('abcdabcdabcdabcdabcdabcdabcdabcdabcd')).toEqual([
      expect.stringMatching(/^SESSION_SECRET_PREVIOUS: es un trozo de texto repetido/),
    ]);
    const fine = randomBytes(48).toString('base64url');
    expect(loadConfig({ ...productionEnv(secret), SESSION_SECRET_PREVIOUS: fine })).toMatchObject({
      previousSessionSecret: fine,
    });
    // Development and tests keep accepting the fixtures' secrets.
    expect(
      loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: 'test-session-secret-test-session-secret' })
        .sessionSecret,
    ).toBe('test-session-secret-test-session-secret');
  });

  it('every session secret written in the repository is refused in production', () => {
    const files = spawnSync('git', ['ls-files'], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((file) => /\.(ts|tsx|mjs|js|yml|yaml|md|json|example|sh)$|^\.ci\//.test(file));
    const found = new Set<string>();
    for (const file of files) {
      if (!existsSync(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(
        /SESSION_SECRET(?:_PREVIOUS)?['"]?\s*(?:[:=]\s*['"]|=|:\s*\$\{SESSION_SECRET:-)([A-Za-z0-9_+/=.-]{16,})/g,
      )) {
        found.add(match[1]!);
      }
    }
    // The test fixtures' secret at least: the scan must find what it looks for.
    expect(found).toContain('test-session-secret-test-session-secret');
    // Pairs, so a failure names the secret that production would accept.
    for (const secret of found)
      expect([secret, weakSessionSecretReason(secret)]).not.toEqual([secret, undefined]);
  });

  it('production loads no demo data unless DEMO_DATA=true says so, even on the embedded database', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      PUBLIC_URL: 'https://conciertos.example.com',
      SESSION_SECRET: randomBytes(48).toString('base64url'),
    };
    expect(loadConfig(production).demoData).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('docker compose requires the session secret and defaults DEMO_DATA to false', () => {
    const compose = readFileSync('docker-compose.yml', 'utf8');
    expect(compose).toMatch(/SESSION_SECRET: \$\{SESSION_SECRET:\?[^}]+\}/);
    expect(compose).toMatch(/DEMO_DATA: \$\{DEMO_DATA:-false\}/);
  });

  it('an OAuth provider needs both its client id and secret', () => {
    expect(problemsOf({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: 'id' })).toEqual([
      'GOOGLE_CLIENT_ID y GOOGLE_CLIENT_SECRET van juntos: falta uno',
    ]);
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SPOTIFY_CLIENT_ID: 'id',
      SPOTIFY_CLIENT_SECRET: 'secret',
    });
    expect(config.spotify).toEqual({ clientId: 'id', clientSecret: 'secret' });
  });

  it('empty values count as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SMTP_URL: '', OPENAI_API_KEY: ' ' });
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.openai.apiKey).toBeUndefined();
  });

  it('TRUST_PROXY takes a hop count or addresses, and refuses true with the reason', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value });
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(trust('false').trustProxy).toBe(false);
    expect(trust('1').trustProxy).toBe(1);
    expect(trust('loopback, 10.0.0.0/8, fd00::/8').trustProxy).toBe(
      'loopback, 10.0.0.0/8, fd00::/8',
    );
    expect(trust('192.168.1.5').trustProxy).toBe('192.168.1.5');
    for (const value of ['true', 'TRUE', 'yes']) {
      const problems = problemsOf({ DATA_DIR: dataDir(), TRUST_PROXY: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^TRUST_PROXY: no se admite "true"/);
      expect(problems[0]).toContain('X-Forwarded-For'); // why
      expect(problems[0]).toMatch(/p\. ej\. 1\)/); // what to set instead
    }
    expect(problemsOf({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/40, proxy.local' })).toEqual([
      'TRUST_PROXY: "10.0.0.0/40, proxy.local" no es un número de proxies ni una dirección o red (p. ej. 1, o 10.0.0.0/8, 192.168.1.5, loopback)',
    ]);
  });
});
