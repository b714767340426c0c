import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config.js';

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

  it('production requires SESSION_SECRET and PUBLIC_URL', () => {
    const problems = problemsOf({ NODE_ENV: 'production', DATA_DIR: dataDir() });
    expect(problems).toEqual([
      'SESSION_SECRET: obligatorio en producción',
      'PUBLIC_URL: obligatorio en producción',
    ]);
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
