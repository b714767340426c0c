// The people of a spec: each spec makes its own fans and admins, so no spec depends on what
// another one (or the demo seed) did to a shared account. Fans are made through the API, as a
// visitor would; an admin through the operator's own tool, `create-admin`, on the e2e database.
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type PlaywrightWorkerArgs,
} from '@playwright/test';
import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { findMailedLink } from './outbox';

export const E2E_PASSWORD = 'e2e-secret-123';

export interface Account {
  email: string;
  password: string;
}

export interface Taste {
  topGenres: string[];
  dislikedGenres: string[];
  topArtists?: string[];
}

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const port = process.env.E2E_PORT ?? '3100';
type Playwright = PlaywrightWorkerArgs['playwright'];

/** The e2e server's DATA_DIR (start-server.mjs): its outbox and the embedded database's password. */
export const E2E_DATA_DIR = `${repoRoot}.data/e2e-${port}`;

/** An address nobody else uses: random, so specs (and reruns) never meet. */
export function uniqueEmail(label = 'e2e'): string {
  return `${label}-${randomBytes(6).toString('hex')}@example.com`;
}

/**
 * A client address of its own for each new account. Sign-ups are limited per address (10 an hour);
 * the e2e server trusts X-Forwarded-For from loopback only (TRUST_PROXY=loopback, as behind a local
 * proxy), so the browser's own requests still count as 127.0.0.1.
 */
function freshClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * Registers a fan through the API and, unless `taste` is null, completes the onboarding. The
 * context is signed out again afterwards (unless `keepSession`): the spec signs in as it needs.
 */
export async function createFan(
  request: APIRequestContext,
  {
    taste = { topGenres: ['Rock'], dislikedGenres: [] },
    label = 'fan',
    keepSession = false,
  }: {
    taste?: Taste | null;
    label?: string;
    /** Stay signed in (a page's own request context, say), instead of signing out at the end. */
    keepSession?: boolean;
  } = {},
): Promise<Account> {
  const account = { email: uniqueEmail(label), password: E2E_PASSWORD };
  const register = await request.post('/api/auth/register', {
    data: account,
    headers: { 'X-Forwarded-For': freshClientAddress() },
  });
  expect(register.status()).toBe(201);
  await confirmAddress(request, account);
  if (taste) {
    const onboarding = await request.put('/api/profile/onboarding', { data: taste });
    expect(onboarding.ok()).toBe(true);
  }
  if (!keepSession) expect((await request.post('/api/auth/logout')).ok()).toBe(true);
  return account;
}

/**
 * Opens the welcome mail's verification link where the fan is signed in (a fan's likes and 'Voy'
 * count only from a confirmed address): the account is theirs, nothing is taken back.
 */
async function confirmAddress(request: APIRequestContext, account: Account): Promise<void> {
  let link: string | null = null;
  await expect
    .poll(() => (link = findMailedLink(account.email, '/verificar-email')), {
      timeout: 15_000,
      message: `verification mail to ${account.email}`,
    })
    .not.toBeNull();
  const token = decodeURIComponent(link!.split('#token=')[1] ?? '');
  const verified = await request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.status()).toBe(200);
  expect(await verified.json()).toMatchObject({ choosePasswordPath: null });
}

/**
 * Signs in over the API from an address of its own, like the sign-ups: logins are limited per
 * address (30 in 15 minutes), and the whole suite signs in more often than that.
 */
export const logInOverApi = (request: APIRequestContext, account: Account) =>
  request.post('/api/auth/login', {
    data: account,
    headers: { 'X-Forwarded-For': freshClientAddress() },
  });

const run = promisify(execFile);

/**
 * A new admin, made by `create-admin` (the built dist/scripts/create-admin.js, run as an operator
 * would) on the e2e server's embedded database: with ADMIN_PASSWORD set, it creates the account,
 * verified, as an admin.
 */
export async function createAdmin(label = 'admin'): Promise<Account> {
  const account = { email: uniqueEmail(label), password: E2E_PASSWORD };
  // The embedded server's superuser and database (server/db/embedded*.ts); its password is the
  // one it keeps in DATA_DIR.
  const password = readFileSync(`${E2E_DATA_DIR}/postgres-password`, 'utf8').trim();
  const databasePort = process.env.E2E_POSTGRES_PORT ?? '54340';
  const { stdout } = await run(process.execPath, ['dist/scripts/create-admin.js', account.email], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${databasePort}/conciertos`,
      // ADMIN_PASSWORD goes with ADMIN_EMAIL (the config refuses it alone).
      ADMIN_EMAIL: account.email,
      ADMIN_PASSWORD: account.password,
    },
  });
  expect(stdout).toContain(`Cuenta ${account.email} creada como administrador.`);
  return account;
}

/**
 * Signs the account in over HTTP and saves the cookies to `file`, for `test.use({ storageState })`
 * or `browser.newContext({ storageState })`: one login per account and file (logins are limited).
 */
export async function saveSignedInState(
  playwright: Playwright,
  baseURL: string | undefined,
  account: Account,
  file: string,
): Promise<void> {
  const request = await playwright.request.newContext({ baseURL });
  expect((await logInOverApi(request, account)).ok()).toBe(true);
  writeFileSync(file, JSON.stringify(await request.storageState()));
  await request.dispose();
}

/**
 * A new admin (named after `label`) for the tests of this describe block, signed in once before
 * them: answers a new page signed in as that admin (close its context when done).
 */
export function useSignedInAdmin(label: string): (browser: Browser) => Promise<Page> {
  const stateFile = path.join(tmpdir(), `${label}-e2e-${process.pid}.json`);
  test.beforeAll(async ({ playwright }, testInfo) => {
    const admin = await createAdmin(label);
    await saveSignedInState(playwright, testInfo.project.use.baseURL, admin, stateFile);
  });
  test.afterAll(() => rmSync(stateFile, { force: true }));
  return async (browser) => (await browser.newContext({ storageState: stateFile })).newPage();
}

/** A fresh API context with no cookies, for making accounts in `beforeAll`. */
export async function newRequest(
  playwright: Playwright,
  baseURL: string | undefined,
): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL });
}
