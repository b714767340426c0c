// The first `npm start` anywhere. The real app is started as a child process with an
// empty environment (no LANG: initdb's SQL_ASCII trap), as root from a private folder, and as a
// non-root user with the Docker image's settings; each signs in and searches without accents.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { systemClusterDir } from '../server/db/embedded-binaries.js';
import {
  bareEnvironment,
  cloneApp,
  freePort,
  isAlive,
  startApp,
  type AppProcess,
} from './helpers/app-process.js';

// Each test creates a PostgreSQL cluster (initdb) and starts the whole app.
jest.setTimeout(120_000);

const isRoot = process.getuid?.() === 0;
const asRoot = isRoot ? it : it.skip;
const NOBODY = { uid: 65534, gid: 65534 };

function postmasterPid(clusterDir: string): number {
  return Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Signs in over HTTP as the app's own peer would, then finds 'Cançó de Bressol' as 'CANCO'. */
async function signInAndSearch(port: number, email: string, password: string): Promise<void> {
  const agent = request.agent(`http://127.0.0.1:${port}`);
  await agent.post('/api/auth/login').send({ email, password }).expect(200);
  await agent.post('/api/admin/bands').send({ name: 'Cançó de Bressol' }).expect(201);
  const found = await agent.get('/api/admin/bands/search').query({ q: 'CANCO' }).expect(200);
  expect((found.body as { bands: { name: string }[] }).bands.map((band) => band.name)).toContain(
    'Cançó de Bressol',
  );
}

/** SIGTERM as Docker and systemd send it: the app and its PostgreSQL end cleanly. */
async function stopCleanly(app: AppProcess, postgresPid: number): Promise<void> {
  app.child.kill('SIGTERM');
  expect(await app.exited).toBe(0);
  expect(app.output()).toContain('Apagado completo.');
  expect(isAlive(postgresPid)).toBe(false);
}

/** The last line the app wrote: the one that must say what to do. */
function lastLine(output: string): string {
  return output.trim().split('\n').at(-1) ?? '';
}

describe('first run', () => {
  const cleanup: string[] = [];
  const running: AppProcess[] = [];
  afterAll(async () => {
    for (const app of running) {
      if (app.child.exitCode === null && app.child.signalCode === null) {
        app.child.kill('SIGTERM');
        await app.exited;
      }
    }
    for (const dir of cleanup) rmSync(dir, { recursive: true, force: true });
  });

  asRoot(
    "as root, a clone in a 0700 home with an empty environment: postgres' programs and data go where it can reach them, UTF-8",
    async () => {
      const privateHome = mkdtempSync(path.join(tmpdir(), 'cm-root-home-'));
      chmodSync(privateHome, 0o700);
      const clone = path.join(privateHome, 'clone');
      cloneApp(clone);
      // No DATA_DIR: the default .data inside the clone, as after `git clone && npm start`.
      const dataDir = path.join(clone, '.data');
      const clusterDir = systemClusterDir(dataDir);
      cleanup.push(privateHome, clusterDir);
      const port = await freePort();
      const app = startApp(
        {
          ...bareEnvironment(privateHome),
          PORT: String(port),
          EMBEDDED_POSTGRES_PORT: String(await freePort()),
        },
        undefined,
        clone,
      );
      running.push(app);
      await app.listening;

      // The log says where the data went; it is owned by 'postgres' and private.
      expect(app.output()).toContain(clusterDir);
      const cluster = statSync(clusterDir);
      expect(cluster.uid).not.toBe(0);
      expect(cluster.mode & 0o777).toBe(0o700);
      // The server runs a copy of the programs outside the clone ('postgres' cannot enter it).
      const postgresPid = postmasterPid(clusterDir);
      expect(readlinkSync(`/proc/${postgresPid}/exe`)).toMatch(
        /^\/var\/lib\/conciertos-mallorca\/postgres-[^/]+\/bin\/postgres$/,
      );
      // The embedded server's random password is kept in DATA_DIR, readable by its owner only.
      const passwordFile = statSync(path.join(dataDir, 'postgres-password'));
      expect(passwordFile.mode & 0o777).toBe(0o600);

      // Development on an empty database: the documented demo accounts are printed.
      const admin = /admin@demo\.local \/ (\S+)/.exec(app.output());
      expect(admin?.[1]).toBe('demo-admin-1234');
      await signInAndSearch(port, 'admin@demo.local', admin![1]!);
      await stopCleanly(app, postgresPid);
    },
  );

  it("the Docker image's conditions: a non-root user, no LANG, NODE_ENV=production, data in DATA_DIR", async () => {
    const volume = mkdtempSync(path.join(tmpdir(), 'cm-volume-'));
    cleanup.push(volume);
    chmodSync(volume, 0o755);
    // The image's /data belongs to its non-root 'node' user; here 'nobody' plays that part.
    const user = isRoot ? NOBODY : undefined;
    const dataDir = path.join(volume, 'data');
    mkdirSync(dataDir);
    if (user) chownSync(dataDir, user.uid, user.gid);
    const port = await freePort();
    const adminPassword = randomBytes(12).toString('base64url');
    const sessionSecret = randomBytes(48).toString('base64url');
    const app = startApp(
      {
        ...bareEnvironment(dataDir),
        // The Dockerfile's ENV, and what an operator must add (docker-compose.yml requires it).
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        EMBEDDED_POSTGRES_PORT: String(await freePort()),
        SESSION_SECRET: sessionSecret,
        PUBLIC_URL: `http://localhost:${port}`,
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: adminPassword,
      },
      user,
    );
    running.push(app);
    await app.listening;

    const clusterDir = path.join(dataDir, 'postgres');
    if (user) expect(statSync(clusterDir).uid).toBe(user.uid);
    expect(statSync(path.join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600);
    // Production without DEMO_DATA=true: no demo accounts anybody could sign in with.
    expect(app.output()).not.toContain('demo.local');
    await request(`http://127.0.0.1:${port}`)
      .post('/api/auth/login')
      .send({ email: 'admin@demo.local', password: 'demo-admin-1234' })
      .expect(401);
    await signInAndSearch(port, 'admin@example.com', adminPassword);
    // The app's secrets stay out of the PostgreSQL server's environment.
    const postgresPid = postmasterPid(clusterDir);
    const postgresEnv = readFileSync(`/proc/${postgresPid}/environ`, 'utf8');
    expect(postgresEnv).toContain('LC_ALL=C');
    expect(postgresEnv).not.toContain(sessionSecret);
    expect(postgresEnv).not.toContain(adminPassword);
    await stopCleanly(app, postgresPid);
  });

  asRoot(
    "stops with one Spanish line when 'postgres' cannot reach an existing database",
    async () => {
      const privateHome = mkdtempSync(path.join(tmpdir(), 'cm-root-home-'));
      chmodSync(privateHome, 0o700);
      cleanup.push(privateHome);
      const dataDir = path.join(privateHome, 'data');
      // A database made earlier (e.g. by a normal user) inside a folder 'postgres' cannot enter.
      mkdirSync(path.join(dataDir, 'postgres'), { recursive: true });
      writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
      const app = startApp({
        ...bareEnvironment(privateHome),
        PORT: String(await freePort()),
        EMBEDDED_POSTGRES_PORT: String(await freePort()),
        DATA_DIR: dataDir,
      });
      running.push(app);
      expect(await app.exited).toBe(1);
      expect(lastLine(app.output())).toMatch(
        /^La base de datos embebida está en .*DATABASE_URL\.$/,
      );
      expect(app.output()).not.toMatch(/^\s+at /m);
    },
  );

  it('stops with one Spanish line when DATA_DIR cannot be created', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cm-home-'));
    cleanup.push(home);
    const app = startApp({
      ...bareEnvironment(home),
      PORT: String(await freePort()),
      DATA_DIR: '/dev/null/data',
    });
    running.push(app);
    expect(await app.exited).toBe(1);
    expect(lastLine(app.output())).toMatch(/DATA_DIR: no se puede escribir en \/dev\/null\/data/);
    expect(app.output()).not.toMatch(/^\s+at /m);
  });
});
